// SPDX-License-Identifier: GPL-3.0-or-later
#include "forensics/PairExplainer.h"

#include "forensics/FailureAnatomy.h"
#include "forensics/PairLockstep.h"
#include "forensics/RunAlignment.h"
#include "record/ReplayRecorder.h"
#include "sweep/WorkerThreads.h"
#include "text/Numbers.h"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <utility>

namespace holescope {
namespace {

RunSummary summaryOf(const ReplayResult& r)
{
    return RunSummary{r.budget, r.outcome, r.opsDone, r.clock, r.rematCompute, r.evictions, r.maxDepth, r.certifiedLo, r.certifiedHi,
                      r.executionBudget};
}

void checkRoles(const ReplayResult& failing, const ReplayResult& completing)
{
    // A run a cap stopped neither fails nor completes: the pair cannot be explained until the
    // cap lets it end.
    for (const auto& [role, r] : {std::pair{"failing", &failing}, std::pair{"completing", &completing}})
        if (r->outcome == Outcome::Unresolved)
            throw ExplainError(std::string("the ") + role + " budget, " + groupDigits(r->budget) + " bytes, was stopped at operator "
                               + groupDigits(r->opsDone) + ", before its run ended: " + r->reason + "; raise that cap to explain the pair");
    if (!isFailure(failing.outcome))
        throw ExplainError("the failing budget, " + groupDigits(failing.budget) + " bytes, does not fail: it completes");
    if (completing.outcome != Outcome::Complete)
        throw ExplainError("the completing budget, " + groupDigits(completing.budget) + " bytes, does not complete: "
                           + outcomeName(completing.outcome) + " " + failurePlace(completing.opsDone, completing.outsideOperator));
}

// Per storage, the event of the run's last eviction to make room before operator `failOp`:
// the one that left it missing for the failure's cascade (earlier ones were undone by rebuilds).
std::map<int32_t, uint32_t> lastPressureEvictions(const RunRecord& run, int64_t failOp)
{
    std::map<int32_t, uint32_t> last;
    for (uint32_t i = 0; i < run.events.size(); ++i) {
        const RunEvent& e = run.events[i];
        if (e.op >= failOp)
            break;
        if (e.kind == EventKind::Evict && e.reason == EvictReason::Pressure)
            last[e.storage] = i;
    }
    return last;
}

// The failing run's one-sided eviction, before the failing operator, of a storage its cascade
// rebuilt, that stayed evicted until then (its last eviction), and that the completing run
// holds entering the failing operator; the latest such. Evictions during the failing operator
// are the cascade's own doing; a storage both runs lack there is no difference between them.
const OneSidedEviction* findCulpritEviction(const std::vector<OneSidedEviction>& oneSided, const std::set<int32_t>& rebuilt,
                                            const std::map<int32_t, uint32_t>& lastEvictions, const std::set<int32_t>& completingHolds,
                                            int64_t failOp)
{
    const OneSidedEviction* best = nullptr;
    for (const OneSidedEviction& e : oneSided) {
        if (e.side != PairSide::Failing || e.op >= failOp || rebuilt.count(e.storage) == 0 || completingHolds.count(e.storage) == 0)
            continue;
        const auto last = lastEvictions.find(e.storage);
        if (last == lastEvictions.end() || last->second != e.event)
            continue;
        if (best == nullptr || e.event > best->event)
            best = &e;
    }
    return best;
}

// What made the failing run short where the completing one was not: among the storages the
// failing run carries into the culprit's operator, the one the completing run evicted last.
void traceKeyDivergence(const Program& program, const RunRecord& failing, const RunRecord& completing,
                        const OneSidedEviction& culprit, PairExplanation& x)
{
    PairLockstep lockstep(program, failing, completing);
    lockstep.advanceThrough(culprit.op - 1);
    const auto carried = lockstep.heldOnlyBy(PairSide::Failing);
    const PairLockstep::Carried* best = nullptr;
    for (const auto& c : carried) {
        if (c.cause.side != PairSide::Completing)
            continue;
        const RunEvent& e = completing.events[c.cause.event];
        if (e.kind != EventKind::Evict || e.reason != EvictReason::Pressure)
            continue;
        if (best == nullptr || e.op > completing.events[best->cause.event].op
            || (e.op == completing.events[best->cause.event].op && c.cause.event < best->cause.event))
            best = &c;
    }
    CulpritEviction& ce = x.culpritEviction.emplace();
    ce.op = culprit.op;
    ce.storage = culprit.storage;
    ce.bytes = culprit.bytes;
    ce.bytesShort = culprit.bytesShort;
    ce.neededAfter = culprit.neededAfter;
    ce.carriedBytes = lockstep.bytesHeldOnlyBy(PairSide::Failing);
    ce.carriedStorages = static_cast<int32_t>(carried.size());
    ce.lackedBytes = lockstep.bytesHeldOnlyBy(PairSide::Completing);
    ce.lackedStorages = static_cast<int32_t>(lockstep.heldOnlyBy(PairSide::Completing).size());
    if (best == nullptr) {
        x.key = divergenceAt(failing, PairSide::Failing, culprit.event);
        return;
    }
    x.key = divergenceAt(completing, PairSide::Completing, best->cause.event);
    for (uint32_t i = culprit.event; i-- > 0 && failing.events[i].op == culprit.op;)
        if (failing.events[i].kind == EventKind::Evict && failing.events[i].storage == x.key.storage)
            ce.carriedEvictedFirst = true;
    x.keyCarried.push_back(x.key.storage);
    for (const auto& c : carried) {
        const RunEvent& e = completing.events[c.cause.event];
        if (c.cause.side == PairSide::Completing && e.op == x.key.op && e.storage != x.key.storage)
            x.keyCarried.push_back(e.storage);
    }
}

struct Candidate {
    int32_t storage;
    int tier;                // -1: the culprit eviction's storage; 0: rebuilt by the failing cascade, its last
                             // eviction one the completing run does not make
    bool onlyFailing;
    int64_t lastEvicted;
    uint32_t lastEvent;      // that eviction's event in the failing run's record
};

std::vector<Candidate> culpritCandidates(const RunRecord& failing, const std::vector<OneSidedEviction>& oneSided,
                                         const std::set<int32_t>& rebuilt, const std::optional<CulpritEviction>& culprit, int64_t failOp)
{
    std::set<std::pair<int64_t, int32_t>> oneSidedFailing;
    for (const OneSidedEviction& e : oneSided)
        if (e.side == PairSide::Failing)
            oneSidedFailing.emplace(e.op, e.storage);
    std::vector<Candidate> out;
    for (const auto& [storage, event] : lastPressureEvictions(failing, failOp)) {
        const int64_t op = failing.events[event].op;
        const bool only = oneSidedFailing.count({op, storage}) != 0;
        const int tier = culprit && culprit->storage == storage ? -1 : only ? (rebuilt.count(storage) != 0 ? 0 : 1) : 2;
        out.push_back(Candidate{storage, tier, only, op, event});
    }
    // The storage the story names is tried first (U-Net's 3,634,308,800 B named 194 and tried
    // eight later evictions instead, offering a rescue at 2.44 where protecting 194 costs 1.33).
    // Then nearest the failure first, down to the eviction: many storages go in one operator's
    // free loop (the demo's 3,936 B evicts 25 in operator 58), and the storage id says nothing of them.
    std::sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) {
        return std::make_tuple(a.tier, -a.lastEvicted, -static_cast<int64_t>(a.lastEvent))
               < std::make_tuple(b.tier, -b.lastEvicted, -static_cast<int64_t>(b.lastEvent));
    });
    return out;
}

