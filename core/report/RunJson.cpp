// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/RunJson.h"

#include "report/ReplayJson.h"

#include <cmath>

namespace holescope {
namespace {

using Json = nlohmann::ordered_json;

Json eventToJson(const Program& p, const RunRecord& record, const RunEvent& e)
{
    Json j;
    j["kind"] = eventKindName(e.kind);
    j["op"] = e.op;
    j["clock"] = e.clock;
    j["memory"] = e.memory;
    switch (e.kind) {
    case EventKind::Compute:
        j["name"] = p.ops[static_cast<size_t>(e.opIndex)].name;
        j["bytes"] = e.bytes;
        break;
    case EventKind::Remat: {
        j["operator"] = e.opIndex + 1;
        j["name"] = p.ops[static_cast<size_t>(e.opIndex)].name;
        j["tensor"] = e.tensor;
        j["storage"] = p.storages[static_cast<size_t>(p.storageOf(e.tensor))].root;
        j["depth"] = e.depth;
        auto& chain = j["needed_by"] = Json::array();
        for (uint32_t i = 0; i < e.chainLength; ++i)
            chain.push_back(record.chains[e.chainFirst + i]);
        break;
    }
    case EventKind::FreeEntry:
        j["requested"] = e.bytes;
        j["bytes_short"] = e.bytesShort;
        break;
    case EventKind::Evict:
        j["storage"] = e.storage;
        j["bytes"] = e.bytes;
        j["reason"] = evictReasonName(e.reason);
        j["score"] = scoreToJson(e.score);
        j["runner_up"] = scoreToJson(e.runnerUp);
        j["pool"] = e.pool;
        if (e.reason == EvictReason::Pressure)
            j["bytes_short"] = e.bytesShort;
        break;
    case EventKind::Pin:
        j["storage"] = e.storage;
        break;
    case EventKind::Release:
        j["tensor"] = e.tensor;
        j["storage"] = e.storage;
        break;
    case EventKind::End:
        j["outcome"] = outcomeName(e.outcome);
        j["bytes_short"] = e.bytes;
        j["pool"] = e.pool;
        j["pinned"] = e.pinned;
        j["depth"] = e.depth;
        break;
    }
    return j;
}

} // namespace

Json runToJson(const std::string& trace, const PreparedTrace& prepared, const ReplayOptions& options, const RunRecord& record)
{
    const Program& p = prepared.program;
    Json j;
    j["format"] = "holescope-run/1";
    j["summary"] = replayToJson(trace, prepared.baseline, options, record.result, /*withEvents=*/false);
    j["baseline"] = baselineToJson(prepared.baseline);

    auto& events = j["events"] = Json::array();
    for (const RunEvent& e : record.events)
        events.push_back(eventToJson(p, record, e));

    auto& samples = j["samples"] = Json::array();
    for (const OpSample& s : record.samples)
        samples.push_back({{"op", s.op + 1},
                           {"name", p.ops[static_cast<size_t>(s.op)].name},
                           {"clock", s.clock},
                           {"memory", s.memory},
                           {"pinned", s.pinned},
                           {"evictable", s.evictable},
                           {"max_depth", s.maxDepth},
                           {"remat_compute", s.rematCompute},
                           {"evictions", s.evictions}});

    auto& storages = j["storages"] = Json::array();
    for (const StorageRecord& s : record.storages) {
        Json evictions = Json::array();
        for (const StorageEviction& e : s.evictions)
            evictions.push_back({{"op", e.op},
                                 {"reason", evictReasonName(e.reason)},
                                 {"needed_after", e.neededAfter < 0 ? Json() : Json(e.neededAfter)}});
        storages.push_back({{"id", s.id},
                            {"bytes", s.bytes},
                            {"producer", s.producer + 1},
                            {"producer_name", p.ops[static_cast<size_t>(s.producer)].name},
                            {"compute", s.compute},
                            {"birth_op", s.birthOp < 0 ? Json() : Json(s.birthOp)},
                            {"rebuilds", s.rebuilds},
                            {"pinned", s.pinned},
                            {"evictions", std::move(evictions)}});
    }
    j["margins"] = {{"budget_checks", record.needs.size()}, {"needs", record.needs}};
    return j;
}

std::string samplesToCsv(const Program& p, const RunRecord& record)
{
    std::string out = "op,name,clock,memory,pinned,evictable,max_depth,remat_compute,evictions\n";
    for (const OpSample& s : record.samples) {
        std::string name = p.ops[static_cast<size_t>(s.op)].name;
        if (name.find_first_of(",\"\n") != std::string::npos) {
            std::string quoted = "\"";
            for (char c : name)
                quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
            name = quoted + "\"";
        }
        out += std::to_string(s.op + 1) + "," + name + "," + std::to_string(s.clock) + "," + std::to_string(s.memory) + ","
               + std::to_string(s.pinned) + "," + std::to_string(s.evictable) + "," + std::to_string(s.maxDepth) + ","
               + std::to_string(s.rematCompute) + "," + std::to_string(s.evictions) + "\n";
    }
    return out;
}

} // namespace holescope
