// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "record/RunRecord.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <string_view>

namespace holescope {

// The whole record of a run, "format": "holescope-run/1". Operators are numbered from 1 in
// schedule order, constants included: operator n is the one that runs while simrd's op_count is
// n, so every "op" field reads as simrd's ops_done. Scores are numbers; an infinite
// score is the string "inf"; a score that does not exist (an eager eviction, a lone candidate's
// runner-up) is null.
nlohmann::ordered_json runToJson(const std::string& trace, const PreparedTrace& prepared, const ReplayOptions& options,
                                 const RunRecord& record);

// Receives a text piece by piece (see writeRunJson).
using TextSink = std::function<void(std::string_view)>;

// The same text as runToJson(...).dump(), written piece by piece: a run recorded for millions of
// evictions would take about ten times its record's memory as one JSON value.
void writeRunJson(const TextSink& out, const std::string& trace, const PreparedTrace& prepared, const ReplayOptions& options,
                  const RunRecord& record);

// The per-operator samples as CSV, one line per model operator, with a header line.
std::string samplesToCsv(const Program& program, const RunRecord& record);

} // namespace holescope