void searchCulprits(const PreparedTrace& trace, const ExplainRequest& request, const std::vector<Candidate>& candidates,
                    const std::atomic<bool>* cancel, const ExplainProgress& progress, PairExplanation& x)
{
    const size_t singles = std::min(candidates.size(), static_cast<size_t>(std::max(request.culprits, 0)));
    std::vector<CulpritTrial> trials;
    for (size_t i = 0; i < singles; ++i) {
        CulpritTrial t;
        t.storages = {candidates[i].storage};
        t.onlyFailing = candidates[i].onlyFailing;
        t.lastEvicted = candidates[i].lastEvicted;
        trials.push_back(t);
    }
    const WorkerThreads threads(request.jobs);
    const RegionStore regions = threads.regionsFor(request.replay.regions, trace.program.storages.size());
    tbb::task_arena arena(threads.count());
    std::atomic<int64_t> done{0};
    tbb::enumerable_thread_specific<ReplayWorkspace> workspaces;   // a thread runs one replay at a time
    std::vector<uint8_t> finished;   // per trial: its replay ran to its end (not stopped by a cancel)
    auto run = [&](size_t from, size_t to) {
        finished.resize(trials.size(), 0);
        arena.execute([&] {
            tbb::parallel_for(from, to, [&](size_t i) {
                CulpritTrial& t = trials[i];
                if (cancel != nullptr && cancel->load())
                    return;
                ReplayOptions o = request.replay;
                o.budget = request.failBudget;
                o.logEvents = false;
                o.cancel = cancel;
                o.regions = regions;
                o.workspace = &workspaces.local();
                o.protect.insert(o.protect.end(), t.storages.begin(), t.storages.end());
                const ReplayResult r = replay(trace, o);
                t.outcome = r.outcome;
                t.opsDone = r.opsDone;
                t.outsideOperator = r.outsideOperator;
                t.clock = r.clock;
                t.rematCompute = r.rematCompute;
                t.evictions = r.evictions;
                finished[i] = !(r.outcome == Outcome::Unresolved && cancel != nullptr && cancel->load());
                if (progress)
                    progress("protecting", ++done, static_cast<int64_t>(trials.size()));
            });
        });
    };
    run(0, trials.size());
    const bool rescued = std::any_of(trials.begin(), trials.end(), [](const CulpritTrial& t) { return t.rescues(); });
    if (request.pairs && !rescued && !(cancel != nullptr && cancel->load())) {
        const size_t k = std::min<size_t>(singles, 6);
        const size_t first = trials.size();
        for (size_t i = 0; i < k; ++i)
            for (size_t j = i + 1; j < k; ++j) {
                CulpritTrial t;
                t.storages = {candidates[i].storage, candidates[j].storage};
                t.onlyFailing = candidates[i].onlyFailing && candidates[j].onlyFailing;
                t.lastEvicted = candidates[i].lastEvicted;
                trials.push_back(t);
            }
        run(first, trials.size());
    }
    // A cancel leaves trials that never ran, or stopped part way: they say nothing of the
    // storage ("unresolved at operator 0"), and are not counted as tried.
    std::vector<CulpritTrial> ran;
    for (size_t i = 0; i < trials.size(); ++i)
        if (finished[i])
            ran.push_back(std::move(trials[i]));
    trials = std::move(ran);
    x.pairsTried = std::any_of(trials.begin(), trials.end(), [](const CulpritTrial& t) { return t.storages.size() == 2; });
    x.culpritsTried = static_cast<int32_t>(trials.size());
    x.cancelled = cancel != nullptr && cancel->load();
    // Rescues first, the cheapest first; the rest in the order they were tried.
    std::stable_sort(trials.begin(), trials.end(), [](const CulpritTrial& a, const CulpritTrial& b) {
        if (a.rescues() != b.rescues())
            return a.rescues();
        return a.rescues() && a.rematCompute < b.rematCompute;
    });
    x.culprits = std::move(trials);
}

} // namespace

