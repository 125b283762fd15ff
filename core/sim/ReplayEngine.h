// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The replay engine, a template over how regions are kept and over what records the run;
// instantiated by replay() (no recorder) and recordReplay() (record/ReplayRecorder).

#include "sim/DenseRegions.h"
#include "sim/EvictionPool.h"
#include "sim/NullRegions.h"
#include "sim/PrefixCheckpoints.h"
#include "sim/Replay.h"
#include "sim/SparseRegions.h"
#include "sim/StorageGraph.h"

#include "policy/DtrScore.h"
#include "policy/EqClasses.h"
#include "policy/PythonRandom.h"
#include "policy/ScoreFormula.h"
#include "text/Numbers.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>

namespace holescope::detail {

// Ends a replay from anywhere inside it; caught once in run().
struct Stop {
    Outcome outcome;
    std::string reason;
};

// The recorder interface (see ReplayRecorder); a replay without a recorder uses this one, whose
// calls compile to nothing.
struct NullRecorder {
    using At = ReplayMoment;
    void modelOpStarted() {}
    void computed(At, int32_t, bool, std::span<const int32_t>, std::span<const int32_t>) {}
    void needed(int32_t, int64_t) {}
    void freeEntered(At, int64_t, int64_t) {}
    void budgetChecked(int64_t) {}
    void evicted(At, int32_t, EvictReason, double, double, int64_t, double) {}
    void pinned(At, int32_t) {}
    void released(At, int32_t, int32_t) {}
    void sampled(At, int32_t, int64_t, int64_t, int64_t, int64_t) {}
    void resampled(At, int64_t, int64_t) {}
    void closed(At, int64_t, int64_t, int64_t, int64_t) {}
    void ended(At, Outcome, int64_t, int64_t, int64_t, const std::vector<int64_t>&, std::span<const int32_t>) {}
    int32_t probe() const { return -1; }
};

template <typename Regions, typename Recorder>
class ReplayEngine {
    static constexpr bool kRecording = !std::is_same_v<Recorder, NullRecorder>;

public:
    ReplayEngine(const Program& program, const StorageGraph& graph, const Baseline& baseline, const ReplayOptions& options,
                 Recorder& recorder)
        : P(program)
        , G(graph)
        , m_options(options)
        , m_policy(options.policy)
        , m_rec(recorder)
        , m_pool(program.storages.size())
        , m_defined(program.tensors.size(), 0)
        , m_material(program.storages.size(), 0)
        , m_pinned(program.storages.size(), 0)
        , m_protected(program.storages.size(), 0)
        , m_refInt(program.storages.size(), 0)
        , m_refExt(program.storages.size(), 0)
        , m_lastAccess(program.storages.size(), kNeverAccessed)
        , m_compute(program.storages.size(), 0)
        , m_visible(program.storages.size(), 0)
        , m_regions(graph, program.storages.size(), RegionState{&m_material, &m_pinned, &m_compute, &m_walkedOps})
        , m_stale(program.storages.size() * 2, 0)
        , m_useEq(options.policy.usesEqClasses())
        , m_eq(m_useEq ? program.storages.size() : 0)
    {
        if (m_policy.kind == PolicyKind::Random)
            m_random.emplace(m_policy.seed);
        if (m_policy.kind == PolicyKind::Formula && m_policy.compiled)
            m_formula = std::make_unique<ScoreFormula::Evaluator>(*m_policy.compiled);
        if (m_policy.kind == PolicyKind::Foresight || (m_formula && m_policy.compiled->usesNextUse()))
            buildNextUses();
        if (m_formula) {
            m_evictCount.assign(program.storages.size(), 0);
            m_rebuildCount.assign(program.storages.size(), 0);
            m_everMaterial.assign(program.storages.size(), 0);
        }
        if constexpr (requires(Regions& r) { r.useWorkspace(options.workspace); })
            m_regions.useWorkspace(options.workspace);
        m_result.budget = options.budget;
        m_regionsLive = options.upkeep == RegionUpkeep::FromStart;
        m_regions.setLazyInvalidation(!m_regionsLive);
        if (options.overheadLimit)
            m_rematLimit = static_cast<long double>(static_cast<double>(baseline.compute) * (*options.overheadLimit - 1.0));
        for (int32_t id : options.protect) {
            const int32_t s = program.storageOfRoot[static_cast<size_t>(id)];
            m_protected[static_cast<size_t>(s)] = 1;
        }
        m_started = std::chrono::steady_clock::now();
    }

