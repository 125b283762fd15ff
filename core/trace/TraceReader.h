// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "trace/Program.h"
#include "trace/TraceError.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace holescope {

struct TraceLimits {
    // A trace larger than this is refused before it is read, so that a wrong file never
    // makes the machine swap. The DTR logs are a few MB.
    int64_t maxFileBytes = int64_t{1} << 30;
    // Sizes and times above these are not a real training step but a corrupt file.
    int64_t maxTensorBytes = int64_t{1} << 50;
    int64_t maxOpTime = int64_t{1} << 50;
};

// Either the parsed program or the reason it was refused; never a partial program.
using TraceLoad = std::variant<Program, TraceError>;

// Reads a DTR prototype log (JSON lines) exactly as simrd's parse_file(start=True) does,
// and refuses every input on which simrd would fail or which is not a trace at all.
TraceLoad readTraceFile(const std::string& path, const TraceLimits& limits = {});
TraceLoad parseTrace(std::string_view text, const std::string& displayName,
                     const TraceLimits& limits = {});

} // namespace holescope
