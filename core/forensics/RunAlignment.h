// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "forensics/PairExplanation.h"
#include "record/RunRecord.h"

namespace holescope {

// Two replays of the same trace and options are identical up to the first budget check that
// comes out differently; this finds it. op -1: they never diverge.
Divergence firstDivergence(const RunRecord& failing, const RunRecord& completing);

// The eviction at events[evictEvent] of `side`'s record described as a divergence.
Divergence divergenceAt(const RunRecord& record, PairSide side, size_t evictEvent);

} // namespace holescope
