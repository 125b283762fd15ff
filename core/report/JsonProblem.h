// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace holescope {

// nlohmann's message without its own id ("[json.exception.type_error.302] "): the user needs what
// is wrong (and, for a parse error, the line and column), not where in the library it was found.
// A key not found reads "missing".
std::string jsonProblem(const nlohmann::json::exception& e);

} // namespace holescope
