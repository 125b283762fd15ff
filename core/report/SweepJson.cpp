// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/SweepJson.h"

#include "policy/Policy.h"
#include "report/JsonProblem.h"
#include "report/ReplayJson.h"
#include "sweep/SweepGrid.h"
#include "text/CsvField.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace holescope {
namespace {

using Json = nlohmann::ordered_json;

Json optional(const std::optional<double>& v)
{
    return v ? Json(*v) : Json();
}

double overheadOf(int64_t rematCompute, int64_t baselineCompute)
{
    Baseline b;
    b.compute = baselineCompute;
    return holescope::overheadOf(rematCompute, b);
}

Json headerJson(const SweepHeader& h, const char* format)
{
    Json j;
    j["format"] = format;
    j["trace"] = h.trace;
    if (!h.traceDigest.empty())
        j["trace_digest"] = h.traceDigest;
    j["baseline_memory"] = h.baselineMemory;
    if (h.baselineCompute)
        j["baseline_compute"] = *h.baselineCompute;
    j["mode"] = h.mode;
    j["from"] = h.from;
    j["to"] = h.to;
    j["from_ratio"] = optional(h.fromRatio);
    j["to_ratio"] = optional(h.toRatio);
    j["step"] = optional(h.step);
    j["refine"] = h.refine;
    j["overhead_limit"] = optional(h.overheadLimit);
    j["protect"] = h.protect;
    j["policy"] = h.policy;
    if (h.maxSteps)
        j["max_steps"] = *h.maxSteps > 0 ? Json(*h.maxSteps) : Json();
    if (h.maxSeconds)
        j["max_seconds"] = *h.maxSeconds > 0 ? Json(*h.maxSeconds) : Json();
    if (h.shards > 1)
        j["shard"] = std::to_string(h.shard) + "/" + std::to_string(h.shards);
    return j;
}

Json coverageJson(const SweepHeader& h, const std::vector<SweepPoint>& points, bool stopped)
{
    const SweepCoverage coverage = sweepCoverage(h, points);
    return {{"range_bytes", coverage.rangeBytes},
            {"certified_bytes", coverage.certifiedBytes},
            {"executions", coverage.executions},
            {"unresolved", coverage.unresolved},
            {"stopped", stopped}};
}

Outcome outcomeFrom(const std::string& s, bool& ok)
{
    for (Outcome o : {Outcome::Complete, Outcome::Oom, Outcome::OverheadExceeded, Outcome::Unresolved})
        if (s == outcomeName(o))
            return o;
    ok = false;
    return Outcome::Unresolved;
}

// A count a file gives (bytes, steps): an integer of at least `least`. nlohmann would take a
// fraction or 1e30 without a word (the latter as nonsense).
bool countFromJson(const nlohmann::json& v, const std::string& field, int64_t least, int64_t& out, std::string& error)
{
    if (v.is_number_unsigned() && v.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        error = "field \"" + field + "\": out of range (at most " + std::to_string(std::numeric_limits<int64_t>::max()) + "), found " + v.dump();
        return false;
    }
    if (!v.is_number_integer() || v.get<int64_t>() < least) {
        error = "field \"" + field + "\": expected an integer of at least " + std::to_string(least) + ", found " + v.dump();
        return false;
    }
    out = v.get<int64_t>();
    return true;
}

// The sweep's settings. Each reader below sets `field` to what it is reading, so that the
// caller can name it when nlohmann throws.
bool headerFromJson(const nlohmann::json& j, SweepHeader& h, std::string& field, std::string& error)
{
    if (j.at("format") != "holescope-sweep/1") {
        error = "field \"format\": expected \"holescope-sweep/1\", found " + j.at("format").dump();
        return false;
    }
    field = "trace";
    h.trace = j.at("trace").get<std::string>();
    field = "trace_digest";
    h.traceDigest = j.contains("trace_digest") ? j.at("trace_digest").get<std::string>() : std::string();
    field = "baseline_memory";
    if (!countFromJson(j.at("baseline_memory"), field, 0, h.baselineMemory, error))
        return false;
    field = "baseline_compute";
    if (j.contains("baseline_compute")) {
        int64_t compute = 0;
        if (!countFromJson(j.at("baseline_compute"), field, 0, compute, error))
            return false;
        h.baselineCompute = compute;
    }
    field = "mode";
    h.mode = j.at("mode").get<std::string>();
    field = "from";
    if (!countFromJson(j.at("from"), field, 0, h.from, error))
        return false;
    field = "to";
    if (!countFromJson(j.at("to"), field, 0, h.to, error))
        return false;
    auto opt = [&](const char* key, std::optional<double>& v) {
        field = key;
        v = j.at(key).is_null() ? std::nullopt : std::optional<double>(j.at(key).get<double>());
    };
    opt("from_ratio", h.fromRatio);
    opt("to_ratio", h.toRatio);
    opt("step", h.step);
    if (h.mode != "grid" && h.mode != "certified") {
        error = "field \"mode\": expected \"grid\" or \"certified\", found " + j.at("mode").dump();
        return false;
    }
    // A grid's budgets follow from its range and step (merge rebuilds them); a certified sweep has no step.
    if (h.mode == "grid" ? !(h.step && std::isfinite(*h.step) && *h.step > 0) : h.step.has_value()) {
        error = "field \"step\": expected " + std::string(h.mode == "grid" ? "a ratio above 0 for a grid" : "null for a certified sweep")
                + ", found " + j.at("step").dump();
        return false;
    }
    opt("overhead_limit", h.overheadLimit);
    field = "refine";
    if (!countFromJson(j.at("refine"), field, 0, h.refine, error))
        return false;
    field = "protect";
    h.protect = j.at("protect").get<std::vector<int32_t>>();
    field = "policy";
    h.policy = j.contains("policy") ? j.at("policy").get<std::string>() : "dtr";
    // No cap is null (a sweep never writes 0 or less); absent (a file of a holescope before
    // caps), the cap stays unset.
    field = "max_steps";
    if (j.contains("max_steps"))
        h.maxSteps = 0;
    if (j.contains("max_steps") && !j.at("max_steps").is_null()) {
        int64_t steps = 0;
        if (!countFromJson(j.at("max_steps"), field, 1, steps, error))
            return false;
        h.maxSteps = steps;
    }
    field = "max_seconds";
    if (j.contains("max_seconds"))
        h.maxSeconds = 0.0;
    if (j.contains("max_seconds") && !j.at("max_seconds").is_null()) {
        const auto& v = j.at("max_seconds");
        if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>())) {
            error = "field \"max_seconds\": expected null or seconds above 0, found " + v.dump();
            return false;
        }
        h.maxSeconds = v.get<double>();
    }
    field = "shard";
    h.shard = h.shards = 1;
    if (j.contains("shard")) {
        const std::string s = j.at("shard").get<std::string>();
        if (std::sscanf(s.c_str(), "%d/%d", &h.shard, &h.shards) != 2 || h.shard < 1 || h.shard > h.shards) {
            error = "field \"shard\": expected K/N, found \"" + s + "\"";
            return false;
        }
    }
    if (h.shards > 100000) {
        error = "field \"shard\": at most 100000 shards, found \"" + j.at("shard").get<std::string>() + "\"";
        return false;
    }
    if (h.to > (int64_t{1} << 62)) {
        error = "field \"to\": out of range (at most 2^62 bytes), found " + std::to_string(h.to);
        return false;
    }
    if (h.from > h.to) {
        error = "field \"from\": " + std::to_string(h.from) + ", above \"to\" (" + std::to_string(h.to) + ")";
        return false;
    }
    return true;
}

