// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep/Sweep.h"

#include "sweep/SweepGrid.h"
#include "sweep/WorkerThreads.h"

#include "sim/DenseRegions.h"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>
#include <optional>

namespace holescope {

SweepPoint pointOf(int64_t budget, const ReplayResult& r)
{
    return SweepPoint{budget,      r.outcome,     r.opsDone,     r.clock,  r.rematCompute,    r.maxMemory,          r.evictions,
                      r.maxDepth,  r.certifiedLo, r.certifiedHi, r.reason, r.heuristicEvals, r.outsideOperator, r.stoppedByTime,
                      r.executionBudget};
}

void renamePoint(SweepPoint& p, int64_t budget)
{
    if (p.executionBudget == p.budget)
        p.executionBudget = budget;
    p.budget = budget;
}

int64_t certifiedPointName(const SweepPoint& p, int64_t replayed, int64_t from)
{
    return p.stoppedByTime ? replayed : std::max(p.certifiedLo, from);
}

namespace {

// Shared by the workers of one sweep: whether to stop (cancelled, or the sweep's time is up),
// the time cap, how regions are kept, and the progress count.
class SweepControl {
public:
    SweepControl(const SweepSpec& spec, const std::atomic<bool>* cancel, const std::function<void(const SweepProgress&)>& progress,
                 int64_t total)
        : m_spec(spec)
        , m_cancel(cancel)
        , m_progress(progress)
        , m_start(std::chrono::steady_clock::now())
    {
        m_state.total = total;
    }

    // Several replays run at once: keep their dense region sets within the one memory limit.
    void chooseRegions(const WorkerThreads& threads, size_t storages)
    {
        m_regions = threads.regionsFor(m_spec.replay.regions, storages);
    }

    bool stopping()
    {
        if (!m_stop.load(std::memory_order_relaxed)) {
            const bool cancelled = m_cancel && m_cancel->load(std::memory_order_relaxed);
            if (cancelled || (m_spec.maxSeconds > 0 && elapsed() > m_spec.maxSeconds))
                m_stop.store(true);
        }
        return m_stop.load(std::memory_order_relaxed);
    }

    // One replay; nothing when the sweep is stopping, or when it stopped during the replay (the
    // result would describe the interruption, not the budget).
    std::optional<SweepPoint> replayAt(const PreparedTrace& trace, int64_t budget)
    {
        if (stopping())
            return std::nullopt;
        ReplayOptions o = m_spec.replay;
        o.budget = budget;
        o.logEvents = false;
        o.cancel = m_cancel;   // a running replay stops on cancel too
        o.regions = m_regions;
        o.workspace = &m_workspaces.local();
        if (m_spec.maxSeconds > 0) {
            const double left = m_spec.maxSeconds - elapsed();
            if (left <= 0) {
                m_stop.store(true);
                return std::nullopt;
            }
            o.maxSeconds = o.maxSeconds > 0 ? std::min(o.maxSeconds, left) : left;
        }
        const ReplayResult r = replay(trace, o);
        m_replays.fetch_add(1, std::memory_order_relaxed);
        if (r.outcome == Outcome::Unresolved && stopping())
            return std::nullopt;
        return pointOf(budget, r);
    }

    void advance(int64_t amount, const SweepPoint* point = nullptr)
    {
        if (!m_progress)
            return;
        std::lock_guard lock(m_mutex);
        m_state.done += amount;
        m_state.point = point;
        m_progress(m_state);
        m_state.point = nullptr;
    }

    int64_t replays() const { return m_replays.load(); }
    bool stopped() const { return m_stop.load(); }

private:
    double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count(); }

    const SweepSpec& m_spec;
    const std::atomic<bool>* m_cancel;
    const std::function<void(const SweepProgress&)>& m_progress;
    std::chrono::steady_clock::time_point m_start;
    std::atomic<bool> m_stop{false};
    RegionStore m_regions = RegionStore::Automatic;
    tbb::enumerable_thread_specific<ReplayWorkspace> m_workspaces;   // a thread runs one replay at a time
    std::atomic<int64_t> m_replays{0};
    std::mutex m_mutex;
    SweepProgress m_state;
};

// The executions a sweep has found so far, by certified interval; shared by its threads.
class KnownExecutions {
public:
    std::optional<SweepPoint> find(int64_t budget)
    {
        std::lock_guard lock(m_mutex);
        auto it = m_byLo.upper_bound(budget);
        if (it == m_byLo.begin())
            return std::nullopt;
        --it;
        if (budget > it->second.certifiedHi)
            return std::nullopt;
        SweepPoint p = it->second;
        renamePoint(p, budget);
        return p;
    }

