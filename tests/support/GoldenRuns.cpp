// SPDX-License-Identifier: GPL-3.0-or-later
#include "GoldenRuns.h"

#include "trace/TraceReader.h"

#include <fstream>
#include <stdexcept>

namespace holescope::test {

GoldenFile readGoldenFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error("cannot open " + path);
    GoldenFile g;
    std::string line;
    while (std::getline(in, line)) {
        nlohmann::json j = nlohmann::json::parse(line);
        if (j.contains("baseline")) {
            g.trace = j.at("trace").get<std::string>();
            g.baseline = j.at("baseline");
        } else {
            g.runs.push_back(std::move(j));
        }
    }
    return g;
}

PreparedTrace loadTrace(const std::string& path)
{
    TraceLoad load = readTraceFile(path);
    if (auto* e = std::get_if<TraceError>(&load))
        throw std::runtime_error(e->toString());
    return prepareTrace(std::move(std::get<Program>(load)));
}

ReplayOptions optionsFor(const nlohmann::json& run)
{
    ReplayOptions o;
    o.budget = run.at("budget").get<int64_t>();
    if (run.contains("overhead_limit") && !run.at("overhead_limit").is_null())
        o.overheadLimit = run.at("overhead_limit").get<double>();
    if (run.contains("protect"))
        o.protect = run.at("protect").get<std::vector<int32_t>>();
    o.logEvents = true;
    return o;
}

nlohmann::json asGoldenLine(const nlohmann::json& golden, const ReplayResult& r)
{
    nlohmann::json j;
    j["ratio"] = golden.value("ratio", nlohmann::json());
    j["budget"] = r.budget;
    j["overhead_limit"] = golden.value("overhead_limit", nlohmann::json());
    j["protect"] = golden.value("protect", nlohmann::json::array());
    j["outcome"] = outcomeName(r.outcome);
    j["ops_done"] = r.opsDone;
    j["clock"] = r.clock;
    j["remat_compute"] = r.rematCompute;
    j["max_memory"] = r.maxMemory;
    j["evictions"] = r.evictions;
    j["heuristic_evals"] = r.heuristicEvals;
    auto& e = j["evict_log"] = nlohmann::json::array();
    for (const EvictEntry& x : r.evictLog)
        e.push_back({x.op, x.storage, x.bytes});
    auto& f = j["free_log"] = nlohmann::json::array();
    for (const FreeEntry& x : r.freeLog)
        f.push_back({x.op, x.bytesShort});
    return j;
}

std::string firstDifference(const nlohmann::json& golden, const ReplayResult& ours)
{
    const nlohmann::json actual = asGoldenLine(golden, ours);
    for (const char* key : {"outcome", "ops_done", "clock", "remat_compute", "max_memory", "evictions", "heuristic_evals"}) {
        if (!golden.contains(key))
            continue;
        if (golden.at(key) != actual.at(key))
            return std::string(key) + ": ours " + actual.at(key).dump() + ", simrd " + golden.at(key).dump();
    }
    for (const char* key : {"evict_log", "free_log"}) {
        if (!golden.contains(key))
            continue;
        const auto& a = actual.at(key);
        const auto& g = golden.at(key);
        for (size_t i = 0; i < std::max(a.size(), g.size()); ++i) {
            const std::string ai = i < a.size() ? a[i].dump() : "(none)";
            const std::string gi = i < g.size() ? g[i].dump() : "(none)";
            if (ai != gi)
                return std::string(key) + " entry " + std::to_string(i) + ": ours " + ai + ", simrd " + gi;
        }
    }
    return {};
}

std::string replayDifference(const ReplayResult& expected, const ReplayResult& actual)
{
    std::string diff = firstDifference(asGoldenLine(nlohmann::json::object(), expected), actual);
    if (diff.empty() && (expected.certifiedLo != actual.certifiedLo || expected.certifiedHi != actual.certifiedHi))
        diff = "certified interval";
    return diff;
}

std::string wholeReplayDifference(const ReplayResult& expected, const ReplayResult& actual)
{
    std::string diff = replayDifference(expected, actual);
    if (diff.empty() && (expected.steps != actual.steps || expected.maxDepth != actual.maxDepth || expected.reason != actual.reason))
        diff = "step count, cascade depth or reason";
    return diff;
}

std::string storeDifference(const PreparedTrace& t, ReplayOptions o)
{
    o.logEvents = true;
    o.regions = RegionStore::Dense;
    const ReplayResult dense = replay(t, o);
    o.regions = RegionStore::Sparse;
    const std::string diff = replayDifference(replay(t, o), dense);
    return diff.empty() ? diff : "dense (ours) against sparse (simrd): " + diff;
}

std::string baselineDifference(const nlohmann::json& golden, const Baseline& b)
{
    const std::pair<const char*, int64_t> fields[] = {{"baseline_memory", b.memory},
                                                      {"baseline_compute", b.compute},
                                                      {"baseline_const", b.constBytes},
                                                      {"baseline_bottleneck", b.bottleneck},
                                                      {"ops", b.ops}};
    for (const auto& [key, value] : fields)
        if (golden.at(key).get<int64_t>() != value)
            return std::string(key) + ": ours " + std::to_string(value) + ", simrd " + golden.at(key).dump();
    return {};
}

} // namespace holescope::test
