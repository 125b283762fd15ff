// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Sweep.h"

#include <cstdint>
#include <vector>

namespace holescope {

// A feasibility hole: budgets that fail although a smaller and a larger budget complete.
struct Hole {
    int64_t loBudget, hiBudget;   // inclusive: exact edges, or the lowest and highest bytes known to
                                  // fail (the extents of the outermost failing executions)
    double loRatio, hiRatio;      // of the baseline peak
    bool exact;                   // every byte from loBudget to hiBudget is known to fail, and the
                                  // bytes just outside are known to complete
    int64_t spanLo, spanHi;       // the bytes between the completing executions around the hole
    bool gapsInside = false;      // bytes between its failing executions were not examined: a
                                  // completing budget may hide there, making it several holes
    int64_t executions;           // distinct executions among the failing points
    Outcome outcome;              // the failure of the lowest failing point
    bool mixed;                   // some failing points fail otherwise
    int64_t widthBytes() const { return hiBudget - loBudget + 1; }
    // Its edges are exact (the span around it is its extent), whether or not its inside was all examined.
    bool edgesExact() const { return spanLo == loBudget && spanHi == hiBudget; }

    // The failure of the lowest failing execution; filled by describeFailure.
    int64_t failureOp = 0;        // operators done when it failed
    bool failureOutside = false;  // in a read of the trace after operator failureOp, no operator under way
    int64_t pinnedBytes = -1;     // resident and not evictable at that moment
    int32_t cascadeDepth = -1;    // deepest rebuild nesting during the failing operator
};

// The holes among sweep points (ascending by budget). Unresolved points bound no hole.
std::vector<Hole> findHoles(const std::vector<SweepPoint>& points, const Baseline& baseline);

// Certifies every byte between the completing executions around each hole that is not exact
// yet (a certified sweep of that span, within spec.maxSeconds in all) and merges the new points
// into `sweep`. A hole's interior may turn out to hold completing budgets: find the holes again
// afterwards.
void certifyHoles(const PreparedTrace& trace, const SweepSpec& spec, const std::vector<Hole>& holes, SweepResult& sweep,
                  const std::atomic<bool>* cancel = nullptr);

// Replays the hole's lowest failing budget to say how it fails (see failureSignature).
void describeFailure(const PreparedTrace& trace, const ReplayOptions& options, Hole& hole);

} // namespace holescope