// One point, named `point` ("points[3]") in errors, with the field at fault.
bool pointFromJson(const nlohmann::json& q, SweepPoint& p, const std::string& point, std::string& error)
{
    const auto fail = [&](const std::string& name, const std::string& what) {
        error = "field \"" + point + (name.empty() ? "" : "." + name) + "\": " + what;
        return false;
    };
    if (!q.is_object())
        return fail("", "expected an object, found " + q.dump());
    // The fields in the order read, so that a missing one is named.
    for (const char* name : {"budget", "outcome", "ops_done", "clock", "remat_compute", "max_memory", "evictions", "max_cascade_depth",
                             "certified"})
        if (!q.contains(name))
            return fail(name, "missing");
    // A number past int64 (1e30), a fraction or a negative count would be taken without a word, as nonsense.
    int64_t depth = 0;
    for (auto [name, out] : {std::pair{"budget", &p.budget}, {"ops_done", &p.opsDone}, {"clock", &p.clock}, {"remat_compute", &p.rematCompute},
                             {"max_memory", &p.maxMemory}, {"evictions", &p.evictions}, {"max_cascade_depth", &depth}})
        if (!countFromJson(q.at(name), point + "." + name, 0, *out, error))
            return false;
    if (depth > std::numeric_limits<int32_t>::max())
        return fail("max_cascade_depth", "out of range (at most " + std::to_string(std::numeric_limits<int32_t>::max()) + "), found " + std::to_string(depth));
    p.maxDepth = static_cast<int32_t>(depth);
    if (!q.at("outcome").is_string())
        return fail("outcome", "expected a string, found " + q.at("outcome").dump());
    bool ok = true;
    p.outcome = outcomeFrom(q.at("outcome").get<std::string>(), ok);
    if (!ok)
        return fail("outcome", "unknown outcome " + q.at("outcome").dump());
    if (q.contains("reason")) {
        if (!q.at("reason").is_string())
            return fail("reason", "expected a string, found " + q.at("reason").dump());
        p.reason = q.at("reason").get<std::string>();
    } else if (p.outcome == Outcome::Unresolved) {
        return fail("reason", "missing (an unresolved run says why it was stopped)");
    }
    if (q.contains("outside_operator")) {   // absent from files written before it was kept
        if (!q.at("outside_operator").is_boolean())
            return fail("outside_operator", "expected true or false, found " + q.at("outside_operator").dump());
        p.outsideOperator = q.at("outside_operator").get<bool>();
    }
    if (q.contains("heuristic_evals") && !countFromJson(q.at("heuristic_evals"), point + ".heuristic_evals", 0, p.heuristicEvals, error))
        return false;
    if (q.contains("execution_budget") && !q.at("execution_budget").is_null()) {
        if (!countFromJson(q.at("execution_budget"), point + ".execution_budget", 0, p.executionBudget, error))
            return false;
        if (p.executionBudget > p.budget)
            return fail("execution_budget", "expected null or a budget of at most the point's " + std::to_string(p.budget) + ", found " + q.at("execution_budget").dump());
    }
    if (!certifiedFromJson(q.at("certified"), p.outcome, p.budget, p.certifiedLo, p.certifiedHi))
        return fail("certified", "expected [lo, hi] (null for a run a cap cut short), found " + q.at("certified").dump());
    if (p.certifiedLo > p.budget || p.budget > p.certifiedHi || p.certifiedLo < 0)
        return fail("", "budget " + std::to_string(p.budget) + " outside its certified interval");
    // A failure compared "memory in use plus request" above its budget: a larger one passes that.
    if (p.failed() && p.certifiedHi == std::numeric_limits<int64_t>::max())
        return fail("certified", "a failing run's interval has an upper end, found " + q.at("certified").dump());
    return true;
}

} // namespace

