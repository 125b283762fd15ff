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

} // namespace holescope