    void add(const SweepPoint& p)
    {
        if (p.outcome == Outcome::Unresolved)
            return;   // cut short by a cap: nothing certain about the budgets around it
        std::lock_guard lock(m_mutex);
        m_byLo.emplace(p.certifiedLo, p);
    }

private:
    std::mutex m_mutex;
    std::map<int64_t, SweepPoint> m_byLo;
};

// Bisects between two budgets of different outcomes until they are at most `resolution` bytes
// apart. The certified intervals of the two sides shrink the gap at every step, so edges often
// come out exact (the two intervals touch) long before the resolution is reached.
std::vector<SweepPoint> refineBracket(const PreparedTrace& trace, SweepControl& control, const SweepPoint& left,
                                      const SweepPoint& right, int64_t resolution)
{
    std::vector<SweepPoint> found;
    std::vector<std::pair<SweepPoint, SweepPoint>> todo{{left, right}};
    while (!todo.empty()) {
        auto [a, b] = todo.back();
        todo.pop_back();
        // A certified interval may be unbounded above (2^63 - 1): cut at b, past which it says nothing here.
        const int64_t gapLo = std::max(a.budget, std::min(a.certifiedHi, b.budget)) + 1;
        const int64_t gapHi = std::min(b.budget, b.certifiedLo) - 1;
        if (gapLo > gapHi || b.budget - a.budget <= resolution)
            continue;   // the edge is known exactly, or is fine enough
        const int64_t mid = gapLo + (gapHi - gapLo) / 2;
        const auto p = control.replayAt(trace, mid);
        if (!p)
            return found;
        found.push_back(*p);
        control.advance(0, &found.back());
        if (p->stoppedByTime)
            continue;   // its interval is only its prefix's: no edge can be placed by it
        if (p->outcome != a.outcome)
            todo.emplace_back(a, *p);
        if (p->outcome != b.outcome)
            todo.emplace_back(*p, b);
    }
    return found;
}

SweepResult gridSweep(const PreparedTrace& trace, const SweepSpec& spec, SweepControl& control, int jobs)
{
    const auto n = static_cast<int64_t>(spec.grid.size());
    const GridBlock block = gridBlockOf(n, spec.shard, spec.shards);
    const int64_t first = block.first, last = block.last;
    std::vector<std::optional<SweepPoint>> points(static_cast<size_t>(std::max<int64_t>(last - first, 0)));
    // A budget inside the certified interval of an execution already found is that execution:
    // its point is known without a replay. Distinct executions are few next to grid points.
    KnownExecutions known;
    tbb::task_arena arena(jobs);
    arena.execute([&] {
        tbb::parallel_for(int64_t{0}, last - first, [&](int64_t i) {
            const int64_t budget = spec.grid[static_cast<size_t>(first + i)];
            auto& slot = points[static_cast<size_t>(i)];
            slot = known.find(budget);
            if (!slot) {
                slot = control.replayAt(trace, budget);
                if (slot)
                    known.add(*slot);
            }
            control.advance(1, slot ? &*slot : nullptr);
        });
    });
    SweepResult result;
    for (const auto& p : points)
        if (p)
            result.points.push_back(*p);
    if (spec.refine > 0) {
        std::vector<std::vector<SweepPoint>> refined(points.size());
        arena.execute([&] {
            tbb::parallel_for(size_t{0}, points.size() > 0 ? points.size() - 1 : 0, [&](size_t i) {
                const auto& a = points[i];
                const auto& b = points[i + 1];
                if (a && b && a->outcome != b->outcome && a->outcome != Outcome::Unresolved && b->outcome != Outcome::Unresolved)
                    refined[i] = refineBracket(trace, control, *a, *b, spec.refine);
            });
        });
        for (auto& r : refined)
            result.points.insert(result.points.end(), r.begin(), r.end());
    }
    // The shards' parts of the range meet where the next shard's budgets begin, and the first
    // and last take in the ends of the range asked for, as the whole sweep does.
    if (last > first) {
        const int64_t next = block.next;
        result.rangeLo = spec.shard == 1 ? std::min(spec.from, spec.grid.front()) : spec.grid[static_cast<size_t>(first)];
        result.rangeHi = next >= n ? std::max(spec.to, spec.grid.back()) : spec.grid[static_cast<size_t>(next)] - 1;
    }
    return result;
}

SweepResult certifiedSweep(const PreparedTrace& trace, const SweepSpec& spec, SweepControl& control, int jobs)
{
    const CertifiedPart part = certifiedPartOf(spec);
    const int64_t from = part.from, to = part.to;
    SweepResult result;
    result.rangeLo = from;
    result.rangeHi = to;
    if (from > to)
        return result;
    const int64_t bytes = to - from + 1;
    // Many more chunks than threads, so that the threads stay busy whatever the chunks cost.
    const int64_t chunks = std::min<int64_t>(bytes, int64_t{16} * jobs);
    std::vector<std::vector<SweepPoint>> found(static_cast<size_t>(chunks));
    tbb::task_arena arena(jobs);
    arena.execute([&] {
        tbb::parallel_for(int64_t{0}, chunks, [&](int64_t c) {
            const int64_t lo = from + bytes * c / chunks;
            const int64_t hi = from + bytes * (c + 1) / chunks - 1;
            for (int64_t b = lo; b <= hi;) {
                auto p = control.replayAt(trace, b);
                if (!p)
                    return;
                const int64_t next = p->certifiedHi == std::numeric_limits<int64_t>::max() ? hi + 1 : std::min(hi, p->certifiedHi) + 1;
                renamePoint(*p, certifiedPointName(*p, b, spec.from));
                found[static_cast<size_t>(c)].push_back(std::move(*p));
                control.advance(next - b, &found[static_cast<size_t>(c)].back());
                b = next;
            }
        });
    });
    for (auto& f : found)
        result.points.insert(result.points.end(), f.begin(), f.end());
    return result;
}

} // namespace