    // Replays the schedule, from the latest of the prefix's checkpoints the options allow.
    ReplayResult run(const PrefixCheckpoints* prefix)
    {
        try {
            size_t first = 0;
            if (const PrefixCheckpoint* c = resumePoint(prefix)) {
                restore(*c, *prefix);
                first = c->step;
            }
            for (size_t i = first; i < P.schedule.size(); ++i)
                runStep(P.schedule[i]);
            m_result.outcome = Outcome::Complete;
        } catch (const Stop& stop) {
            m_result.outcome = stop.outcome;
            m_result.reason = stop.reason;
            m_result.outsideOperator = stop.outcome != Outcome::Unresolved && m_runningOp == nullptr;
        }
        if constexpr (kRecording) {
            m_needers.clear();
            if (m_result.outcome != Outcome::Complete)
                for (const Frame& f : m_frames)
                    m_needers.push_back(f.tensor);
            if (m_result.outcome == Outcome::Complete)
                m_rec.closed(at(), m_lockedBytes, m_poolBytes, m_result.rematCompute, m_result.evictions);
            m_rec.ended(at(), m_result.outcome, m_result.outcome == Outcome::Oom ? m_lastShort : 0,
                        m_result.outcome == Outcome::Oom ? 0 : m_pool.size(), m_lockedBytes, m_compute, m_needers);
        }
        m_result.opsDone = m_opCount;
        m_result.clock = m_clock;
        m_result.maxMemory = m_maxMemory;
        return std::move(m_result);
    }

    // Runs with no budget (see PrefixCheckpoint), taking a checkpoint before every stride-th
    // operator until the run keeps regions: from then on its state is more than these hold.
    void capturePrefix(PrefixCheckpoints& out, size_t stride)
    {
        size_t computes = 0;
        try {
            for (size_t i = 0; i < P.schedule.size(); ++i) {
                const Step& step = P.schedule[i];
                if (step.kind == StepKind::Compute) {
                    if (m_regionsLive)
                        break;
                    if (computes > 0 && computes % stride == 0)
                        out.points.push_back(checkpoint(i));
                    ++computes;
                }
                runStep(step);
            }
        } catch (const Stop&) {
            // The checkpoints taken before the stop hold.
        }
        const size_t evictions = out.points.empty() ? 0 : out.points.back().evictions;
        for (size_t i = 0; i < evictions; ++i) {
            const EvictEntry& e = m_result.evictLog[i];
            out.evictions.push_back(PrefixCheckpoints::Eviction{e.op, P.storageOfRoot[sidx(e.storage)]});
        }
    }

private:
    static size_t sidx(int32_t i) { return static_cast<size_t>(i); }

    void runStep(const Step& step)
    {
        switch (step.kind) {
        case StepKind::Compute: computeModelOp(step.index); break;
        case StepKind::Get: m_refExt[sidx(P.storageOf(step.index))] += 1; break;
        case StepKind::Release: release(step.index); break;
        case StepKind::Pin: pin(step.index); break;
        }
    }

    // Where this replay may start instead of the first operator: only a replay whose state in
    // the prefix is the checkpoints' (no recorder, no policy state kept from the start, regions
    // deferred, and a limit no computation of the prefix exceeds).
    const PrefixCheckpoint* resumePoint(const PrefixCheckpoints* prefix) const
    {
        if (kRecording || !prefix || !m_options.fromCheckpoint || m_regionsLive || m_useEq || m_formula || m_rematLimit < 0)
            return nullptr;
        // A run cancelled or out of time already stops at its first look (see countStep): it
        // may skip no computation before it.
        int64_t cap = m_options.maxSteps;
        if (stopsAtNextLook())
            cap = cap > 0 ? std::min<int64_t>(cap, kLookEvery) : kLookEvery;
        return prefix->resumeAt(m_options.budget, cap);
    }

