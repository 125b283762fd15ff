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

Json sampleToJson(const Program& p, const OpSample& s)
{
    return {{"op", s.op + 1},
            {"name", p.ops[static_cast<size_t>(s.op)].name},
            {"clock", s.clock},
            {"memory", s.memory},
            {"pinned", s.pinned},
            {"evictable", s.evictable},
            {"max_depth", s.maxDepth},
            {"remat_compute", s.rematCompute},
            {"evictions", s.evictions}};
}

Json storageToJson(const Program& p, const StorageRecord& s)
{
    Json evictions = Json::array();
    for (const StorageEviction& e : s.evictions)
        evictions.push_back({{"op", e.op},
                             {"reason", evictReasonName(e.reason)},
                             {"needed_after", e.neededAfter < 0 ? Json() : Json(e.neededAfter)}});
    return {{"id", s.id},
            {"bytes", s.bytes},
            {"producer", s.producer + 1},
            {"producer_name", p.ops[static_cast<size_t>(s.producer)].name},
            {"compute", s.compute},
            {"birth_op", s.birthOp < 0 ? Json() : Json(s.birthOp)},
            {"rebuilds", s.rebuilds},
            {"pinned", s.pinned},
            {"evictions", std::move(evictions)}};
}

// The members before "events", in order.
Json runHeadToJson(const std::string& trace, const PreparedTrace& prepared, const ReplayOptions& options, const RunRecord& record)
{
    Json j;
    j["format"] = "holescope-run/1";
    j["summary"] = replayToJson(trace, prepared.baseline, options, record.result, /*withEvents=*/false);
    j["baseline"] = baselineToJson(prepared.baseline);
    return j;
}

// Writes `"name":[...]` with each item serialized on its own, so the array never exists as one
// JSON value.
template <typename Range, typename ToJson>
void writeArrayMember(const TextSink& out, const char* name, const Range& items, ToJson&& toJson)
{
    out("," + Json(name).dump() + ":[");
    bool first = true;
    for (const auto& item : items) {
        out(first ? toJson(item).dump() : "," + toJson(item).dump());
        first = false;
    }
    out("]");
}

} // namespace

Json runToJson(const std::string& trace, const PreparedTrace& prepared, const ReplayOptions& options, const RunRecord& record)
{
    const Program& p = prepared.program;
    Json j = runHeadToJson(trace, prepared, options, record);
    auto& events = j["events"] = Json::array();
    for (const RunEvent& e : record.events)
        events.push_back(eventToJson(p, record, e));
    auto& samples = j["samples"] = Json::array();
    for (const OpSample& s : record.samples)
        samples.push_back(sampleToJson(p, s));
    auto& storages = j["storages"] = Json::array();
    for (const StorageRecord& s : record.storages)
        storages.push_back(storageToJson(p, s));
    j["margins"] = {{"budget_checks", record.needs.size()}, {"needs", record.needs}};
    return j;
}

void writeRunJson(const TextSink& out, const std::string& trace, const PreparedTrace& prepared, const ReplayOptions& options,
                  const RunRecord& record)
{
    const Program& p = prepared.program;
    std::string head = runHeadToJson(trace, prepared, options, record).dump();
    head.pop_back();   // the closing brace: the members below follow
    out(head);
    writeArrayMember(out, "events", record.events, [&](const RunEvent& e) { return eventToJson(p, record, e); });
    writeArrayMember(out, "samples", record.samples, [&](const OpSample& s) { return sampleToJson(p, s); });
    writeArrayMember(out, "storages", record.storages, [&](const StorageRecord& s) { return storageToJson(p, s); });
    out(",\"margins\":{\"budget_checks\":" + Json(record.needs.size()).dump());
    writeArrayMember(out, "needs", record.needs, [](int64_t need) { return Json(need); });
    out("}}");
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
