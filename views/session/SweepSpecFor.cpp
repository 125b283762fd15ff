// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/SweepSpecFor.h"

namespace holescope {

SweepSpec sweepSpecFor(const Baseline& baseline, const SweepSettings& s, const std::vector<int32_t>& protect)
{
    SweepSpec spec;
    spec.from = budgetForRatio(baseline, s.from);
    spec.to = budgetForRatio(baseline, s.to);
    if (!s.exact) {
        spec.grid = ratioGrid(baseline, s.from, s.to, s.step);
        spec.refine = s.refine;
    }
    spec.replay = replayOptionsFor(s, protect);
    spec.replay.maxSeconds = s.maxSeconds.value_or(0.0);
    return spec;
}

ReplayOptions replayOptionsFor(const SweepSettings& s, const std::vector<int32_t>& protect)
{
    ReplayOptions o;
    o.overheadLimit = s.overheadLimit;
    o.protect = protect;
    if (auto policy = parsePolicy(s.policy); std::holds_alternative<Policy>(policy))
        o.policy = std::get<Policy>(std::move(policy));
    return o;
}

} // namespace holescope