PairExplanation analyzePair(const Program& program, const RunRecord& failing, const RunRecord& completing, const ReplayOptions& options)
{
    PairExplanation x;
    x.options = options;
    x.options.budget = 0;
    x.options.logEvents = false;
    x.options.cancel = nullptr;
    x.failing = summaryOf(failing.result);
    x.completing = summaryOf(completing.result);
    x.first = firstDivergence(failing, completing);
    x.failure = failureAnatomy(program, failing);
    const auto rebuiltIds = rebuiltStorages(x.failure);
    const std::set<int32_t> rebuilt(rebuiltIds.begin(), rebuiltIds.end());

    PairLockstep lockstep(program, failing, completing);
    const int64_t last = std::min(failing.result.opsDone, completing.result.opsDone);
    CarriedBytes previous{-1, 0, 0};
    std::set<int32_t> completingHolds;   // storage ids the failure rebuilds that the completing run holds entering it
    for (int64_t op = 0; op <= last; ++op) {
        lockstep.advanceThrough(op);
        if (op == x.failure.op - 1)
            for (int32_t id : rebuilt)
                if (lockstep.holds(PairSide::Completing, program.storageOfRoot[static_cast<size_t>(id)]))
                    completingHolds.insert(id);
        auto sided = lockstep.oneSidedAt(op);
        x.oneSided.insert(x.oneSided.end(), sided.begin(), sided.end());
        const CarriedBytes now{op, lockstep.bytesHeldOnlyBy(PairSide::Failing), lockstep.bytesHeldOnlyBy(PairSide::Completing)};
        if (now.failingOnly != previous.failingOnly || now.completingOnly != previous.completingOnly)
            x.carried.push_back(now);
        previous = now;
    }

    if (const OneSidedEviction* culprit = findCulpritEviction(x.oneSided, rebuilt, lastPressureEvictions(failing, x.failure.op), completingHolds, x.failure.op)) {
        traceKeyDivergence(program, failing, completing, *culprit, x);
    } else {
        // No eviction of the failing run alone fed the cascade: the last divergence before it.
        const OneSidedEviction* latest = nullptr;
        for (const OneSidedEviction& e : x.oneSided)
            if (e.op < x.failure.op)
                latest = &e;
        x.key = latest != nullptr ? divergenceAt(latest->side == PairSide::Failing ? failing : completing, latest->side, latest->event)
                                  : x.first;
    }
    return x;
}

