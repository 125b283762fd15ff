// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Replay.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace holescope::test {

// One file of simrd figures in the goldens' format: line 1 the baseline, then one replay a line.
struct GoldenFile {
    std::string trace;
    nlohmann::json baseline;
    std::vector<nlohmann::json> runs;
};

GoldenFile readGoldenFile(const std::string& path);

// Reads and prepares a trace; throws (failing the test) when the reader refuses it.
PreparedTrace loadTrace(const std::string& path);

ReplayOptions optionsFor(const nlohmann::json& run);

// The first difference between our replay and simrd's figures, in words; empty when equal.
// Compares outcome, ops_done, clock, remat_compute, max_memory, evictions, heuristic_evals (when
// present) and, entry by entry, evict_log and free_log (when present).
std::string firstDifference(const nlohmann::json& golden, const ReplayResult& ours);

// The first difference between two replays of ours, in words: every figure firstDifference
// compares, both logs (when `expected` kept them) and the certified interval; empty when equal.
// Its words name `actual` "ours" and `expected` "simrd".
std::string replayDifference(const ReplayResult& expected, const ReplayResult& actual);

// replayDifference, and also the step count, the deepest cascade and an unresolved run's reason:
// for two ways of running the same replay, which must agree on everything.
std::string wholeReplayDifference(const ReplayResult& expected, const ReplayResult& actual);

// The options replayed with the dense region store against the sparse one (which sums every
// region at once), in words as replayDifference gives them; empty when they decide alike.
std::string storeDifference(const PreparedTrace& t, ReplayOptions o);

// The first difference between our baseline and simrd's; empty when equal.
std::string baselineDifference(const nlohmann::json& golden, const Baseline& ours);

// Our replay in the goldens' format, for the .actual file written on a mismatch.
nlohmann::json asGoldenLine(const nlohmann::json& golden, const ReplayResult& ours);

} // namespace holescope::test
