// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The replay engine, a template over how regions are kept and over what records the run;
// instantiated by replay() (no recorder) and recordReplay() (record/ReplayRecorder).

#include "sim/DenseRegions.h"
#include "sim/EvictionPool.h"
#include "sim/Replay.h"
#include "sim/SparseRegions.h"
#include "sim/StorageGraph.h"

#include "policy/DtrScore.h"

#include <algorithm>
#include <chrono>
#include <limits>
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
        , m_options(options)
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
        , m_regions(graph, program.storages.size(), RegionState{&m_material, &m_pinned, &m_compute, &m_opCount})
    {
        m_result.budget = options.budget;
        if (options.overheadLimit)
            m_rematLimit = static_cast<long double>(static_cast<double>(baseline.compute) * (*options.overheadLimit - 1.0));
        for (int32_t id : options.protect) {
            const int32_t s = program.storageOfRoot[static_cast<size_t>(id)];
            m_protected[static_cast<size_t>(s)] = 1;
        }
        m_started = std::chrono::steady_clock::now();
    }

    ReplayResult run()
    {
        try {
            for (const Step& step : P.schedule) {
                switch (step.kind) {
                case StepKind::Compute: computeModelOp(step.index); break;
                case StepKind::Get: m_refExt[sidx(P.storageOf(step.index))] += 1; break;
                case StepKind::Release: release(step.index); break;
                case StepKind::Pin: pin(step.index); break;
                }
            }
            m_result.outcome = Outcome::Complete;
        } catch (const Stop& stop) {
            m_result.outcome = stop.outcome;
            m_result.reason = stop.reason;
        }
        if constexpr (kRecording) {
            m_needers.clear();
            if (m_result.outcome != Outcome::Complete)
                for (const Frame& f : m_frames)
                    m_needers.push_back(f.tensor);
            m_rec.ended(at(), m_result.outcome, m_result.outcome == Outcome::Oom ? m_lastShort : 0,
                        m_result.outcome == Outcome::Oom ? 0 : m_pool.size(), m_lockedBytes, m_compute, m_needers);
        }
        m_result.opsDone = m_opCount;
        m_result.clock = m_clock;
        m_result.maxMemory = m_maxMemory;
        return std::move(m_result);
    }