PairExplanation explainPair(const PreparedTrace& trace, const ExplainRequest& request, const std::atomic<bool>* cancel,
                            const ExplainProgress& progress)
{
    ReplayOptions options = request.replay;
    options.logEvents = false;
    if (options.cancel == nullptr)
        options.cancel = cancel;
    if (progress)
        progress("recording", 0, 2);
    ReplayOptions fo = options, ko = options;
    fo.budget = request.failBudget;
    ko.budget = request.okBudget;
    ko.workspace = nullptr;   // the two run at once; a workspace serves one replay at a time
    RunRecord failing, completing;
    tbb::parallel_invoke([&] { failing = recordReplay(trace, fo); }, [&] { completing = recordReplay(trace, ko); });
    if (cancel != nullptr && cancel->load()) {
        PairExplanation x;
        x.options = request.replay;
        x.options.cancel = nullptr;
        x.failing = summaryOf(failing.result);
        x.completing = summaryOf(completing.result);
        x.cancelled = true;
        return x;
    }
    checkRoles(failing.result, completing.result);
    if (progress)
        progress("comparing", 0, 1);
    PairExplanation x = analyzePair(trace.program, failing, completing, request.replay);
    if (progress)
        progress("comparing", 1, 1);
    const auto rebuiltIds = rebuiltStorages(x.failure);
    const std::set<int32_t> rebuilt(rebuiltIds.begin(), rebuiltIds.end());
    const auto candidates = culpritCandidates(failing, x.oneSided, rebuilt, x.culpritEviction, x.failure.op);
    searchCulprits(trace, request, candidates, cancel, progress, x);
    return x;
}

} // namespace holescope
