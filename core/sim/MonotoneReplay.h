// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The monotone policy, a walk over DTR's executions; included by ReplayEngine.h.

#include "sim/ReplayEngine.h"

namespace holescope::detail {

// The monotone policy at budget B runs DTR's execution at B* = the largest budget <= B where
// DTR completes. That execution never holds more than B* <= B bytes, so it is valid at B, and
// whenever B completes every larger budget does too: feasibility is monotone by construction.
// B* is found by walking down DTR's certified intervals from B (each failing execution gives
// the lowest budget that repeats it), down to the policy's floor: by default the baseline's
// floor (Baseline::floor), below which nothing can complete (simrd's bottleneck is no such
// bound: it counts an input read twice twice); with a higher floor the search stops there
// (the policy is then "the largest completing budget in [floor, B]", monotone just the same).
// The certified interval is DTR's at B: where B completes, that execution's; where B fails,
// every budget of B's failing interval falls back to the same B*, since nothing between B* and
// that interval completes. So certified sweeps of the monotone policy tile the range as DTR's do.
template <typename Recorder>
ReplayResult runMonotone(const PreparedTrace& trace, const ReplayOptions& options, Recorder& recorder)
{
    ReplayOptions dtr = options;
    dtr.policy = Policy{};
    int64_t b = options.budget;
    const int64_t floor = options.policy.floor >= 0 ? options.policy.floor : trace.baseline.floor;
    // Every budget of B's own interval under DTR fails as B does, and nothing between B* and
    // that interval completes: they all fall back to B*. That interval is the certified one.
    int64_t ownLo = 0, ownHi = 0;
    for (;;) {
        std::optional<ExecutionCache::Known> known = options.executions ? options.executions->find(b) : std::nullopt;
        if (!known) {
            dtr.budget = b;
            NullRecorder none;
            const ReplayResult r = runEngine(trace, dtr, none);
            if (r.outcome == Outcome::Unresolved) {
                dtr.budget = options.budget;
                return runEngine(trace, dtr, recorder);   // undecided: the cap or cancel shows at B
            }
            known = ExecutionCache::Known{r.certifiedLo, r.certifiedHi, r.outcome == Outcome::Complete};
            if (options.executions)
                options.executions->add(*known);
        }
        if (known->complete)
            break;
        if (b == options.budget) {
            ownLo = known->lo;
            ownHi = known->hi;
        }
        if (known->lo <= floor) {
            dtr.budget = options.budget;   // nothing down to the floor completes: DTR's failure at B is the answer
            ReplayResult failed = runEngine(trace, dtr, recorder);
            failed.certifiedLo = std::max<int64_t>(0, failed.certifiedLo);
            return failed;
        }
        b = known->lo - 1;
    }
    dtr.budget = b;
    ReplayResult r = runEngine(trace, dtr, recorder);
    r.budget = options.budget;
    r.executionBudget = b;
    if (b != options.budget) {
        r.certifiedLo = ownLo;
        r.certifiedHi = ownHi;
    }
    return r;
}

} // namespace holescope::detail
