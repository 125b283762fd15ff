// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Holes.h"
#include "sweep/Sweep.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace holescope {

// What a sweep was asked to do, as its output records it (and merge checks).
struct SweepHeader {
    std::string trace;
    std::string traceDigest;          // programDigest(); files written before it have none
    int64_t baselineMemory = 0;
    std::optional<int64_t> baselineCompute;   // files written before it have none (and no overheads)
    std::string mode;                 // "grid" or "certified"
    int64_t from = 0, to = 0;         // bytes
    std::optional<double> fromRatio, toRatio, step;
    int64_t refine = 0;
    std::optional<double> overheadLimit;
    std::vector<int32_t> protect;
    std::string policy = "dtr";       // policyName(); files written before policies had none: dtr
    // Each replay's caps (0: none); nullopt in files written before they were kept. A capped
    // shard's unresolved points must not merge into an uncapped sweep.
    std::optional<int64_t> maxSteps;
    std::optional<double> maxSeconds;
    int shard = 1, shards = 1;
};

// The bytes a sweep covers, how many of them its points certify, and the executions and
// unresolved runs it found there. A whole sweep covers the range asked for, [from, to] (a
// grid's first budget below `from` widens it); a shard, its own part of it, and it counts the
// executions and unresolved runs whose first byte in the range lies in that part: the shards'
// figures add up to the merged sweep's, though a shard's points may reach beyond its part
// (under monotone, an execution two shards reach only through budgets that fall back to it is
// counted by both: a shard does not see where the other's points start).
struct SweepCoverage {
    int64_t lo = 0, hi = -1;   // the bytes covered
    int64_t rangeBytes = 0;
    int64_t certifiedBytes = 0;
    int64_t executions = 0;
    int64_t unresolved = 0;
};
SweepCoverage sweepCoverage(const SweepHeader& header, const std::vector<SweepPoint>& points);

// One run's figures, as replay --json and every point of a sweep give them (overhead only when the
// baseline's compute is known; outside_operator for a failure; reason for an unresolved run;
// execution_budget for the monotone policy, null where none completes).
nlohmann::ordered_json pointToJson(const SweepPoint& p, int64_t baselineMemory, std::optional<int64_t> baselineCompute,
                                   bool monotone = false);

// "format": "holescope-sweep/1". Depends only on the header and the points, so a sweep's shards
// merge into the very bytes of the whole sweep, whatever the threads.
nlohmann::ordered_json sweepToJson(const SweepHeader& header, const std::vector<SweepPoint>& points, bool stopped);
// One line per point. `policy` (policyName()) fills a column of its own, so that the CSVs of several
// policies can be concatenated and still told apart.
std::string sweepToCsv(const std::vector<SweepPoint>& points, const Baseline& baseline, const std::string& policy);
// Cells shared by the CSVs of sweep points: "certified_lo,certified_hi" (both empty for an
// unresolved run, the upper one for no upper bound), and "outside_operator" ("true" or "false" for
// a failure, empty otherwise, as the JSON has the field on failures only).
std::string certifiedCsvCells(const SweepPoint& p);
std::string outsideOperatorCsvCell(const SweepPoint& p);

// Reads a sweep written by sweepToJson; on failure says why (naming the field).
bool sweepFromJson(const nlohmann::json& j, SweepHeader& header, std::vector<SweepPoint>& points, bool& stopped, std::string& error);

// "format": "holescope-holes/1".
nlohmann::ordered_json holesToJson(const SweepHeader& header, const std::vector<Hole>& holes, const std::vector<SweepPoint>& points,
                                   bool stopped);

} // namespace holescope