std::vector<SweepPoint> mergePoints(std::vector<std::vector<SweepPoint>> shards)
{
    std::vector<SweepPoint> all;
    for (auto& s : shards)
        all.insert(all.end(), std::make_move_iterator(s.begin()), std::make_move_iterator(s.end()));
    // Of two points at one budget the resolved one is kept: a run the time cap stopped may be
    // named by a budget an execution found elsewhere certifies.
    std::stable_sort(all.begin(), all.end(), [](const SweepPoint& a, const SweepPoint& b) {
        return std::pair(a.budget, a.outcome == Outcome::Unresolved) < std::pair(b.budget, b.outcome == Outcome::Unresolved);
    });
    all.erase(std::unique(all.begin(), all.end(), [](const SweepPoint& a, const SweepPoint& b) { return a.budget == b.budget; }),
              all.end());
    return all;
}

SweepResult runSweep(const PreparedTrace& trace, const SweepSpec& spec, const std::atomic<bool>* cancel,
                     const std::function<void(const SweepProgress&)>& progress)
{
    const WorkerThreads threads(spec.jobs);
    const int jobs = threads.count();
    const int64_t total = spec.grid.empty() ? std::max<int64_t>(spec.to - spec.from + 1, 0) / spec.shards
                                            : static_cast<int64_t>(spec.grid.size()) / spec.shards;
    SweepSpec withCache = spec;
    if (spec.replay.policy.kind == PolicyKind::Monotone && !spec.replay.executions)
        withCache.replay.executions = std::make_shared<ExecutionCache>();
    SweepControl control(withCache, cancel, progress, total);
    control.chooseRegions(threads, trace.program.storages.size());
    SweepResult result = spec.grid.empty() ? certifiedSweep(trace, withCache, control, jobs) : gridSweep(trace, withCache, control, jobs);
    result.points = mergePoints({std::move(result.points)});
    result.replays = control.replays();
    result.stopped = control.stopped();

    result.rangeBytes = std::max<int64_t>(result.rangeHi - result.rangeLo + 1, 0);
    result.certifiedBytes = certifiedBytes(result.points, result.rangeLo, result.rangeHi);
    return result;
}

