// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep/Advice.h"

#include <algorithm>
#include <limits>

namespace holescope {

const char* adviceVerdictName(AdviceVerdict v)
{
    switch (v) {
    case AdviceVerdict::Safe: return "safe";
    case AdviceVerdict::NearHole: return "near_hole";
    case AdviceVerdict::InHole: return "in_hole";
    case AdviceVerdict::Fails: return "fails";
    case AdviceVerdict::Unknown: return "unknown";
    }
    return "?";
}

namespace {

// The point whose certified interval holds the budget.
const SweepPoint* pointAt(const std::vector<SweepPoint>& points, int64_t budget)
{
    for (const SweepPoint& p : points)
        if (p.outcome != Outcome::Unresolved && p.certifiedLo <= budget && budget <= p.certifiedHi)
            return &p;
    return nullptr;
}

} // namespace

Advice adviseBudget(const PreparedTrace& trace, const AdviceRequest& request, const std::atomic<bool>* cancel)
{
    SweepSpec spec;
    spec.from = std::max<int64_t>(0, request.budget - request.window);
    spec.to = request.budget + request.window;
    spec.replay = request.replay;
    spec.jobs = request.jobs;
    spec.maxSeconds = request.maxSeconds;
    SweepResult sweep = runSweep(trace, spec, cancel);
    return adviceFromSweep(trace.baseline, request, std::move(sweep.points), sweep.stopped);
}

Advice adviceFromSweep(const Baseline& baseline, const AdviceRequest& request, std::vector<SweepPoint> points, bool stopped)
{
    Advice a;
    a.windowLo = std::max<int64_t>(0, request.budget - request.window);
    a.windowHi = request.budget + request.window;
    a.points = std::move(points);
    a.certifiedBytes = certifiedBytes(a.points, a.windowLo, a.windowHi);
    a.stopped = stopped;
    // Bytes that neither a stopped sweep reached nor a resolved replay speaks for: nothing is
    // known there, so no claim about them may be made.
    const int64_t marginLo = std::max(a.windowLo, request.budget - request.margin);
    const int64_t marginHi = std::min(a.windowHi, request.budget + request.margin);
    a.marginUnexamined = (marginHi - marginLo + 1) - certifiedBytes(a.points, marginLo, marginHi);
    a.aboveUnexamined = (a.windowHi - request.budget) - certifiedBytes(a.points, request.budget + 1, a.windowHi);

    // Each point speaks for its certified bytes, but only inside the window: beyond it nothing was replayed.
    int64_t nearest = std::numeric_limits<int64_t>::max();
    int64_t completesBelowAt = -1;   // the largest completing budget below the budget
    std::optional<int64_t> failureBelow, failureAbove;   // the nearest failing bytes on either side
    for (const SweepPoint& p : a.points) {
        if (p.outcome == Outcome::Unresolved)
            continue;
        const int64_t lo = std::max(p.certifiedLo, a.windowLo), hi = std::min(p.certifiedHi, a.windowHi);
        if (lo > hi)
            continue;
        if (!p.failed()) {
            if (lo < request.budget)
                completesBelowAt = std::max(completesBelowAt, std::min(hi, request.budget - 1));
            continue;
        }
        const int64_t distance = request.budget < lo ? lo - request.budget : request.budget > hi ? request.budget - hi : 0;
        if (distance < nearest) {
            nearest = distance;
            a.nearestFailure = request.budget < lo ? lo : request.budget > hi ? hi : request.budget;
        }
        if (hi < request.budget)
            failureBelow = std::max(failureBelow.value_or(hi), hi);
        if (lo > request.budget && !failureAbove)
            failureAbove = lo;
    }
    if (a.nearestFailure) {
        const int64_t lo = std::max(a.windowLo, request.budget - nearest + 1), hi = std::min(a.windowHi, request.budget + nearest - 1);
        a.nearestFailureCertain = lo > hi || certifiedBytes(a.points, lo, hi) == hi - lo + 1;
    }
    // What is known around a budget whose own replay was not decided (a cap cut it short, or
    // the examination stopped first) still stands: the failures found near it.
    const SweepPoint* at = pointAt(a.points, request.budget);
    if (!at) {
        a.atCutShort = std::any_of(a.points.begin(), a.points.end(), [&](const SweepPoint& p) {
            return p.outcome == Outcome::Unresolved && (p.budget == request.budget || (p.certifiedLo <= request.budget && request.budget <= p.certifiedHi));
        });
        return a;
    }
    a.at = *at;
    a.atKnown = true;
    if (!at->failed() && failureBelow && failureAbove
        && certifiedBytes(a.points, *failureBelow + 1, *failureAbove - 1) == *failureAbove - *failureBelow - 1)
        a.island = Advice::Island{*failureBelow + 1, *failureAbove - 1};

    // The nearest budget >= the budget that completes with no failure within the margin on
    // either side, judged inside the window only (beyond it nothing is known). The window as
    // segments in order: each point's certified bytes in it, and the gaps between them (a
    // stopped sweep's). A gap or an unresolved point counts as a failure: nothing is known there.
    struct Segment {
        int64_t lo, hi;
        const SweepPoint* point;   // null: a gap
    };
    std::vector<Segment> segments;
    int64_t reach = a.windowLo - 1;
    for (const SweepPoint& p : a.points) {
        const int64_t lo = std::max({p.certifiedLo, a.windowLo, reach + 1}), hi = std::min(p.certifiedHi, a.windowHi);
        if (lo > hi)
            continue;
        if (lo > reach + 1)
            segments.push_back(Segment{reach + 1, lo - 1, nullptr});
        segments.push_back(Segment{lo, hi, &p});
        reach = hi;
    }
    if (reach < a.windowHi)
        segments.push_back(Segment{reach + 1, a.windowHi, nullptr});
    auto unsafe = [](const Segment& g) { return !g.point || g.point->failed() || g.point->outcome == Outcome::Unresolved; };
    std::vector<int64_t> nextFailLo(segments.size() + 1, a.windowHi + 1 + request.margin);   // the window's edge counts as unknown
    for (size_t i = segments.size(); i-- > 0;)
        nextFailLo[i] = unsafe(segments[i]) ? segments[i].lo : nextFailLo[i + 1];
    int64_t prevFailHi = a.windowLo - 1 - request.margin;
    for (size_t i = 0; i < segments.size() && !a.safe; ++i) {
        const Segment& g = segments[i];
        if (unsafe(g)) {
            prevFailHi = g.hi;
            continue;
        }
        const int64_t s = std::max({g.lo, request.budget, prevFailHi + request.margin + 1, a.windowLo + request.margin});
        if (s <= std::min({g.hi, nextFailLo[i + 1] - request.margin - 1, a.windowHi - request.margin})) {
            a.safe = *g.point;
            renamePoint(*a.safe, s);
        }
    }
    for (const Hole& h : findHoles(a.points, baseline)) {
        if (h.loBudget <= request.budget && request.budget <= h.hiBudget)
            a.hole = h;
        if (a.nearestFailure && h.loBudget <= *a.nearestFailure && *a.nearestFailure <= h.hiBudget)
            a.nearestFailureInHole = true;
    }
    if (at->failed() && completesBelowAt >= 0)
        if (const SweepPoint* b = pointAt(a.points, completesBelowAt)) {
            a.below = *b;
            renamePoint(*a.below, completesBelowAt);
        }

    if (!at->failed())
        a.verdict = a.nearestFailure && nearest <= request.margin ? AdviceVerdict::NearHole
                    : a.marginUnexamined > 0                        ? AdviceVerdict::Unknown
                                                                    : AdviceVerdict::Safe;
    else
        a.verdict = a.hole ? AdviceVerdict::InHole : AdviceVerdict::Fails;
    return a;
}

} // namespace holescope