    PrefixCheckpoint checkpoint(size_t step) const
    {
        PrefixCheckpoint c;
        c.step = step;
        c.maxNeed = m_result.certifiedLo;
        c.clock = m_clock;
        c.memory = m_memory;
        c.maxMemory = m_maxMemory;
        c.opsDone = m_opCount;
        c.steps = m_result.steps;
        c.modelCompute = m_result.modelCompute;
        c.maxDepth = m_result.maxDepth;
        c.evictions = static_cast<size_t>(m_result.evictions);
        c.defined = m_defined;
        c.material = m_material;
        c.pinned = m_pinned;
        c.refInt = m_refInt;
        c.visible = m_visible;
        c.refExt = m_refExt;
        c.lastAccess = m_lastAccess;
        c.compute = m_compute;
        c.pool.reserve(static_cast<size_t>(m_pool.size()));
        for (int32_t s = m_pool.first(); s != EvictionPool::kNone; s = m_pool.next(s))
            c.pool.push_back(s);
        return c;
    }

    void restore(const PrefixCheckpoint& c, const PrefixCheckpoints& prefix)
    {
        m_clock = c.clock;
        m_memory = c.memory;
        m_maxMemory = c.maxMemory;
        m_opCount = c.opsDone;
        m_walkedOps = c.opsDone;
        m_result.steps = c.steps;
        m_result.modelCompute = c.modelCompute;
        m_result.maxDepth = c.maxDepth;
        m_result.certifiedLo = c.maxNeed;
        m_result.evictions = static_cast<int64_t>(c.evictions);
        m_defined = c.defined;
        m_material = c.material;
        m_pinned = c.pinned;
        m_refInt = c.refInt;
        m_visible = c.visible;
        m_refExt = c.refExt;
        m_lastAccess = c.lastAccess;
        m_compute = c.compute;
        for (int32_t s : c.pool)
            m_pool.append(s);
        for (size_t i = 0; i < c.evictions; ++i) {
            const int32_t s = prefix.evictions[i].storage;
            m_regions.unmaterialized(s);
            m_regions.stateChanged(s);
            if (m_options.logEvents)
                m_result.evictLog.push_back(EvictEntry{prefix.evictions[i].opsDone, P.storages[sidx(s)].root, P.storages[sidx(s)].size});
        }
    }

    ReplayMoment at() const { return {m_opCount, m_clock, m_memory}; }
    const OpDef& opOf(int32_t t) const { return P.opOf(t); }
    int32_t storageOf(int32_t t) const { return P.tensors[sidx(t)].storage; }

    void computeModelOp(int32_t opIndex)
    {
        const OpDef& op = P.ops[sidx(opIndex)];
        flushStaleRegions();
        ++m_opCount;
        m_rec.modelOpStarted();
        if (!m_regionsLive && hiddenFromKeptRegions(op))
            goLive();
        for (int32_t k = 0; k < op.outputs(); ++k) {
            const int32_t t = op.firstOutput + k;
            const int32_t s = storageOf(t);
            const StorageDef& sd = P.storages[sidx(s)];
            // A storage's compute is the summed cost of the distinct operators among its
            // tensors; outputs of one operator are consecutive on a storage.
            const int32_t before = m_visible[sidx(s)];
            if (m_useEq && before == 0)
                m_eq.created(s);
            if (op.cost != 0 && (before == 0 || P.tensors[sidx(sd.tensors[sidx(before - 1)])].op != opIndex)) {
                m_regions.computeWillChange(s);
                m_compute[sidx(s)] += op.cost;
            }
            m_visible[sidx(s)] = before + 1;
            m_refExt[sidx(s)] += 1;
        }
        m_walkedOps = m_opCount;
        announceEdges(op);
        m_runningOp = &op;
        m_walkedWhileRunning = false;
        materialize(op.firstOutput, /*remat=*/false);
        m_runningOp = nullptr;
        // Rebuilds in this operator's rematerializations walked its edges, and may have found
        // its outputs not computed yet and taken them into interiors (see runningOpUncomputed).
        if (m_walkedWhileRunning)
            for (int32_t k = 0; k < op.outputs(); ++k)
                m_regions.unmaterialized(storageOf(op.firstOutput + k));
        for (int32_t k = 0; k < op.outputs(); ++k)
            m_lastAccess[sidx(storageOf(op.firstOutput + k))] = m_clock;
        if constexpr (kRecording)
            m_rec.sampled(at(), opIndex, m_lockedBytes, m_poolBytes, m_result.rematCompute, m_result.evictions);
    }

    // Regions (ReplayEngineRegions.h).
    bool hiddenFromKeptRegions(const OpDef& op) const;
    void announceEdges(const OpDef& op);
    template <typename F>
    void walkAsSimrdSees(F&& f);
    void goLive();
    void refreshDormant(const std::vector<int32_t>& candidates);