private:
    static size_t sidx(int32_t i) { return static_cast<size_t>(i); }
    ReplayMoment at() const { return {m_opCount, m_clock, m_memory}; }
    const OpDef& opOf(int32_t t) const { return P.opOf(t); }
    int32_t storageOf(int32_t t) const { return P.tensors[sidx(t)].storage; }

    void computeModelOp(int32_t opIndex)
    {
        const OpDef& op = P.ops[sidx(opIndex)];
        ++m_opCount;
        m_rec.modelOpStarted();
        for (int32_t k = 0; k < op.outputs(); ++k) {
            const int32_t t = op.firstOutput + k;
            const int32_t s = storageOf(t);
            const StorageDef& sd = P.storages[sidx(s)];
            // A storage's compute is the summed cost of the distinct operators among its
            // tensors; outputs of one operator are consecutive on a storage.
            const int32_t before = m_visible[sidx(s)];
            if (op.cost != 0 && (before == 0 || P.tensors[sidx(sd.tensors[sidx(before - 1)])].op != opIndex)) {
                m_regions.computeWillChange(s);
                m_compute[sidx(s)] += op.cost;
            }
            m_visible[sidx(s)] = before + 1;
            m_refExt[sidx(s)] += 1;
        }
        for (int32_t k = 0; k < op.outputs(); ++k)
            for (int32_t arg : op.args)
                if (storageOf(arg) != storageOf(op.firstOutput + k))
                    m_regions.edgeAdded(storageOf(arg), storageOf(op.firstOutput + k));
        materialize(op.firstOutput, /*remat=*/false);
        for (int32_t k = 0; k < op.outputs(); ++k)
            m_lastAccess[sidx(storageOf(op.firstOutput + k))] = m_clock;
        if constexpr (kRecording)
            m_rec.sampled(at(), opIndex, m_lockedBytes, m_poolBytes, m_result.rematCompute, m_result.evictions);
    }

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
        lock(s);
        m_pinned[sidx(s)] = 1;
        m_regions.stateChanged(s);
        m_rec.pinned(at(), s);
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
        rebuildRegions();
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
        // Cancel and time are looked at every 1024 computations: free on the hot path.
        if (m_result.steps > 0 && (m_result.steps & 1023) == 0) {
            if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed))
                throw Stop{Outcome::Unresolved, "cancelled"};
            if (m_options.maxSeconds > 0) {
                const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - m_started;
                if (spent.count() > m_options.maxSeconds)
                    throw Stop{Outcome::Unresolved, "time cap reached (" + std::to_string(m_options.maxSeconds) + " s)"};
            }
        }
        ++m_result.steps;
    }

    // RuntimeV2Optimized._compute: rebuild both regions of every storage that just became
    // material, then the regions on their frontiers that now border it.
    void rebuildRegions()
    {
        m_affected.clear();
        m_affectedRev.clear();
        for (int32_t s : m_rematStorages) {
            m_regions.rebuild(s, false);
            m_regions.rebuild(s, true);
            m_regions.appendFrontier(s, true, m_affected);
            m_regions.appendFrontier(s, false, m_affectedRev);
        }
        // Frontiers hold no pinned storage, so every region named here is one that is read.
        sortUnique(m_affected);
        sortUnique(m_affectedRev);
        for (int32_t s : m_affected)
            m_regions.rebuild(s, false);
        for (int32_t s : m_affectedRev)
            m_regions.rebuild(s, true);
    }

    static void sortUnique(std::vector<int32_t>& v)
    {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
    }

    void evict(int32_t s, EvictReason reason, double score = kNan, double runnerUp = kNan, int64_t scanned = 0, double probeScore = kNan)
    {
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
        m_regions.evicted(s);
        m_regions.stateChanged(s);
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

    // Heuristic.choose: scan the pool in order, keep the LAST storage whose score is <= the
    // best so far, stop at the first score of exactly 0.
    Choice chooseVictim()
    {
        double best = std::numeric_limits<double>::infinity();
        [[maybe_unused]] double second = std::numeric_limits<double>::infinity();
        int32_t chosen = -1;
        int64_t scanned = 0;
        [[maybe_unused]] double probeScore = kNan;
        for (int32_t s = m_pool.first(); s != EvictionPool::kNone; s = m_pool.next(s)) {
            if (m_protected[sidx(s)])
                continue;
            ++scanned;
            const int64_t compute = m_compute[sidx(s)] + m_regions.compute(s, false) + m_regions.compute(s, true);
            const double cost = dtrScore(compute, P.storages[sidx(s)].size, m_clock, m_lastAccess[sidx(s)]);
            if constexpr (kRecording)
                if (s == m_rec.probe())
                    probeScore = cost;
            if (cost <= best) {
                if constexpr (kRecording)
                    if (chosen >= 0)
                        second = std::min(second, best);
                best = cost;
                chosen = s;
            } else if constexpr (kRecording) {
                second = std::min(second, cost);
            }
            if (cost == 0)
                break;
        }
        m_result.heuristicEvals += scanned;
        Choice c;
        c.storage = chosen;
        c.score = best;
        c.scanned = scanned;
        if constexpr (kRecording) {
            c.runnerUp = scanned > 1 ? second : kNan;
            c.probeScore = probeScore;
        }
        return c;
    }

    static constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

    const Program& P;
    const ReplayOptions& m_options;
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
    std::vector<int32_t> m_affected, m_affectedRev;
    std::vector<int32_t> m_rematStorages;
    int64_t m_lastShort = 0;           // bytes still short when the run ran out of memory
    int64_t m_lockedBytes = 0;         // recording only: resident and locked or pinned
    int64_t m_poolBytes = 0;           // recording only: resident and evictable
    std::vector<int32_t> m_needers;
    std::vector<Frame> m_frames;
    std::vector<int32_t> m_undefined;
};


// Runs the engine with the region store the options (or the trace's size) call for.
template <typename Recorder>
ReplayResult runReplay(const PreparedTrace& trace, const ReplayOptions& options, Recorder& recorder)
{
    bool dense = options.regions == RegionStore::Dense;
    if (options.regions == RegionStore::Automatic)
        dense = DenseRegions::bytesFor(trace.program.storages.size()) <= kDenseRegionBytes;
    if (dense)
        return ReplayEngine<DenseRegions, Recorder>(trace.program, trace.graph, trace.baseline, options, recorder).run();
    return ReplayEngine<SparseRegions, Recorder>(trace.program, trace.graph, trace.baseline, options, recorder).run();
}

} // namespace holescope::detail
