// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/TraceEventJson.h"

#include "text/Numbers.h"
#include "report/ReplayJson.h"

#include <algorithm>
#include <limits>
#include <cmath>
#include <utility>
#include <vector>

namespace holescope {
namespace {

using Json = nlohmann::ordered_json;

constexpr int kOperatorThread = 1;
constexpr int kEventThread = 2;

double micros(int64_t clockNs)
{
    return static_cast<double>(clockNs) / 1000.0;
}

// One run's events, put in time order at the end; ids are shared by all runs of a file.
class RunTrack {
public:
    RunTrack(const PreparedTrace& trace, const RunRecord& record, int pid, int64_t& nextId)
        : P(trace.program)
        , R(record)
        , m_pid(pid)
        , m_nextId(nextId)
        , m_lifetime(P.storages.size(), 0)
        , m_bindAt(P.storages.size(), std::nan(""))
        , m_awaitingRebuild(P.storages.size(), 0)
    {
    }

    void addMetadata(const std::string& processName)
    {
        meta("process_name", 0, Json{{"name", processName}});
        meta("process_sort_index", 0, Json{{"sort_index", m_pid}});
        meta("thread_name", kOperatorThread, Json{{"name", "operators"}});
        meta("thread_name", kEventThread, Json{{"name", "memory events"}});
    }

    void addInterventions(const std::vector<int32_t>& protect)
    {
        for (int32_t id : protect)
            instant("protect storage " + std::to_string(id), micros(0), "p", Json{{"storage", id}, {"intervention", "never evicted"}});
    }

    void addEvents()
    {
        for (const RunEvent& e : R.events) {
            switch (e.kind) {
            case EventKind::Compute:
            case EventKind::Remat: computation(e); break;
            case EventKind::Evict: eviction(e); break;
            case EventKind::End: end(e); break;
            case EventKind::FreeEntry:
            case EventKind::Pin:
            case EventKind::Release: break;
            }
        }
        for (size_t s = 0; s < m_lifetime.size(); ++s)
            if (m_lifetime[s] != 0)
                endLifetime(s, R.result.clock);
    }

    void addCounters(int64_t budget)
    {
        for (const OpSample& s : samplesToTheEnd(R))   // to the memory when it failed
            push(micros(s.clock), Json{{"name", "memory"}, {"ph", "C"}, {"ts", micros(s.clock)}, {"pid", m_pid},
                                       {"args", Json{{"in use", s.memory}, {"pinned", s.pinned}, {"evictable", s.evictable}, {"budget", budget}}}});
    }

