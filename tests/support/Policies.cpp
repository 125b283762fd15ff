// SPDX-License-Identifier: GPL-3.0-or-later
#include "Policies.h"

#include <stdexcept>
#include <variant>

namespace holescope::test {

Policy policyNamed(const std::string& name)
{
    auto parsed = parsePolicy(name);
    if (const std::string* error = std::get_if<std::string>(&parsed))
        throw std::runtime_error(name + ": " + *error);
    return std::get<Policy>(parsed);
}

const std::vector<std::string> kRegionPolicies = {
    "dtr", "msps", "twophase", "size2", "stale2", "foresight", "ablation:estar-size", "ablation:estar-stale", "ablation:estar",
    "formula:estar_compute / (size * staleness + 1)",
};

} // namespace holescope::test