SweepCoverage sweepCoverage(const SweepHeader& h, const std::vector<SweepPoint>& points)
{
    SweepCoverage c;
    const int64_t rangeLo = h.mode == "grid" && !points.empty() ? std::min(h.from, points.front().budget) : h.from;
    c.lo = rangeLo;
    c.hi = h.to;
    if (h.shards > 1 && h.mode == "certified") {
        SweepSpec spec;
        spec.from = h.from;
        spec.to = h.to;
        spec.shard = h.shard;
        spec.shards = h.shards;
        const CertifiedPart part = certifiedPartOf(spec);
        c.lo = part.from;
        c.hi = part.to;
    } else if (h.shards > 1 && h.step) {
        // A grid shard's block ends at the next block's first budget, which both replay.
        const std::vector<int64_t> grid =
            gridBudgetsOf(h.baselineMemory, GridRange{.from = h.from, .to = h.to, .fromRatio = h.fromRatio, .toRatio = h.toRatio, .step = *h.step});
        const GridBlock block = gridBlockOf(static_cast<int64_t>(grid.size()), h.shard, h.shards);
        c.lo = block.first >= static_cast<int64_t>(grid.size()) ? h.to + 1 : h.shard == 1 ? rangeLo : grid[static_cast<size_t>(block.first)];
        c.hi = block.next < static_cast<int64_t>(grid.size()) ? grid[static_cast<size_t>(block.next)] - 1 : h.to;
    }
    c.rangeBytes = std::max<int64_t>(c.hi - c.lo + 1, 0);
    c.certifiedBytes = certifiedBytes(points, c.lo, c.hi);
    // Each execution and each unresolved run is counted by the part that holds its first byte in
    // the range, so that the shards' counts add up to the merged sweep's.
    std::vector<SweepPoint> own;
    for (const SweepPoint& p : points) {
        const int64_t first = std::max(p.outcome == Outcome::Unresolved ? p.budget : p.certifiedLo, rangeLo);
        if (c.lo <= first && first <= c.hi)
            own.push_back(p);
    }
    const std::vector<SweepPoint>& counted = h.shards > 1 ? own : points;
    c.executions = distinctExecutions(counted);
    c.unresolved = unresolvedCount(counted);
    return c;
}