    // Metadata first, then everything in time order (stable: a residency that begins and ends
    // at one instant keeps its begin first).
    void appendTo(Json& out)
    {
        for (Json& m : m_meta)
            out.push_back(std::move(m));
        std::stable_sort(m_timed.begin(), m_timed.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        for (auto& [ts, event] : m_timed)
            out.push_back(std::move(event));
    }

private:
    struct OpenSlice {
        int32_t depth;
        int64_t start;
    };
    static constexpr int64_t kNoRebuild = std::numeric_limits<int64_t>::max();
    int64_t m_rebuiltSinceModel = kNoRebuild;   // the start of the first rebuild after the last model computation

    void meta(const char* name, int tid, Json args)
    {
        Json j{{"name", name}, {"ph", "M"}, {"pid", m_pid}};
        if (tid != 0)
            j["tid"] = tid;
        j["args"] = std::move(args);
        m_meta.push_back(std::move(j));
    }

    void push(double ts, Json event) { m_timed.emplace_back(ts, std::move(event)); }

    void instant(const std::string& name, double ts, const char* scope, Json args)
    {
        push(ts, Json{{"name", name}, {"ph", "i"}, {"s", scope}, {"ts", ts}, {"pid", m_pid}, {"tid", kEventThread}, {"args", std::move(args)}});
    }

    void computation(const RunEvent& e)
    {
        const OpDef& op = P.ops[static_cast<size_t>(e.opIndex)];
        const bool remat = e.kind == EventKind::Remat;
        const int64_t ownStart = e.clock - op.cost;
        int64_t start = ownStart;
        // The rebuilds this computation waited for are the deeper slices just before it.
        while (!m_open.empty() && m_open.back().depth > e.depth) {
            start = std::min(start, m_open.back().start);
            m_open.pop_back();
        }
        m_open.push_back(OpenSlice{e.depth, start});
        // A model computation encloses the rebuilds it waited for, which come before it.
        m_rebuiltSinceModel = remat ? std::min(m_rebuiltSinceModel, start) : kNoRebuild;

        Json args;
        if (remat) {
            args = Json{{"operator", e.opIndex + 1}, {"tensor", e.tensor}, {"storage", P.storages[static_cast<size_t>(P.storageOf(e.tensor))].root},
                        {"depth", e.depth}, {"during operator", e.op}, {"cost ns", op.cost}};
        } else {
            args = Json{{"operator", e.op}, {"bytes", e.bytes}, {"cost ns", op.cost}};
        }
        push(micros(start), Json{{"name", remat ? "rebuild " + op.name : op.name}, {"cat", remat ? "remat" : "compute"}, {"ph", "X"},
                                 {"ts", micros(start)}, {"dur", micros(e.clock - start)}, {"pid", m_pid}, {"tid", kOperatorThread},
                                 {"args", std::move(args)}});

        // Flow ends bind to the slice that encloses them: the middle of this computation's own
        // time lies inside this slice and no other at its depth.
        const double middle = (static_cast<double>(ownStart) + static_cast<double>(e.clock)) / 2000.0;
        for (size_t s : m_pressureEvicted)
            m_bindAt[s] = middle;
        m_pressureEvicted.clear();
        for (uint32_t i = 0; i < e.materialCount; ++i) {
            const auto s = static_cast<size_t>(R.materialized[e.materialFirst + i]);
            if (m_awaitingRebuild[s] != 0 && !std::isnan(m_bindAt[s])) {
                const int64_t id = m_nextId++;
                const std::string name = "rebuild of storage " + std::to_string(P.storages[s].root);
                push(m_bindAt[s], Json{{"name", name}, {"cat", "rebuild"}, {"ph", "s"}, {"id", id}, {"ts", m_bindAt[s]}, {"pid", m_pid},
                                       {"tid", kOperatorThread}});
                push(middle, Json{{"name", name}, {"cat", "rebuild"}, {"ph", "f"}, {"bp", "e"}, {"id", id}, {"ts", middle}, {"pid", m_pid},
                                  {"tid", kOperatorThread}});
            }
            m_awaitingRebuild[s] = 0;
            beginLifetime(s, ownStart, remat);
        }
        m_lastMiddle = middle;
    }

    void eviction(const RunEvent& e)
    {
        const auto s = static_cast<size_t>(P.storageOfRoot[static_cast<size_t>(e.storage)]);
        Json args{{"storage", e.storage}, {"bytes", e.bytes}, {"reason", evictReasonName(e.reason)}};
        if (e.reason == EvictReason::Pressure) {
            args["score"] = scoreToJson(e.score);
            args["runner-up score"] = scoreToJson(e.runnerUp);
            args["bytes short"] = e.bytesShort;
            args["candidates"] = e.pool;
            m_pressureEvicted.push_back(s);
            m_bindAt[s] = std::nan("");
        } else {
            m_bindAt[s] = m_lastMiddle;
        }
        args["operator"] = e.op;
        instant("evict storage " + std::to_string(e.storage), micros(e.clock), "t", std::move(args));
        m_awaitingRebuild[s] = 1;
        endLifetime(s, e.clock);
    }

    void end(const RunEvent& e)
    {
        Json args{{"outcome", outcomeName(e.outcome)}, {"operator", e.op}};
        if (e.outcome == Outcome::Oom) {
            args["bytes short"] = e.bytes;
            args["candidates left"] = e.pool;
            args["pinned bytes"] = e.pinned;
        }
        if (!R.result.reason.empty())
            args["reason"] = R.result.reason;
        if (!R.openFrames.empty()) {
            Json frames = Json::array();
            for (int32_t t : R.openFrames)
                frames.push_back(t);
            args["tensors being computed"] = std::move(frames);
        }
        args["deepest rebuild nesting"] = e.depth;
        instant(std::string(outcomeName(e.outcome)) + " " + failurePlace(e.op, R.result.outsideOperator), micros(e.clock), "p", std::move(args));
        if (e.outcome != Outcome::Complete && !R.result.outsideOperator && e.op >= 1)
            failedOperator(e);
        else
            closingReads(e);
    }

    // The rebuilds of the trace's closing reads (its pins of what it still holds, after the last
    // operator) have no computation to wait in: a slice of their own encloses them.
    void closingReads(const RunEvent& e)
    {
        if (m_rebuiltSinceModel == kNoRebuild)
            return;
        const int64_t start = m_rebuiltSinceModel;
        push(micros(start), Json{{"name", "closing reads"}, {"cat", "closing"}, {"ph", "X"}, {"ts", micros(start)}, {"dur", micros(e.clock - start)},
                                 {"pid", m_pid}, {"tid", kOperatorThread},
                                 {"args", Json{{"after operator", e.op}, {"outcome", outcomeName(e.outcome)}}}});
    }

    // The operator the run failed in never finished, so no computation closes it: a slice from
    // its start (the end of the operator before) to the failure encloses the rebuilds it waited
    // for, which otherwise hung under nothing.
    void failedOperator(const RunEvent& e)
    {
        const OpDef& op = P.ops[static_cast<size_t>(e.op - 1)];
        int64_t start = R.samples.empty() ? 0 : R.samples.back().clock;
        // The finished rebuilds still waiting for a parent are the last open slices, deeper than 0.
        for (auto it = m_open.rbegin(); it != m_open.rend() && it->depth > 0; ++it)
            start = std::min(start, it->start);
        push(micros(start), Json{{"name", op.name + " (" + outcomeName(e.outcome) + ")"}, {"cat", "failed"}, {"ph", "X"},
                                 {"ts", micros(start)}, {"dur", micros(e.clock - start)}, {"pid", m_pid}, {"tid", kOperatorThread},
                                 {"args", Json{{"operator", e.op}, {"outcome", outcomeName(e.outcome)}, {"cost ns", op.cost}}}});
    }

    void beginLifetime(size_t s, int64_t clock, bool rebuilt)
    {
        if (m_lifetime[s] != 0)
            return;
        m_lifetime[s] = m_nextId++;
        push(micros(clock), Json{{"name", "storage " + std::to_string(P.storages[s].root)}, {"cat", "storage"}, {"ph", "b"}, {"id", m_lifetime[s]},
                                 {"ts", micros(clock)}, {"pid", m_pid}, {"tid", kEventThread},
                                 {"args", Json{{"storage", P.storages[s].root}, {"bytes", P.storages[s].size}, {"rebuilt", rebuilt}}}});
    }

    void endLifetime(size_t s, int64_t clock)
    {
        if (m_lifetime[s] == 0)
            return;
        push(micros(clock), Json{{"name", "storage " + std::to_string(P.storages[s].root)}, {"cat", "storage"}, {"ph", "e"}, {"id", m_lifetime[s]},
                                 {"ts", micros(clock)}, {"pid", m_pid}, {"tid", kEventThread}});
        m_lifetime[s] = 0;
    }

    const Program& P;
    const RunRecord& R;
    int m_pid;
    int64_t& m_nextId;
    std::vector<int64_t> m_lifetime;          // per storage index: the open residency's id, 0 if none
    std::vector<double> m_bindAt;             // per storage index: where its eviction's flow starts
    std::vector<uint8_t> m_awaitingRebuild;   // per storage index: evicted and not yet back
    std::vector<size_t> m_pressureEvicted;    // evicted for the computation that comes next
    std::vector<OpenSlice> m_open;
    double m_lastMiddle = std::nan("");
    std::vector<Json> m_meta;
    std::vector<std::pair<double, Json>> m_timed;
};

std::string processName(const Baseline& baseline, const ReplayResult& r)
{
    std::string name = "budget " + groupDigits(r.budget) + " B";
    if (baseline.memory > 0)
        name += " (" + ratioText(ratioOfPeak(r.budget, baseline.memory)) + " of peak)";
    return name + ": " + outcomeName(r.outcome) + " " + failurePlace(r.opsDone, r.outsideOperator);
}

} // namespace

nlohmann::ordered_json traceEventsJson(const std::string& traceName, const PreparedTrace& trace, const ReplayOptions& options,
                                       std::span<const RunRecord* const> runs)
{
    Json events = Json::array();
    int64_t nextId = 1;
    int pid = 0;
    for (const RunRecord* run : runs) {
        RunTrack track(trace, *run, ++pid, nextId);
        track.addMetadata(processName(trace.baseline, run->result));
        track.addInterventions(options.protect);
        track.addEvents();
        track.addCounters(run->result.budget);
        track.appendTo(events);
    }
    Json budgets = Json::array();
    for (const RunRecord* run : runs)
        budgets.push_back(run->result.budget);
    Json other{{"format", "holescope-trace-events/1"}, {"trace", traceName}, {"baseline_memory", trace.baseline.memory}, {"budgets", std::move(budgets)}};
    if (options.overheadLimit)
        other["overhead_limit"] = *options.overheadLimit;
    other["policy"] = policyName(options.policy);
    return Json{{"displayTimeUnit", "ns"}, {"otherData", std::move(other)}, {"traceEvents", std::move(events)}};
}

} // namespace holescope
