// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "forensics/PairExplanation.h"
#include "sim/Baseline.h"

#include <string>

namespace holescope {

// The explanation as a story in plain words, with the numbers; lines end with '\n'.
std::string explanationToText(const std::string& trace, const Baseline& baseline, const PairExplanation& x);

} // namespace holescope
