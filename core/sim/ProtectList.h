// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace holescope {

// Reads a protection list as users type it, "3131, 932": storage ids separated by commas,
// spaces around them allowed. A repeated id is kept once, where it first appears (a list that
// names one storage twice protects the same storages as one that names it once, and should say
// so when echoed). An empty text is an empty list; an empty item ("1,,2", "1,") is an error
// rather than skipped, since it is more likely a lost id than a stray comma. Whether the ids name
// storages of a trace is for unknownStorages to tell. On error: what was wrong, quoting it.
std::variant<std::vector<int32_t>, std::string> parseProtectList(std::string_view text);

} // namespace holescope
