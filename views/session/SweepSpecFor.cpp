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
    spec.replay.overheadLimit = s.overheadLimit;
    spec.replay.protect = protect;
    return spec;
}

} // namespace holescope