    void release(int32_t t)
    {
        const int32_t s = storageOf(t);
        m_rec.released(at(), t, s);
        if (--m_refExt[sidx(s)] == 0 && m_material[sidx(s)] && !m_pinned[sidx(s)])
            evict(s, EvictReason::Eager);
    }

    void pin(int32_t t)
    {
        if (!m_defined[sidx(t)])
            materialize(t, /*remat=*/true);
        const int32_t s = storageOf(t);
        if (m_pinned[sidx(s)])
            return;
        flushStaleRegions();
        lock(s);
        m_pinned[sidx(s)] = 1;
        m_regions.stateChanged(s);
        m_rec.pinned(at(), s);
        if constexpr (kRecording)
            m_rec.resampled(at(), m_lockedBytes, m_poolBytes);
    }

    void lock(int32_t s)
    {
        if (m_refInt[sidx(s)]++ == 0) {
            poolRemove(s);
            if constexpr (kRecording)
                m_lockedBytes += P.storages[sidx(s)].size;
        }
    }

    void unlock(int32_t s)
    {
        if (--m_refInt[sidx(s)] == 0) {
            poolAppend(s);
            if constexpr (kRecording)
                m_lockedBytes -= P.storages[sidx(s)].size;
        }
    }

    // The pool's bytes are kept only for the recorder's samples.
    void poolAppend(int32_t s)
    {
        if constexpr (kRecording)
            if (!m_pool.contains(s))
                m_poolBytes += P.storages[sidx(s)].size;
        m_pool.append(s);
    }

    void poolRemove(int32_t s)
    {
        if constexpr (kRecording)
            if (m_pool.contains(s))
                m_poolBytes -= P.storages[sidx(s)].size;
        m_pool.remove(s);
    }

    // One pending materialization: the tensor, and its parents that were undefined when it
    // started (kept in m_undefined from `first`, `count` of them), `next` the one in progress.
    struct Frame {
        int32_t tensor;
        bool remat;
        bool childDone;
        uint32_t first;
        uint32_t count;
        uint32_t next;
    };

    // simrd's _materialize, with an explicit stack: cascades nest thousands deep.
    void materialize(int32_t root, bool remat)
    {
        const size_t base = m_frames.size();
        pushFrame(root, remat);
        while (m_frames.size() > base) {
            Frame& f = m_frames.back();
            if (f.next < f.count) {
                const int32_t p = m_undefined[f.first + f.next];
                if (f.childDone || m_defined[sidx(p)]) {
                    lock(storageOf(p));
                    f.childDone = false;
                    ++f.next;
                } else {
                    f.childDone = true;
                    pushFrame(p, /*remat=*/true);   // invalidates f
                }
                continue;
            }
            const Frame done = f;
            const OpDef& op = opOf(done.tensor);
            if (exceedsBudget(m_memory + op.totalSize))
                freeMemory(op.totalSize);
            computeTensor(done.tensor, done.remat);
            for (int32_t p : op.args)
                unlock(storageOf(p));
            m_undefined.resize(done.first);
            m_frames.pop_back();
            if (static_cast<long double>(m_result.rematCompute) > m_rematLimit)
                throw Stop{Outcome::OverheadExceeded, {}};
        }
    }

    void pushFrame(int32_t t, bool remat)
    {
        const OpDef& op = opOf(t);
        if constexpr (kRecording)
            if (remat && !m_material[sidx(storageOf(t))])
                m_rec.needed(storageOf(t), m_opCount);
        for (int32_t p : op.args)
            m_lastAccess[sidx(storageOf(p))] = m_clock;
        const auto first = static_cast<uint32_t>(m_undefined.size());
        for (int32_t p : op.args) {
            if (m_defined[sidx(p)])
                lock(storageOf(p));
            else
                m_undefined.push_back(p);
        }
        m_frames.push_back(Frame{t, remat, false, first, static_cast<uint32_t>(m_undefined.size()) - first, 0});
        m_result.maxDepth = std::max(m_result.maxDepth, static_cast<int32_t>(m_frames.size()) - 1);
    }

