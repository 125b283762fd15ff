// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

namespace holescope::test {

// A small random trace in the DTR log format, with what the DTR traces have little of: outputs
// that alias an argument's storage while the operator has other arguments, aliases of evicted
// storages, several outputs, zero costs, and releases at random. Aliases are where regions kept
// as simrd keeps them stop being fresh walks.
// The same seed gives the same text on every platform (std::mt19937, no distributions).
std::string randomAliasTrace(uint32_t seed);

} // namespace holescope::test
