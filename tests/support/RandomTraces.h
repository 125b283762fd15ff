// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/PreparedTrace.h"
#include "sim/Replay.h"

#include <cstdint>
#include <string>

namespace holescope::test {

// A small random trace in the DTR log format, with what the DTR traces have little of: outputs
// that alias an argument's storage while the operator has other arguments, aliases of evicted
// storages, several outputs, zero costs, and releases at random. Aliases are where regions kept
// as simrd keeps them stop being fresh walks.
// The same seed gives the same text on every platform (std::mt19937, no distributions).
std::string randomAliasTrace(uint32_t seed);

// "random-alias-SEED.log": the name figures measured on the trace go by.
std::string randomAliasTraceName(uint32_t seed);

// The trace read and prepared under its name; throws (failing the test) when the reader refuses it.
PreparedTrace preparedRandomAliasTrace(uint32_t seed);

// Case i (from 1) of a random trace's replays: a step cap every third case, an overhead limit
// every fourth, and every fifth a protected storage chosen by the seed.
void addCaseLimits(ReplayOptions& o, const PreparedTrace& t, uint32_t seed, int i);

} // namespace holescope::test
