// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "forensics/PairExplanation.h"
#include "sim/Baseline.h"

#include <nlohmann/json.hpp>

#include <string>

namespace holescope {

// "format": "holescope-explain/1": everything the text report says, and the full lists.
nlohmann::ordered_json explanationToJson(const std::string& trace, const Baseline& baseline, const PairExplanation& x);

} // namespace holescope