    void computeTensor(int32_t t, bool remat)
    {
        countStep();
        const OpDef& op = opOf(t);
        const int32_t self = P.tensors[sidx(t)].index;
        m_rematStorages.clear();
        int64_t dupBytes = 0;
        for (int32_t k = 0; k < op.outputs(); ++k) {
            if (k == self)
                continue;
            const int32_t u = op.firstOutput + k;
            if (m_defined[sidx(u)])
                dupBytes += op.sizes[sidx(k)];
            if (!m_material[sidx(storageOf(u))])
                m_rematStorages.push_back(storageOf(u));
        }
        if (!m_material[sidx(storageOf(t))])
            m_rematStorages.push_back(storageOf(t));

        m_clock += op.cost;
        m_memory += op.totalSize;
        m_maxMemory = std::max(m_maxMemory, m_memory);
        (remat ? m_result.rematCompute : m_result.modelCompute) += op.cost;
        for (int32_t k = 0; k < op.outputs(); ++k) {
            const int32_t u = op.firstOutput + k;
            m_defined[sidx(u)] = 1;
            m_material[sidx(storageOf(u))] = 1;
        }
        for (int32_t s : m_rematStorages)
            m_regions.stateChanged(s);
        m_memory -= dupBytes;
        for (int32_t s : m_rematStorages)
            poolAppend(s);
        if (m_regionsLive) {
            rebuildRegions();
        } else if (remat && runningOpUncomputed() && m_policy.usesRegions() && (rebuildsSeeRunningEdges() || dormancyCostsMore())) {
            goLive();
            rebuildRegions();
        }
        if (m_useEq)
            for (int32_t s : m_rematStorages)
                m_eq.materialized(s, m_compute[sidx(s)]);
        if (m_formula)
            for (int32_t s : m_rematStorages) {
                if (m_everMaterial[sidx(s)])
                    m_rebuildCount[sidx(s)] += 1;
                m_everMaterial[sidx(s)] = 1;
            }
        if constexpr (kRecording) {
            m_needers.clear();
            for (size_t i = 0; i + 1 < m_frames.size(); ++i)
                m_needers.push_back(m_frames[i].tensor);
            m_rec.computed(at(), t, remat, m_needers, m_rematStorages);
        }
    }

    // Before each computation: a run that needs exactly maxSteps computations still completes.
    void countStep()
    {
        if (m_options.maxSteps > 0 && m_result.steps >= m_options.maxSteps)
            throw Stop{Outcome::Unresolved, "step cap reached (" + std::to_string(m_options.maxSteps) + " operator computations)"};
        // Trace totals stay under 2^52 ns; only a runaway cascade gets the clock this far.
        if (m_clock > (int64_t{1} << 62))
            throw Stop{Outcome::Unresolved, "the clock passed 2^62 ns"};
        // Cancel, time and the record's size are looked at every kLookEvery computations: free on the hot path.
        if (m_result.steps > 0 && m_result.steps % kLookEvery == 0) {
            if (cancelled())
                throw Stop{Outcome::Unresolved, "cancelled"};
            if (outOfTime()) {
                m_result.stoppedByTime = true;
                throw Stop{Outcome::Unresolved, "time cap reached (" + std::to_string(m_options.maxSeconds) + " s)"};
            }
            if constexpr (kRecording)
                if (m_options.maxRecordBytes > 0 && m_rec.bytes() > m_options.maxRecordBytes)
                    throw Stop{Outcome::Unresolved, "record size cap reached: the record took more than " + recordCapText()};
        }
        ++m_result.steps;
    }

    std::string recordCapText() const
    {
        const int64_t cap = m_options.maxRecordBytes;
        return cap % (int64_t{1} << 20) == 0 ? groupDigits(cap >> 20) + " MiB" : groupDigits(cap) + " bytes";
    }

    static constexpr int64_t kLookEvery = 1024;
    bool cancelled() const { return m_options.cancel && m_options.cancel->load(std::memory_order_relaxed); }
    bool outOfTime() const
    {
        return m_options.maxSeconds > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - m_started).count() > m_options.maxSeconds;
    }
    bool stopsAtNextLook() const { return cancelled() || outOfTime(); }

    void rebuildRegions();

    // Fresh walks while dormant (a pair of rebuilds each) have cost half what building every
    // region once would: keeping them from now on is likely to cost less. (Half, not all: on
    // the golden runs it gives the shortest times of the fractions tried, 1, 1/2 and 1/4.)
    bool dormancyCostsMore() const { return m_dormantRefreshes * 2 > static_cast<int64_t>(P.storages.size()); }

    bool rebuildsSeeRunningEdges();
    bool seesRunningEdges(int32_t base, bool reverse) const;

