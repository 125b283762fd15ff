// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace holescope::test {

// One bad trace of each class the reader must refuse, with a fragment of the message it must
// give (naming the file, line and field) when the file is called `fileName`.
struct BadTrace {
    std::string tag, text, message;
};

std::vector<BadTrace> badTraces(const std::string& fileName);

} // namespace holescope::test
