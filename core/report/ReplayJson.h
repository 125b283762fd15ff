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

// A run's certified interval as JSON: [lo, hi], with hi null when every larger budget gives the
// same execution (no number a JSON reader's doubles would round); null for a run a cap cut short,
// which is no whole execution and certifies nothing.
nlohmann::ordered_json certifiedToJson(Outcome outcome, int64_t lo, int64_t hi);
// Reads certifiedToJson's output back (a number for hi, too, as files before null have it);
// false when it is neither.
bool certifiedFromJson(const nlohmann::json& j, Outcome outcome, int64_t budget, int64_t& lo, int64_t& hi);

// A heuristic score as JSON: a number; an infinite score is the string "inf"; a score that does
// not exist (NaN: an eager eviction, a lone candidate's runner-up) is null.
nlohmann::ordered_json scoreToJson(double score);

} // namespace holescope