    // The running model operator's outputs are not computed yet (they are defined together).
    bool runningOpUncomputed() const { return m_runningOp && !m_defined[sidx(m_runningOp->firstOutput)]; }

    void markStale(int32_t s, bool reverse);
    void flushStaleRegions();

    void evict(int32_t s, EvictReason reason, double score = kNan, double runnerUp = kNan, int64_t scanned = 0, double probeScore = kNan)
    {
        flushStaleRegions();
        const StorageDef& sd = P.storages[sidx(s)];
        m_material[sidx(s)] = 0;
        m_memory -= sd.size;
        poolRemove(s);
        m_rec.evicted(at(), s, reason, score, runnerUp, scanned, probeScore);
        for (int32_t i = 0; i < m_visible[sidx(s)]; ++i)
            m_defined[sidx(sd.tensors[sidx(i)])] = 0;
        ++m_result.evictions;
        if (m_options.logEvents)
            m_result.evictLog.push_back(EvictEntry{m_opCount, sd.root, sd.size});

        // RuntimeV2Optimized._evict: the neighbours' regions swallow this one. A storage pinned
        // since it entered a frontier has a region nobody reads; skip it.
        m_regions.unmaterialized(s);
        m_regions.stateChanged(s);
        if (m_regionsLive) {
            m_regions.forEachFrontier(s, true, [&](int32_t ps) {
                if (!m_pinned[sidx(ps)])
                    m_regions.absorb(ps, false, s);
            });
            m_regions.forEachFrontier(s, false, [&](int32_t cs) {
                if (!m_pinned[sidx(cs)])
                    m_regions.absorb(cs, true, s);
            });
            m_regions.clear(s);
        }
        if (m_useEq) {
            m_neighbours.clear();
            forEachEvictedNeighbour(s, [&](int32_t n) { m_neighbours.push_back(n); });
            m_eq.evicted(s, m_compute[sidx(s)], m_neighbours);
        }
        if (m_formula)
            m_evictCount[sidx(s)] += 1;
    }

    void freeMemory(int64_t request)
    {
        if (m_options.logEvents)
            m_result.freeLog.push_back(FreeEntry{m_opCount, m_memory + request - m_options.budget});
        m_rec.freeEntered(at(), request, m_memory + request - m_options.budget);
        while (exceedsBudget(m_memory + request)) {
            const Choice c = chooseVictim();
            if (c.storage < 0) {
                m_lastShort = m_memory + request - m_options.budget;
                throw Stop{Outcome::Oom, {}};
            }
            evict(c.storage, EvictReason::Pressure, c.score, c.runnerUp, c.scanned, c.probeScore);
        }
    }

    // Every decision that depends on the budget goes through here. Keeping the tightest needs on
    // either side certifies the budget interval that gives this very execution.
    bool exceedsBudget(int64_t need)
    {
        m_rec.budgetChecked(need);
        if (need > m_options.budget) {
            m_result.certifiedHi = std::min(m_result.certifiedHi, need - 1);
            return true;
        }
        m_result.certifiedLo = std::max(m_result.certifiedLo, need);
        return false;
    }

    struct Choice {
        int32_t storage = -1;
        double score = kNan;
        double runnerUp = kNan;   // best score among the others scanned (recording only)
        int64_t scanned = 0;
        double probeScore = kNan;  // the recorder's probe storage's score, if it was scanned (recording only)
    };

    // The victim (ReplayEngineChoice.h).
    Choice chooseVictim();
    Choice chooseRandom();
    bool isCandidate(int32_t s, bool isolatedOnly) const;
    Choice chooseByScore(bool isolatedOnly);
    bool scoreIsDtr() const;
    Choice chooseBySummedScore();
    Choice chooseAmongScanned();
    Choice chooseDormant();

    int64_t estar(int32_t s) { return m_compute[sidx(s)] + m_regions.compute(s, false) + m_regions.compute(s, true); }

    int64_t eqclassCompute(int32_t s);
    int64_t nextUse(int32_t s);
    void buildNextUses();
    template <typename F>
    void forEachEvictedNeighbour(int32_t s, F&& f) const;
    bool hasEvictedNeighbour(int32_t s) const;
    double scoreOf(int32_t s);

    static constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

