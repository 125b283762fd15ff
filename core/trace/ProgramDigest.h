// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "trace/Program.h"

#include <string>

namespace holescope {

// A fingerprint of what a replay reads from a trace (operators' names, costs, sizes, aliases and
// arguments, and the schedule): 16 hexadecimal digits of FNV-1a. Two traces with the same
// digest replay alike; a sweep's shards carry it so that shards of different traces never merge.
std::string programDigest(const Program& program);

} // namespace holescope
