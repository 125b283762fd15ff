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

struct Async {
    int begins = 0;
    int ends = 0;
    int64_t beginTs = 0;
    int64_t endTs = 0;
};

struct Flow {
    int starts = 0;
    int ends = 0;
    int64_t startTs = 0;
    int64_t endTs = 0;
    std::tuple<int, int> thread;
};

// Reads the events in order, one check per phase, then checks what only the whole file shows.
class TraceEventChecker {
public:
    std::vector<std::string> check(const Json& file)
    {
        if (!file.is_object() || !file.contains("traceEvents") || !file["traceEvents"].is_array())
            return {"no traceEvents array"};
        const Json& events = file["traceEvents"];
        for (size_t i = 0; i < events.size(); ++i)
            checkEvent(i, events[i]);
        checkProcessNames();
        checkNesting();
        checkPairs();
        return std::move(m_problems);
    }

private:
    using Thread = std::tuple<int, int>;

    void fail(size_t i, const std::string& what) { m_problems.push_back("event " + std::to_string(i) + ": " + what); }

    void checkEvent(size_t i, const Json& e)
    {
        static const std::set<std::string> phases{"M", "X", "i", "C", "b", "e", "s", "f"};
        if (!e.contains("ph") || !e["ph"].is_string() || phases.count(e["ph"].get<std::string>()) == 0) {
            fail(i, "unknown or missing ph");
            return;
        }
        const std::string ph = e["ph"];
        if (!e.contains("name") || !e["name"].is_string() || e["name"].get<std::string>().empty())
            fail(i, "no name");
        if (!e.contains("pid") || !e["pid"].is_number_integer()) {
            fail(i, "no pid");
            return;
        }
        const int pid = e["pid"];
        if (ph == "M") {
            if (e["name"] == "process_name")
                m_named.insert(pid);
            return;
        }
        m_pids.insert(pid);
        if (!e.contains("ts") || !e["ts"].is_number() || e["ts"].get<double>() < 0) {
            fail(i, "no timestamp");
            return;
        }
        const int64_t ts = nanos(e["ts"]);
        if (m_lastTs.count(pid) != 0 && ts < m_lastTs[pid])
            fail(i, "out of time order in its process");
        m_lastTs[pid] = ts;
        const bool threaded = e.contains("tid") && e["tid"].is_number_integer();
        const Thread thread{pid, threaded ? e["tid"].get<int>() : 0};
        if (ph == "X")
            checkSlice(i, e, thread, threaded, ts);
        else if (ph == "i")
            checkInstant(i, e, threaded);
        else if (ph == "C")
            checkCounter(i, e);
        else if (ph == "b" || ph == "e")
            checkAsync(i, e, ph == "b", ts);
        else
            checkFlow(i, e, ph == "s", thread, threaded, ts);
    }

    void checkSlice(size_t i, const Json& e, const Thread& thread, bool threaded, int64_t ts)
    {
        if (!threaded || !e.contains("dur") || !e["dur"].is_number() || e["dur"].get<double>() < 0)
            fail(i, "a slice needs a tid and a non-negative dur");
        else
            m_slices[thread].push_back(Slice{ts, ts + nanos(e["dur"])});
    }

    void checkInstant(size_t i, const Json& e, bool threaded)
    {
        if (!e.contains("s") || (e["s"] != "t" && e["s"] != "p" && e["s"] != "g"))
            fail(i, "an instant needs a scope t, p or g");
        if (e["s"] == "t" && !threaded)
            fail(i, "a thread instant needs a tid");
    }

    void checkCounter(size_t i, const Json& e)
    {
        if (!e.contains("args") || !e["args"].is_object() || e["args"].empty()) {
            fail(i, "a counter needs values");
            return;
        }
        for (const auto& [key, value] : e["args"].items())
            if (!value.is_number())
                fail(i, "counter value " + key + " is not a number");
    }

    void checkAsync(size_t i, const Json& e, bool begin, int64_t ts)
    {
        if (!e.contains("id") || !e["id"].is_number_integer() || !e.contains("cat")) {
            fail(i, "an async event needs an id and a category");
            return;
        }
        Async& a = m_async[e["id"].get<int64_t>()];
        if (begin) {
            ++a.begins;
            a.beginTs = ts;
            return;
        }
        ++a.ends;
        a.endTs = ts;
        if (a.begins != 1)
            fail(i, "async end before its begin");
    }

    void checkFlow(size_t i, const Json& e, bool start, const Thread& thread, bool threaded, int64_t ts)
    {
        if (!e.contains("id") || !e["id"].is_number_integer() || !threaded) {
            fail(i, "a flow event needs an id and a tid");
            return;
        }
        Flow& f = m_flows[e["id"].get<int64_t>()];
        if (start) {
            ++f.starts;
            f.startTs = ts;
            f.thread = thread;
            return;
        }
        ++f.ends;
        f.endTs = ts;
        if (!e.contains("bp") || e["bp"] != "e")
            fail(i, "a flow end needs bp \"e\"");
        if (f.thread != thread)
            fail(i, "a flow ends on another thread than it starts");
    }

    void checkProcessNames()
    {
        for (int pid : m_pids)
            if (m_named.count(pid) == 0)
                m_problems.push_back("process " + std::to_string(pid) + " has no process_name");
    }

    // On each thread, a slice that starts inside another must end inside it too.
    void checkNesting()
    {
        for (auto& [thread, list] : m_slices) {
            std::sort(list.begin(), list.end(), [](const Slice& a, const Slice& b) { return a.start != b.start ? a.start < b.start : a.end > b.end; });
            std::vector<Slice> open;
            for (const Slice& s : list) {
                while (!open.empty() && open.back().end <= s.start)
                    open.pop_back();
                if (!open.empty() && s.end > open.back().end)
                    m_problems.push_back("slices overlap without nesting on pid " + std::to_string(std::get<0>(thread)) + " at "
                                         + std::to_string(s.start) + " ns");
                open.push_back(s);
            }
        }
    }

    void checkPairs()
    {
        for (const auto& [id, a] : m_async)
            if (a.begins != 1 || a.ends != 1 || a.endTs < a.beginTs)
                m_problems.push_back("async id " + std::to_string(id) + ": " + std::to_string(a.begins) + " begins, " + std::to_string(a.ends) + " ends");
        for (const auto& [id, f] : m_flows) {
            if (f.starts != 1 || f.ends != 1 || f.endTs < f.startTs)
                m_problems.push_back("flow " + std::to_string(id) + ": " + std::to_string(f.starts) + " starts, " + std::to_string(f.ends) + " ends");
            else if (!inSlice(f.thread, f.startTs) || !inSlice(f.thread, f.endTs))
                m_problems.push_back("flow " + std::to_string(id) + " is not bound to a slice");
        }
    }

    bool inSlice(const Thread& thread, int64_t ts)
    {
        const auto& list = m_slices[thread];
        return std::any_of(list.begin(), list.end(), [&](const Slice& s) { return s.start <= ts && ts <= s.end; });
    }

    std::vector<std::string> m_problems;
    std::map<Thread, std::vector<Slice>> m_slices;
    std::map<int64_t, Async> m_async;
    std::map<int64_t, Flow> m_flows;
    std::set<int> m_pids, m_named;
    std::map<int, int64_t> m_lastTs;
};

} // namespace

std::vector<std::string> traceEventProblems(const Json& file)
{
    return TraceEventChecker{}.check(file);
}

} // namespace holescope::test