    const Program& P;
    const StorageGraph& G;
    const ReplayOptions& m_options;
    const Policy& m_policy;
    Recorder& m_rec;
    ReplayResult m_result;
    long double m_rematLimit = std::numeric_limits<long double>::infinity();
    std::chrono::steady_clock::time_point m_started;

    int64_t m_clock = 1;
    int64_t m_memory = 0;
    int64_t m_maxMemory = 0;
    int64_t m_opCount = 0;

    EvictionPool m_pool;
    std::vector<uint8_t> m_defined;      // per tensor
    std::vector<uint8_t> m_material;     // per storage from here on
    std::vector<uint8_t> m_pinned;
    std::vector<uint8_t> m_protected;
    std::vector<int32_t> m_refInt;
    std::vector<int64_t> m_refExt;
    std::vector<int64_t> m_lastAccess;
    std::vector<int64_t> m_compute;
    std::vector<int32_t> m_visible;      // tensors created so far on the storage
    Regions m_regions;
    bool m_regionsLive = false;              // see walkAsSimrdSees
    int64_t m_dormantRefreshes = 0;          // candidates given fresh walks while dormant
    int64_t m_walkedOps = 0;                 // operators whose edges region walks see
    const OpDef* m_runningOp = nullptr;      // the model operator whose outputs are being made
    bool m_walkedWhileRunning = false;       // regions were rebuilt before its outputs were computed
    std::vector<int32_t> m_affected, m_affectedRev;
    std::vector<uint8_t> m_stale;          // regions whose rebuild waits for flushStaleRegions
    std::vector<uint32_t> m_staleList;     // their indices (storage * 2 + reverse)
    struct Scanned {
        int32_t storage;
        double score;   // exact, or while `bound`, a lower bound
        bool bound;
    };
    std::vector<Scanned> m_scanned;   // chooseBySummedScore's candidates, in pool order
    std::vector<uint32_t> m_byBound;  // chooseDormant's: indices into m_scanned by ascending bound
    std::vector<int32_t> m_rematStorages;
    int64_t m_lastShort = 0;           // bytes still short when the run ran out of memory
    int64_t m_lockedBytes = 0;         // recording only: resident and locked or pinned
    int64_t m_poolBytes = 0;           // recording only: resident and evictable
    std::vector<int32_t> m_needers;
    std::vector<Frame> m_frames;
    std::vector<int32_t> m_undefined;
    bool m_useEq;
    EqClasses m_eq;
    std::optional<PythonRandom> m_random;   // the random policy only
    std::unique_ptr<ScoreFormula::Evaluator> m_formula;
    std::vector<int32_t> m_candidates, m_neighbours, m_roots;
    std::vector<int32_t> m_useStart, m_uses, m_useCursor;   // per storage: the operators that read it, sorted
    std::vector<int32_t> m_evictCount, m_rebuildCount;      // formula features
    std::vector<uint8_t> m_everMaterial;
};

} // namespace holescope::detail

#include "sim/ReplayEngineChoice.h"
#include "sim/ReplayEngineRegions.h"

namespace holescope::detail {

// Runs the engine with the region store the options (or the trace's size, or the policy) call for.
template <typename Recorder>
ReplayResult runEngine(const PreparedTrace& trace, const ReplayOptions& options, Recorder& recorder)
{
    if (!options.policy.usesRegions())
        return ReplayEngine<NullRegions, Recorder>(trace.program, trace.graph, trace.baseline, options, recorder).run(&trace.prefix);
    bool dense = options.regions == RegionStore::Dense;
    if (options.regions == RegionStore::Automatic)
        dense = DenseRegions::bytesFor(trace.program.storages.size()) <= kDenseRegionBytes;
    if (dense)
        return ReplayEngine<DenseRegions, Recorder>(trace.program, trace.graph, trace.baseline, options, recorder).run(&trace.prefix);
    return ReplayEngine<SparseRegions, Recorder>(trace.program, trace.graph, trace.baseline, options, recorder).run(&trace.prefix);
}

template <typename Recorder>
ReplayResult runMonotone(const PreparedTrace& trace, const ReplayOptions& options, Recorder& recorder);

template <typename Recorder>
ReplayResult runReplay(const PreparedTrace& trace, const ReplayOptions& options, Recorder& recorder)
{
    if (options.policy.kind == PolicyKind::Monotone)
        return runMonotone(trace, options, recorder);
    return runEngine(trace, options, recorder);
}

} // namespace holescope::detail

#include "sim/MonotoneReplay.h"
