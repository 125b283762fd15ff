// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace holescope::test {

// The structural rules of the Chrome trace-event format that Perfetto and chrome://tracing rely
// on, as far as holescope's exports use it: known phases with their required fields, slices on
// one thread that nest and never overlap, async begin/end pairs with unique ids, flows with one
// start and one end that each fall inside a slice of their thread, a name for every process,
// and every process's events in time order. Returns one line per problem (empty: valid).
std::vector<std::string> traceEventProblems(const nlohmann::json& file);

} // namespace holescope::test
