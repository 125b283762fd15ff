// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Baseline.h"
#include "sim/Replay.h"

#include <nlohmann/json.hpp>

#include <string>

namespace holescope {

// The replay as the CLI's --json prints it; field names and meanings as in simrd's goldens.
nlohmann::ordered_json replayToJson(const std::string& trace, const Baseline& baseline, const ReplayOptions& options,
                                    const ReplayResult& result, bool withEvents);

nlohmann::ordered_json baselineToJson(const Baseline& baseline);

// A heuristic score as JSON: a number; an infinite score is the string "inf"; a score that does
// not exist (NaN: an eager eviction, a lone candidate's runner-up) is null.
nlohmann::ordered_json scoreToJson(double score);

} // namespace holescope