// Distinct executions have disjoint certified intervals, so the covered bytes simply add up.
int64_t certifiedBytes(const std::vector<SweepPoint>& points, int64_t lo, int64_t hi)
{
    int64_t covered = 0, reach = lo - 1;
    for (const SweepPoint& p : points) {
        if (p.outcome == Outcome::Unresolved)
            continue;
        const int64_t a = std::max({p.certifiedLo, lo, reach + 1});
        const int64_t b = std::min(p.certifiedHi, hi);
        if (a <= b) {
            covered += b - a + 1;
            reach = b;
        }
    }
    return covered;
}

int64_t distinctExecutions(const std::vector<SweepPoint>& points)
{
    // The monotone policy runs DTR's execution at a lower budget for every budget of a failing
    // DTR interval: points that fall back to one budget are one execution, and the same as the
    // point whose interval holds that budget, if there is one.
    const auto ownExecution = [](const SweepPoint& p) {
        return p.executionBudget < 0 || (p.certifiedLo <= p.executionBudget && p.executionBudget <= p.certifiedHi);
    };
    std::vector<std::pair<int64_t, int64_t>> own;   // disjoint intervals, sorted
    for (const SweepPoint& p : points)
        if (p.outcome != Outcome::Unresolved && ownExecution(p))
            own.emplace_back(p.certifiedLo, p.certifiedHi);
    std::sort(own.begin(), own.end());
    const auto executionOf = [&](const SweepPoint& p) -> std::pair<int64_t, int64_t> {
        if (ownExecution(p))
            return {p.certifiedLo, p.certifiedHi};
        const int64_t e = p.executionBudget;
        auto it = std::upper_bound(own.begin(), own.end(), std::pair{e, std::numeric_limits<int64_t>::max()});
        if (it != own.begin() && std::prev(it)->second >= e)
            return *std::prev(it);
        return {e, e};
    };
    std::vector<std::pair<int64_t, int64_t>> seen;
    for (const SweepPoint& p : points)
        if (p.outcome != Outcome::Unresolved)   // cut short: not a whole execution
            seen.push_back(executionOf(p));
    std::sort(seen.begin(), seen.end());
    return static_cast<int64_t>(std::unique(seen.begin(), seen.end()) - seen.begin());
}

int64_t unresolvedCount(const std::vector<SweepPoint>& points)
{
    return std::count_if(points.begin(), points.end(), [](const SweepPoint& p) { return p.outcome == Outcome::Unresolved; });
}

std::vector<std::string> unresolvedReasons(const std::vector<SweepPoint>& points)
{
    std::vector<std::string> reasons;
    for (const SweepPoint& p : points)
        if (p.outcome == Outcome::Unresolved && std::find(reasons.begin(), reasons.end(), p.reason) == reasons.end())
            reasons.push_back(p.reason);
    return reasons;
}

bool isCapReason(const std::string& reason)
{
    // No reason: a point read from a file that kept none, written when only caps left runs unresolved.
    return reason.empty() || reason.starts_with("step cap") || reason.starts_with("time cap");
}

bool onlyCapsLeftUnresolved(const std::vector<SweepPoint>& points)
{
    const std::vector<std::string> reasons = unresolvedReasons(points);
    return std::all_of(reasons.begin(), reasons.end(), isCapReason);
}

bool everyPointFails(const std::vector<SweepPoint>& points)
{
    return !points.empty() && std::all_of(points.begin(), points.end(), [](const SweepPoint& p) { return p.failed(); });
}

std::vector<int64_t> ratioGrid(const Baseline& baseline, double from, double to, double step)
{
    std::vector<int64_t> budgets;
    if (!(step > 0) || from > to)
        return budgets;
    for (int64_t i = 0;; ++i) {
        // Rounded to 12 decimals so that 0.09 + 6 * 0.002 is the 0.102 a user typed.
        const double ratio = std::round((from + static_cast<double>(i) * step) * 1e12) / 1e12;
        if (ratio > to + 1e-12)
            break;
        budgets.push_back(budgetForRatio(baseline, ratio));
    }
    budgets.erase(std::unique(budgets.begin(), budgets.end()), budgets.end());
    return budgets;
}

} // namespace holescope
