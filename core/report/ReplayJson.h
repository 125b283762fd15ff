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

} // namespace holescope
