// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Replay.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace holescope {

// One replay of a sweep, with the budget interval over which the same execution happens.
struct SweepPoint {
    int64_t budget;             // the budget replayed (grid, refinement) or, for a certified
                                // sweep, the execution's lowest budget within the sweep range
    Outcome outcome;
    int64_t opsDone;
    int64_t clock;
    int64_t rematCompute;
    int64_t maxMemory;
    int64_t evictions;
    int32_t maxDepth;
    int64_t certifiedLo;        // the execution is the same for every budget in [lo, hi]
    int64_t certifiedHi;
    std::string reason;         // unresolved only
    int64_t heuristicEvals = -1; // scores computed; -1: not known (a file written before they were kept)
    bool outsideOperator = false;  // a failure in a read of the trace after operator opsDone, none under way
    bool stoppedByTime = false;    // see ReplayResult; kept while sweeping, not written to files
    // The monotone policy: the budget of the DTR execution it ran (see ReplayResult); -1 for a
    // failure, another policy, or a file written before it was kept.
    int64_t executionBudget = -1;

    bool failed() const { return isFailure(outcome); }
};

// A replay's figures as a sweep keeps them, at the budget it names the execution by.
SweepPoint pointOf(int64_t budget, const ReplayResult& result);
// The point named by another budget of its certified interval. A monotone execution that is
// DTR's own at the budget replayed is DTR's own at every budget of that interval (it completes
// throughout); one that falls back to a lower budget falls back to the same one throughout.
void renamePoint(SweepPoint& p, int64_t budget);

// The budget a certified sweep names a point by, replayed at `replayed`: its execution's lowest
// budget in the sweep's range (from `from`), so that shards and chunks name it alike; but a run
// the time cap stopped by the budget replayed, as its interval is only its prefix's and may hold
// executions found already.
int64_t certifiedPointName(const SweepPoint& p, int64_t replayed, int64_t from);

struct SweepSpec {
    int64_t from = 0;           // bytes, inclusive
    int64_t to = 0;
    // Grid mode: these budgets (ascending). Empty: certified mode, which covers every byte of
    // [from, to] by jumping from one execution's certified interval to the next.
    std::vector<int64_t> grid;
    // Grid mode: bisect every change of outcome between neighbouring budgets until the two
    // sides are at most this many bytes apart (1: exact edges). 0: no refinement.
    int64_t refine = 0;
    ReplayOptions replay;       // everything but the budget
    int jobs = 0;               // worker threads; 0: every core
    int shard = 1, shards = 1;  // this process's part, 1-based, of a sweep run as `shards` processes
    double maxSeconds = 0;      // the whole sweep; 0: no cap
};

struct SweepProgress {
    int64_t done = 0, total = 0;   // replays (grid) or bytes certified (certified mode)
    // The point just found, for a view that shows points as they come; valid during the call
    // only. Null when the call only counts. A grid point's budget is final; a certified sweep
    // names its points by their lowest budget in its range, as in the result.
    const SweepPoint* point = nullptr;
};

struct SweepResult {
    std::vector<SweepPoint> points;   // ascending by budget, one per budget or per execution
    int64_t replays = 0;
    int64_t rangeLo = 0, rangeHi = -1;   // this shard's part of the range (grid: first to last budget)
    int64_t rangeBytes = 0;
    int64_t certifiedBytes = 0;       // of those, bytes whose execution is known (resolved)
    bool stopped = false;             // cancelled, or the sweep's time cap ran out
};

// Runs the sweep on `jobs` threads. The points do not depend on the number of threads; the
// shards of a sweep merge (mergePoints) into exactly the points of the sweep run whole.
// `cancel` stops it, running replays included; the points found until then are returned.
// `progress` is called from worker threads, never concurrently.
SweepResult runSweep(const PreparedTrace& trace, const SweepSpec& spec, const std::atomic<bool>* cancel = nullptr,
                     const std::function<void(const SweepProgress&)>& progress = {});

// The points of several shards of one sweep, as runSweep on the whole would give them.
std::vector<SweepPoint> mergePoints(std::vector<std::vector<SweepPoint>> shards);

// Bytes of [lo, hi] whose execution the (resolved) points certify.
int64_t certifiedBytes(const std::vector<SweepPoint>& points, int64_t lo, int64_t hi);

// Distinct executions among the (resolved) points.
int64_t distinctExecutions(const std::vector<SweepPoint>& points);

// Points a cap cut short (unresolved).
int64_t unresolvedCount(const std::vector<SweepPoint>& points);
// Why points are unresolved, each reason once, in the points' order: a cap (--max-steps,
// --max-seconds), or something else, such as a formula's score that is not a number.
std::vector<std::string> unresolvedReasons(const std::vector<SweepPoint>& points);
// Whether a reason is a step or time cap, which a larger cap may lift (or none was kept).
bool isCapReason(const std::string& reason);
// Whether every unresolved point (if any) was left so by a cap.
bool onlyCapsLeftUnresolved(const std::vector<SweepPoint>& points);
// Whether there are points and every one fails: then no hole can lie among them.
bool everyPointFails(const std::vector<SweepPoint>& points);

// The budgets of a ratio grid: int(peak * (from + i * step)) for every i with ratio <= to.
std::vector<int64_t> ratioGrid(const Baseline& baseline, double from, double to, double step);

} // namespace holescope
