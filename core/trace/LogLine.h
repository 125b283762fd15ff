// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "trace/TraceError.h"
#include "trace/TraceLimits.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace holescope {

enum class LogKind : uint8_t { Constant, Memory, Copy, Release, Call, Mutate, Annotate, CopyFrom, Alias };

// One decoded line of a DTR prototype log. Only the fields of its kind are filled.
struct LogLine {
    LogKind kind = LogKind::Annotate;
    int64_t line = 0;
    std::string name;                  // NAME
    std::string dst, src;              // COPY, COPY_FROM
    std::string annotation;            // ANNOTATE
    std::vector<std::string> args;     // CALL, MUTATE
    std::vector<std::string> results;  // CALL
    std::vector<int64_t> mutate;       // MUTATE
    int64_t time = 0;                  // CALL, MUTATE
    int64_t memory = 0;                // MEMORY
    int64_t alias = -1;                // ALIAS
};

const char* logKindName(LogKind kind);

// Decodes one line; on failure fills `error` (file and line included) and returns nothing.
std::optional<LogLine> decodeLogLine(std::string_view text, int64_t lineNo, const std::string& file,
                                     const TraceLimits& limits, TraceError& error);

// Whether simrd reads a line it then skips (one before ANNOTATE START): a JSON object with a known
// INSTRUCTION and the keys that instruction has, whatever their values (simrd looks them up, and
// converts nothing until after START).
bool readableBeforeStart(std::string_view text);

} // namespace holescope
