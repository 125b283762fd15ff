// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/TraceEventCheck.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace holescope::test {
namespace {

using Json = nlohmann::json;

// Timestamps are microseconds with nanosecond resolution: compare them as integers.
int64_t nanos(const Json& ts)
{
    return std::llround(ts.get<double>() * 1000.0);
}

struct Slice {
    int64_t start;
    int64_t end;
};

struct Flow {
    int starts = 0;
    int ends = 0;
    int64_t startTs = 0;
    int64_t endTs = 0;
    std::tuple<int, int> thread;
};

} // namespace

std::vector<std::string> traceEventProblems(const Json& file)
{
    std::vector<std::string> problems;
    auto fail = [&](size_t i, const std::string& what) { problems.push_back("event " + std::to_string(i) + ": " + what); };
    if (!file.is_object() || !file.contains("traceEvents") || !file["traceEvents"].is_array())
        return {"no traceEvents array"};
    const Json& events = file["traceEvents"];
    std::map<std::tuple<int, int>, std::vector<Slice>> slices;
    std::map<int64_t, std::tuple<int, int, int64_t, int64_t>> async;   // id -> begins, ends, begin ts, end ts
    std::map<int64_t, Flow> flows;
    std::set<int> pids, named;
    std::map<int, int64_t> lastTs;
    const std::set<std::string> phases{"M", "X", "i", "C", "b", "e", "s", "f"};
    for (size_t i = 0; i < events.size(); ++i) {
        const Json& e = events[i];
        if (!e.contains("ph") || !e["ph"].is_string() || phases.count(e["ph"].get<std::string>()) == 0) {
            fail(i, "unknown or missing ph");
            continue;
        }
        const std::string ph = e["ph"];
        if (!e.contains("name") || !e["name"].is_string() || e["name"].get<std::string>().empty())
            fail(i, "no name");
        if (!e.contains("pid") || !e["pid"].is_number_integer()) {
            fail(i, "no pid");
            continue;
        }
        const int pid = e["pid"];
        if (ph == "M") {
            if (e["name"] == "process_name")
                named.insert(pid);
            continue;
        }
        pids.insert(pid);
        if (!e.contains("ts") || !e["ts"].is_number() || e["ts"].get<double>() < 0) {
            fail(i, "no timestamp");
            continue;
        }
        const int64_t ts = nanos(e["ts"]);
        if (lastTs.count(pid) != 0 && ts < lastTs[pid])
            fail(i, "out of time order in its process");
        lastTs[pid] = ts;
        const bool threaded = e.contains("tid") && e["tid"].is_number_integer();
        const int tid = threaded ? e["tid"].get<int>() : 0;
        if (ph == "X") {
            if (!threaded || !e.contains("dur") || !e["dur"].is_number() || e["dur"].get<double>() < 0)
                fail(i, "a slice needs a tid and a non-negative dur");
            else
                slices[{pid, tid}].push_back(Slice{ts, ts + nanos(e["dur"])});
        } else if (ph == "i") {
            if (!e.contains("s") || (e["s"] != "t" && e["s"] != "p" && e["s"] != "g"))
                fail(i, "an instant needs a scope t, p or g");
            if (e["s"] == "t" && !threaded)
                fail(i, "a thread instant needs a tid");
        } else if (ph == "C") {
            if (!e.contains("args") || !e["args"].is_object() || e["args"].empty())
                fail(i, "a counter needs values");
            else
                for (const auto& [key, value] : e["args"].items())
                    if (!value.is_number())
                        fail(i, "counter value " + key + " is not a number");
        } else if (ph == "b" || ph == "e") {
            if (!e.contains("id") || !e["id"].is_number_integer() || !e.contains("cat")) {
                fail(i, "an async event needs an id and a category");
                continue;
            }
            auto& [begins, ends, beginTs, endTs] = async[e["id"].get<int64_t>()];
            if (ph == "b") {
                ++begins;
                beginTs = ts;
            } else {
                ++ends;
                endTs = ts;
                if (begins != 1)
                    fail(i, "async end before its begin");
            }
        } else {
            if (!e.contains("id") || !e["id"].is_number_integer() || !threaded) {
                fail(i, "a flow event needs an id and a tid");
                continue;
            }
            Flow& f = flows[e["id"].get<int64_t>()];
            if (ph == "s") {
                ++f.starts;
                f.startTs = ts;
                f.thread = {pid, tid};
            } else {
                ++f.ends;
                f.endTs = ts;
                if (!e.contains("bp") || e["bp"] != "e")
                    fail(i, "a flow end needs bp \"e\"");
                if (f.thread != std::tuple<int, int>{pid, tid})
                    fail(i, "a flow ends on another thread than it starts");
            }
        }
    }
    for (int pid : pids)
        if (named.count(pid) == 0)
            problems.push_back("process " + std::to_string(pid) + " has no process_name");
    auto inSlice = [&](const std::tuple<int, int>& thread, int64_t ts) {
        const auto& list = slices[thread];
        return std::any_of(list.begin(), list.end(), [&](const Slice& s) { return s.start <= ts && ts <= s.end; });
    };
    for (auto& [thread, list] : slices) {
        std::sort(list.begin(), list.end(), [](const Slice& a, const Slice& b) { return a.start != b.start ? a.start < b.start : a.end > b.end; });
        std::vector<Slice> open;
        for (const Slice& s : list) {
            while (!open.empty() && open.back().end <= s.start)
                open.pop_back();
            if (!open.empty() && s.end > open.back().end)
                problems.push_back("slices overlap without nesting on pid " + std::to_string(std::get<0>(thread)) + " at "
                                   + std::to_string(s.start) + " ns");
            open.push_back(s);
        }
    }
    for (const auto& [id, a] : async) {
        const auto& [begins, ends, beginTs, endTs] = a;
        if (begins != 1 || ends != 1 || endTs < beginTs)
            problems.push_back("async id " + std::to_string(id) + ": " + std::to_string(begins) + " begins, " + std::to_string(ends) + " ends");
    }
    for (const auto& [id, f] : flows) {
        if (f.starts != 1 || f.ends != 1 || f.endTs < f.startTs)
            problems.push_back("flow " + std::to_string(id) + ": " + std::to_string(f.starts) + " starts, " + std::to_string(f.ends) + " ends");
        else if (!inSlice(f.thread, f.startTs) || !inSlice(f.thread, f.endTs))
            problems.push_back("flow " + std::to_string(id) + " is not bound to a slice");
    }
    return problems;
}

} // namespace holescope::test