Json pointToJson(const SweepPoint& p, int64_t baselineMemory, std::optional<int64_t> baselineCompute, bool monotone)
{
    Json q;
    q["budget"] = p.budget;
    q["ratio"] = ratioOfPeak(p.budget, baselineMemory);
    q["outcome"] = outcomeName(p.outcome);
    if (p.outcome == Outcome::Unresolved)
        q["reason"] = p.reason;
    q["ops_done"] = p.opsDone;
    if (p.failed())   // failed in a read of the trace after operator ops_done, none under way
        q["outside_operator"] = p.outsideOperator;
    q["clock"] = p.clock;
    q["remat_compute"] = p.rematCompute;
    if (baselineCompute)
        q["overhead"] = overheadOf(p.rematCompute, *baselineCompute);
    q["max_memory"] = p.maxMemory;
    q["evictions"] = p.evictions;
    q["max_cascade_depth"] = p.maxDepth;
    if (p.heuristicEvals >= 0)
        q["heuristic_evals"] = p.heuristicEvals;
    q["certified"] = certifiedToJson(p.outcome, p.certifiedLo, p.certifiedHi);
    if (monotone)
        q["execution_budget"] = p.executionBudget >= 0 ? Json(p.executionBudget) : Json();
    return q;
}

Json sweepToJson(const SweepHeader& h, const std::vector<SweepPoint>& points, bool stopped)
{
    Json j = headerJson(h, "holescope-sweep/1");
    auto& out = j["points"] = Json::array();
    const auto policy = parsePolicy(h.policy);
    const bool monotone = std::holds_alternative<Policy>(policy) && std::get<Policy>(policy).kind == PolicyKind::Monotone;
    for (const SweepPoint& p : points)
        out.push_back(pointToJson(p, h.baselineMemory, h.baselineCompute, monotone));
    j["coverage"] = coverageJson(h, points, stopped);
    return j;
}

// The CSV's certified_lo and certified_hi: empty where the JSON has null.
std::string certifiedCsvCells(const SweepPoint& p)
{
    if (p.outcome == Outcome::Unresolved)
        return ",";
    return std::to_string(p.certifiedLo) + "," + (p.certifiedHi == std::numeric_limits<int64_t>::max() ? "" : std::to_string(p.certifiedHi));
}

std::string outsideOperatorCsvCell(const SweepPoint& p)
{
    if (!p.failed())
        return {};
    return p.outsideOperator ? "true" : "false";
}

