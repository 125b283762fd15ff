// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep/Holes.h"

#include "record/ReplayRecorder.h"

#include <set>
#include <utility>

namespace holescope {

std::vector<Hole> findHoles(const std::vector<SweepPoint>& points, const Baseline& baseline)
{
    std::vector<Hole> holes;
    const auto ratio = [&](int64_t b) { return baseline.memory > 0 ? static_cast<double>(b) / static_cast<double>(baseline.memory) : 0.0; };
    size_t i = 0;
    while (i < points.size()) {
        if (points[i].outcome != Outcome::Complete || i + 1 >= points.size() || !points[i + 1].failed()) {
            ++i;
            continue;
        }
        // points[i] completes, a failing run starts at i + 1.
        size_t j = i + 1;
        while (j < points.size() && points[j].failed())
            ++j;
        if (j == points.size() || points[j].outcome != Outcome::Complete) {
            i = j;
            continue;
        }
        const SweepPoint& below = points[i];
        const SweepPoint& above = points[j];
        const SweepPoint& first = points[i + 1];
        const SweepPoint& last = points[j - 1];
        bool contiguous = below.certifiedHi + 1 == first.certifiedLo && last.certifiedHi + 1 == above.certifiedLo;
        std::set<std::pair<int64_t, int64_t>> executions;
        bool mixed = false;
        for (size_t k = i + 1; k < j; ++k) {
            executions.emplace(points[k].certifiedLo, points[k].certifiedHi);
            mixed = mixed || points[k].outcome != first.outcome;
            if (k + 1 < j && points[k].certifiedHi + 1 < points[k + 1].certifiedLo)
                contiguous = false;   // an unknown gap between two failing executions
        }
        Hole h{};
        h.exact = contiguous;
        h.spanLo = below.certifiedHi + 1;
        h.spanHi = above.certifiedLo - 1;
        h.loBudget = contiguous ? first.certifiedLo : first.budget;
        h.hiBudget = contiguous ? last.certifiedHi : last.budget;
        h.loRatio = ratio(h.loBudget);
        h.hiRatio = ratio(h.hiBudget);
        h.executions = static_cast<int64_t>(executions.size());
        h.outcome = first.outcome;
        h.mixed = mixed;
        h.failureOp = first.opsDone;
        holes.push_back(h);
        i = j;
    }
    return holes;
}

std::vector<SweepPoint> certifyHoles(const PreparedTrace& trace, const SweepSpec& spec, const std::vector<Hole>& holes,
                                     std::vector<SweepPoint> points, const std::atomic<bool>* cancel)
{
    std::vector<std::vector<SweepPoint>> parts{std::move(points)};
    for (const Hole& h : holes) {
        if (h.exact || h.spanLo > h.spanHi)
            continue;
        SweepSpec span = spec;
        span.grid.clear();
        span.refine = 0;
        span.shard = span.shards = 1;
        span.from = h.spanLo;
        span.to = h.spanHi;
        SweepResult r = runSweep(trace, span, cancel);
        // Named by their lowest byte in the span, as the whole sweep would not know them.
        parts.push_back(std::move(r.points));
    }
    return mergePoints(std::move(parts));
}

void describeFailure(const PreparedTrace& trace, const ReplayOptions& options, Hole& hole)
{
    ReplayOptions o = options;
    o.budget = hole.loBudget;
    o.logEvents = false;
    const RunRecord r = recordReplay(trace, o);
    const RunEvent& end = r.events.back();
    hole.failureOp = end.op;
    hole.pinnedBytes = end.pinned;
    hole.cascadeDepth = end.depth;
}

} // namespace holescope
