// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace holescope {

// One CSV cell as RFC 4180 writes it: as is, or in double quotes (its quotes doubled) when it
// holds a comma, a quote or a line break. A formula policy, "formula:min(a,b)", is one cell.
std::string csvField(std::string_view text);

} // namespace holescope
