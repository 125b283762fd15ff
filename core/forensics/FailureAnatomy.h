// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "forensics/PairExplanation.h"
#include "record/RunRecord.h"

namespace holescope {

// How a recorded run ended: the operator it stopped in, the rebuilds under way in it, and the
// memory at that moment. For a completing run, the last operator.
FailureAnatomy failureAnatomy(const Program& program, const RunRecord& record);

} // namespace holescope
