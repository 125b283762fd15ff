// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/JsonProblem.h"

namespace holescope {

std::string jsonProblem(const nlohmann::json::exception& e)
{
    std::string what = e.what();
    if (const size_t close = what.find("] "); what.starts_with("[json.exception.") && close != std::string::npos)
        what.erase(0, close + 2);
    if (e.id == 403)   // out_of_range: a key not found
        what = "missing";
    return what;
}

} // namespace holescope