std::string sweepToCsv(const std::vector<SweepPoint>& points, const Baseline& baseline, const std::string& policy)
{
    // Columns added later go last, so that readers by position keep working. execution_budget is
    // monotone's (the JSON's), empty for other policies and where DTR completes at no budget;
    // reason is an unresolved run's (the JSON's), empty for the others.
    std::string out =
        "budget,ratio,outcome,ops_done,clock,remat_compute,max_memory,evictions,max_cascade_depth,certified_lo,certified_hi,heuristic_evals,overhead,"
        "outside_operator,policy,execution_budget,reason\n";
    const std::string policyCell = csvField(policy);
    for (const SweepPoint& p : points) {
        char ratio[32], overhead[32];
        std::snprintf(ratio, sizeof ratio, "%.9f", ratioOfPeak(p.budget, baseline.memory));
        std::snprintf(overhead, sizeof overhead, "%.9f", holescope::overheadOf(p.rematCompute, baseline));
        out += std::to_string(p.budget) + "," + ratio + "," + outcomeName(p.outcome) + "," + std::to_string(p.opsDone) + ","
               + std::to_string(p.clock) + "," + std::to_string(p.rematCompute) + "," + std::to_string(p.maxMemory) + ","
               + std::to_string(p.evictions) + "," + std::to_string(p.maxDepth) + "," + certifiedCsvCells(p) + ","
               + (p.heuristicEvals >= 0 ? std::to_string(p.heuristicEvals) : std::string()) + "," + overhead + ","
               + outsideOperatorCsvCell(p) + "," + policyCell + "," + (p.executionBudget >= 0 ? std::to_string(p.executionBudget) : std::string()) + ","
               + (p.outcome == Outcome::Unresolved ? csvField(p.reason) : std::string()) + "\n";
    }
    return out;
}

bool sweepFromJson(const nlohmann::json& j, SweepHeader& h, std::vector<SweepPoint>& points, bool& stopped, std::string& error)
{
    if (!j.is_object()) {
        error = "expected a sweep (a JSON object), found " + std::string(j.type_name());
        return false;
    }
    std::string field = "format";
    try {
        if (!headerFromJson(j, h, field, error))
            return false;
        field = "points";
        if (!j.at("points").is_array()) {
            error = "field \"points\": expected a list, found " + j.at("points").dump().substr(0, 40);
            return false;
        }
        points.clear();
        size_t index = 0;
        for (const auto& q : j.at("points")) {
            SweepPoint p{};
            field = "points[" + std::to_string(index++) + "]";
            if (!pointFromJson(q, p, field, error))
                return false;
            // A sweep writes its points by ascending budget, each once: a point copied or moved by hand is not one.
            if (!points.empty() && p.budget <= points.back().budget) {
                error = "field \"" + field + ".budget\": " + std::to_string(p.budget) + ", not above the point before it ("
                        + std::to_string(points.back().budget) + ")";
                return false;
            }
            points.push_back(std::move(p));
        }
        field = "coverage";
        if (!j.at("coverage").is_object() || !j.at("coverage").contains("stopped") || !j.at("coverage").at("stopped").is_boolean()) {
            error = "field \"coverage\": expected an object whose \"stopped\" is true or false, found " + j.at("coverage").dump().substr(0, 60);
            return false;
        }
        stopped = j.at("coverage").at("stopped").get<bool>();
    } catch (const nlohmann::json::exception& e) {
        error = "field \"" + field + "\": " + jsonProblem(e);
        return false;
    }
    return true;
}

Json holesToJson(const SweepHeader& h, const std::vector<Hole>& holes, const std::vector<SweepPoint>& points, bool stopped)
{
    Json j = headerJson(h, "holescope-holes/1");
    auto& out = j["holes"] = Json::array();
    for (const Hole& x : holes)
        out.push_back({{"lo_budget", x.loBudget},
                       {"hi_budget", x.hiBudget},
                       {"lo_ratio", x.loRatio},
                       {"hi_ratio", x.hiRatio},
                       {"width", x.widthBytes()},
                       {"exact", x.exact},
                       {"edges_within", {x.spanLo, x.spanHi}},
                       {"executions", x.executions},
                       {"outcome", outcomeName(x.outcome)},
                       {"mixed_outcomes", x.mixed},
                       {"gaps_inside", x.gapsInside},
                       {"failure_op", x.failureOp},
                       {"failure_outside_operator", x.failureOutside},
                       {"pinned_bytes", x.pinnedBytes},
                       {"cascade_depth", x.cascadeDepth}});
    // A hole needs a completing budget on either side: without any, "no hole" says nothing.
    j["completing_points"] = std::count_if(points.begin(), points.end(), [](const SweepPoint& p) { return p.outcome == Outcome::Complete; });
    j["coverage"] = coverageJson(h, points, stopped);
    return j;
}

} // namespace holescope
