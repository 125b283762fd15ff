// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "trace/Program.h"
#include "trace/TraceError.h"
#include "trace/TraceLimits.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace holescope {

// Either the parsed program or the reason it was refused; never a partial program.
using TraceLoad = std::variant<Program, TraceError>;

// Reads a DTR prototype log (JSON lines) exactly as simrd's parse_file(start=True) does,
// and refuses every input on which simrd would fail or which is not a trace at all.
TraceLoad readTraceFile(const std::string& path, const TraceLimits& limits = {});
TraceLoad parseTrace(std::string_view text, const std::string& displayName,
                     const TraceLimits& limits = {});

} // namespace holescope
