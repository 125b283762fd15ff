// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Advice.h"

#include <nlohmann/json.hpp>

#include <string>

namespace holescope {

// "format": "holescope-advice/1".
nlohmann::ordered_json adviceToJson(const std::string& trace, const Baseline& baseline, const AdviceRequest& request, const Advice& advice);
std::string adviceToText(const std::string& trace, const Baseline& baseline, const AdviceRequest& request, const Advice& advice);

} // namespace holescope
