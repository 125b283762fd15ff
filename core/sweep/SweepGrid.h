// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Sweep.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace holescope {

// A grid sweep's range as the user gave it: each end in bytes, and as a ratio of the peak when
// it was typed as one. The grid is a function of this and the peak alone, so that merge can
// rebuild the grid a shard was cut from.
struct GridRange {
    int64_t from = 0, to = 0;   // bytes, inclusive
    std::optional<double> fromRatio, toRatio;
    double step = 0.001;        // ratio of the peak
};

// How many budgets the grid will have (an estimate, before building it, to refuse a grid too
// large to hold).
double gridSizeOf(int64_t peak, const GridRange& range);

// From a ratio, the ratios typed: int(peak * (from + k * step)) up to `to` in whichever unit it
// came (one step past it, cut at its bytes). From bytes, which have no ratios to step through,
// every step's bytes (at least one) from `from`.
std::vector<int64_t> gridBudgetsOf(int64_t peak, const GridRange& range);

// The indices [first, last) of the grid that shard K of N replays: a contiguous block, with the
// next block's first budget too, so that every bracket between neighbours is refined by exactly
// one shard; `next` is the next block's first index (the grid's size for the last).
struct GridBlock {
    int64_t first = 0, last = 0, next = 0;
};
GridBlock gridBlockOf(int64_t gridSize, int shard, int shards);

// The bytes [from, to] of a certified sweep's range that shard K of N covers (empty: from > to).
struct CertifiedPart {
    int64_t from = 0, to = -1;
};
CertifiedPart certifiedPartOf(const SweepSpec& spec);

// A budget of the sweep's (or its shard's) part that the points of a run that was not stopped
// ought to account for and do not, and what it is. A point removed from a sweep's file shows this
// way; nullopt when the points account for the part. After an unresolved point nothing can be said
// until the next point: its file keeps no interval.
struct MissingPoint {
    enum class Kind {
        GridBudget,   // a budget of the grid with no point
        Bisection,    // a budget refinement replayed, between two grid neighbours of different outcomes
        Bytes,        // in a certified sweep, a byte after a resolved execution (or the part's first) no execution covers
    };
    Kind kind;
    int64_t budget;             // the grid budget, the bisection's budget, or the first byte
    int64_t below = 0, above = 0;   // Bisection: the grid neighbours it refined between
};
std::optional<MissingPoint> firstMissingPoint(const SweepSpec& spec, const std::vector<SweepPoint>& points);

// The budget of the first point (points by ascending budget) that the sweep's (or its shard's) part
// would not have replayed: off its grid block (off the grid itself when nothing is refined), or
// with an execution outside a certified part's bytes. A point added to a sweep's file shows this way.
std::optional<int64_t> firstStrayPoint(const SweepSpec& spec, const std::vector<SweepPoint>& points);

} // namespace holescope
