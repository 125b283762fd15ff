// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Holes.h"
#include "sweep/Sweep.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace holescope {

struct AdviceRequest {
    int64_t budget = 0;
    int64_t window = 0;     // bytes examined on each side of the budget
    int64_t margin = 0;     // a failure closer than this makes a completing budget "near a hole"
    ReplayOptions replay;   // policy and options; the budget is ignored
    int jobs = 0;
    double maxSeconds = 0;  // for the whole examination; 0: no cap
};

enum class AdviceVerdict : uint8_t {
    Safe,        // completes, and no budget within the margin fails
    NearHole,    // completes, but a budget within the margin fails
    InHole,      // fails, with a completing budget below and above it in the window
    Fails,       // fails, and no hole holds it within the window
    Unknown,     // the budget itself, or (for a budget that completes, with no failure found
                 // within the margin) some budget within the margin, was not examined: the
                 // examination was stopped, or its replays there were cut short by a cap
};

const char* adviceVerdictName(AdviceVerdict v);   // safe near_hole in_hole fails unknown

struct Advice {
    AdviceVerdict verdict = AdviceVerdict::Unknown;
    SweepPoint at{};                       // the execution at the budget, when known
    bool atKnown = false;
    bool atCutShort = false;               // not known: a cap cut the replay of the budget itself short
    int64_t windowLo = 0, windowHi = 0;    // the bytes examined, every one of them certified
    int64_t certifiedBytes = 0;
    std::optional<Hole> hole;              // the hole the budget is in
    std::optional<int64_t> nearestFailure; // the failing budget nearest to it in the window, of those examined
    // Every byte nearer to the budget than nearestFailure was examined: none unexamined may fail nearer.
    bool nearestFailureCertain = false;
    bool nearestFailureInHole = false;     // with a completing budget examined on either side of it
    // A budget that completes with failures on both sides in the window, every byte between them
    // examined: the completing bytes it sits on, from the failure below to the failure above.
    struct Island {
        int64_t lo, hi;
    };
    std::optional<Island> island;
    // The nearest budget >= the budget that completes and has no failing budget within the
    // margin on either side (inside the window), with its execution; none in the window.
    std::optional<SweepPoint> safe;
    // A failing budget: the largest completing budget below it in the window.
    std::optional<SweepPoint> below;
    std::vector<SweepPoint> points;        // the certified sweep of the window
    bool stopped = false;
    int64_t marginUnexamined = 0;          // bytes within the margin of the budget no resolved replay speaks for
    int64_t aboveUnexamined = 0;           // bytes of the window above the budget no resolved replay speaks for
};

// Examines every byte of [budget - window, budget + window] (a certified sweep) and says where
// the budget sits: safe, near a hole, in a hole, or below every completing budget; and which
// budget to use instead.
Advice adviseBudget(const PreparedTrace& trace, const AdviceRequest& request, const std::atomic<bool>* cancel = nullptr);

// The judgement of adviseBudget from the certified sweep of the window (points in ascending
// order; stopped: the sweep was cut short).
Advice adviceFromSweep(const Baseline& baseline, const AdviceRequest& request, std::vector<SweepPoint> points, bool stopped);

} // namespace holescope
