// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

namespace holescope {

// Why a trace was rejected: the file, the 1-based line (0 when the problem is the file as a
// whole), the JSON field concerned (empty when none) and what was expected or found.
struct TraceError {
    std::string file;
    int64_t line = 0;
    std::string field;
    std::string message;

    std::string toString() const
    {
        std::string s = file;
        if (line > 0)
            s += ":" + std::to_string(line);
        s += ": ";
        if (!field.empty())
            s += "field \"" + field + "\": ";
        return s + message;
    }
};

} // namespace holescope
