// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/OpenTrace.h"

#include <cstdint>
#include <string>

namespace holescope {

// The figures of the trace summary panel.
struct TraceSummary {
    std::string name, path;
    int64_t lines = 0, operators = 0, constants = 0, backwardOperators = 0, tensors = 0, storages = 0;
    Baseline baseline;
};

TraceSummary summarizeTrace(const OpenTrace& trace);

} // namespace holescope
