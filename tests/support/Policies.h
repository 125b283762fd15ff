// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "policy/Policy.h"

#include <string>
#include <vector>

namespace holescope::test {

// The policy of that name (as the command line takes it); throws (failing the test) when the
// name is not one.
Policy policyNamed(const std::string& name);

// Every policy that reads regions (the others never build them).
extern const std::vector<std::string> kRegionPolicies;

} // namespace holescope::test
