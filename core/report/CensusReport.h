// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Census.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace holescope {

// "format": "holescope-census/1".
nlohmann::ordered_json censusToJson(const CensusSpec& spec, const std::vector<CensusRow>& rows);
std::string censusToCsv(const std::vector<CensusRow>& rows);
std::string censusToText(const CensusSpec& spec, const std::vector<CensusRow>& rows);
// The grid and the limit, as the table's first line and the figure's subtitle give them:
// "ratios 0.050000 to 1.000000 every 0.010000, no overhead limit".
std::string censusGridText(const CensusSpec& spec);

} // namespace holescope
