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
    Advice a;
    a.windowLo = std::max<int64_t>(0, request.budget - request.window);
    a.windowHi = request.budget + request.window;
    SweepSpec spec;
    spec.from = a.windowLo;
    spec.to = a.windowHi;
    spec.replay = request.replay;
    spec.jobs = request.jobs;
    spec.maxSeconds = request.maxSeconds;
    SweepResult sweep = runSweep(trace, spec, cancel);
    a.points = std::move(sweep.points);
    a.certifiedBytes = sweep.certifiedBytes;
    a.stopped = sweep.stopped;

    const SweepPoint* at = pointAt(a.points, request.budget);
    if (!at)
        return a;
    a.at = *at;

    // Each point speaks for its certified bytes, but only inside the window: beyond it nothing was replayed.
    int64_t nearest = std::numeric_limits<int64_t>::max();
    int64_t completesBelowAt = -1;   // the largest completing budget below the budget
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
    }

    // The nearest budget >= the budget that completes with no failure within the margin on
    // either side, judged inside the window only (beyond it nothing is known).
    // An unresolved point counts as a failure: nothing is known there.
    auto unsafe = [](const SweepPoint& p) { return p.failed() || p.outcome == Outcome::Unresolved; };
    std::vector<int64_t> nextFailLo(a.points.size() + 1, a.windowHi + 1 + request.margin);   // the window's edge counts as unknown
    for (size_t i = a.points.size(); i-- > 0;)
        nextFailLo[i] = unsafe(a.points[i]) ? std::max(a.points[i].certifiedLo, a.windowLo) : nextFailLo[i + 1];
    int64_t prevFailHi = a.windowLo - 1 - request.margin;
    for (size_t i = 0; i < a.points.size() && !a.safe; ++i) {
        const SweepPoint& p = a.points[i];
        const int64_t lo = std::max(p.certifiedLo, a.windowLo), hi = std::min(p.certifiedHi, a.windowHi);
        if (lo > hi)
            continue;
        if (unsafe(p)) {
            prevFailHi = hi;
            continue;
        }
        const int64_t s = std::max({lo, request.budget, prevFailHi + request.margin + 1, a.windowLo + request.margin});
        if (s <= std::min({hi, nextFailLo[i + 1] - request.margin - 1, a.windowHi - request.margin})) {
            a.safe = p;
            a.safe->budget = s;
        }
    }
    for (const Hole& h : findHoles(a.points, trace.baseline))
        if (h.loBudget <= request.budget && request.budget <= h.hiBudget)
            a.hole = h;
    if (at->failed() && completesBelowAt >= 0)
        if (const SweepPoint* b = pointAt(a.points, completesBelowAt)) {
            a.below = *b;
            a.below->budget = completesBelowAt;
        }

    if (!at->failed())
        a.verdict = a.nearestFailure && nearest <= request.margin ? AdviceVerdict::NearHole : AdviceVerdict::Safe;
    else
        a.verdict = a.hole ? AdviceVerdict::InHole : AdviceVerdict::Fails;
    return a;
}

} // namespace holescope
