// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep/Holes.h"

#include "record/FailureSignature.h"

#include <chrono>
#include <limits>
#include <set>
#include <utility>

namespace holescope {
namespace {

// A point whose certified interval is known (a run a cap stopped has none).
bool knownExtent(const SweepPoint& p)
{
    return p.certifiedLo <= p.budget && p.budget <= p.certifiedHi && p.certifiedHi != std::numeric_limits<int64_t>::max();
}

} // namespace

std::vector<Hole> findHoles(const std::vector<SweepPoint>& points, const Baseline& baseline)
{
    std::vector<Hole> holes;
    size_t i = 0;
    while (i < points.size()) {
        if (points[i].outcome != Outcome::Complete || i + 1 >= points.size() || !points[i + 1].failed()) {
            ++i;
            continue;
        }
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
        bool mixed = false, gaps = false;
        for (size_t k = i + 1; k < j; ++k) {
            executions.emplace(points[k].certifiedLo, points[k].certifiedHi);
            mixed = mixed || points[k].outcome != first.outcome;
            if (k + 1 < j && points[k].certifiedHi + 1 < points[k + 1].certifiedLo)
                gaps = true;   // an unknown gap between two failing executions
        }
        Hole h{};
        h.exact = contiguous && !gaps;
        h.gapsInside = gaps;
        h.spanLo = below.certifiedHi + 1;
        h.spanHi = above.certifiedLo - 1;
        // The outermost failing executions fail over all their certified bytes, whether or not
        // the hole is exact: its bounds are those, not the budgets that happened to be sampled
        // (a grid's 0.102 and 0.106 for ResNet-32's hole of 0.101843 to 0.106315).
        h.loBudget = knownExtent(first) ? first.certifiedLo : first.budget;
        h.hiBudget = knownExtent(last) ? last.certifiedHi : last.budget;
        h.loRatio = ratioOfPeak(h.loBudget, baseline.memory);
        h.hiRatio = ratioOfPeak(h.hiBudget, baseline.memory);
        h.executions = static_cast<int64_t>(executions.size());
        h.outcome = first.outcome;
        h.mixed = mixed;
        h.failureOp = first.opsDone;
        holes.push_back(h);
        i = j;
    }
    return holes;
}

void certifyHoles(const PreparedTrace& trace, const SweepSpec& spec, const std::vector<Hole>& holes, SweepResult& sweep,
                  const std::atomic<bool>* cancel)
{
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::vector<SweepPoint>> parts{std::move(sweep.points)};
    for (const Hole& h : holes) {
        if (h.exact || h.spanLo > h.spanHi || sweep.stopped)
            continue;
        SweepSpec span = spec;
        span.grid.clear();
        span.refine = 0;
        span.shard = span.shards = 1;
        span.from = h.spanLo;
        span.to = h.spanHi;
        if (spec.maxSeconds > 0) {
            span.maxSeconds = spec.maxSeconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (span.maxSeconds <= 0) {
                sweep.stopped = true;
                break;
            }
        }
        SweepResult r = runSweep(trace, span, cancel);
        sweep.replays += r.replays;
        sweep.stopped = sweep.stopped || r.stopped;
        parts.push_back(std::move(r.points));
    }
    sweep.points = mergePoints(std::move(parts));
    sweep.certifiedBytes = certifiedBytes(sweep.points, sweep.rangeLo, sweep.rangeHi);
}

void describeFailure(const PreparedTrace& trace, const ReplayOptions& options, Hole& hole)
{
    ReplayOptions o = options;
    o.budget = hole.loBudget;
    o.logEvents = false;
    const FailureSignature end = failureSignature(trace, o);
    hole.failureOp = end.op;
    hole.failureOutside = end.outsideOperator;
    hole.pinnedBytes = end.pinnedBytes;
    hole.cascadeDepth = end.cascadeDepth;
}

} // namespace holescope
