// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/EvictionPool.h"
#include "sim/DenseRegions.h"
#include "sim/SparseRegions.h"
#include "sim/StorageGraph.h"
#include "sim/Replay.h"

#include "policy/DtrScore.h"

#include <algorithm>
#include <chrono>
#include <limits>

namespace holescope {

const char* outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Complete: return "complete";
    case Outcome::Oom: return "oom";
    case Outcome::OverheadExceeded: return "overhead_exceeded";
    case Outcome::Unresolved: return "unresolved";
    }
    return "?";
}

std::vector<int32_t> unknownStorages(const Program& program, const std::vector<int32_t>& protect)
{
    std::vector<int32_t> unknown;
    for (int32_t id : protect)
        if (id < 0 || static_cast<size_t>(id) >= program.storageOfRoot.size() || program.storageOfRoot[static_cast<size_t>(id)] < 0)
            unknown.push_back(id);
    return unknown;
}

namespace {

// Ends a replay from anywhere inside it; caught once in run().
struct Stop {
    Outcome outcome;
    std::string reason;
};

template <typename Regions>
class ReplayEngine {
public:
    ReplayEngine(const Program& program, const StorageGraph& graph, const Baseline& baseline, const ReplayOptions& options)
        : P(program)
        , m_options(options)
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
        m_result.opsDone = m_opCount;
        m_result.clock = m_clock;
        m_result.maxMemory = m_maxMemory;
        return std::move(m_result);
    }

private:
    static size_t sidx(int32_t i) { return static_cast<size_t>(i); }
    const OpDef& opOf(int32_t t) const { return P.opOf(t); }
    int32_t storageOf(int32_t t) const { return P.tensors[sidx(t)].storage; }

    void computeModelOp(int32_t opIndex)
    {
        const OpDef& op = P.ops[sidx(opIndex)];
        ++m_opCount;
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
    }

    void release(int32_t t)
    {
        const int32_t s = storageOf(t);
        if (--m_refExt[sidx(s)] == 0 && m_material[sidx(s)] && !m_pinned[sidx(s)])
            evict(s);   // eager eviction
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
    }

    void lock(int32_t s)
    {
        if (m_refInt[sidx(s)]++ == 0)
            m_pool.remove(s);
    }

    void unlock(int32_t s)
    {
        if (--m_refInt[sidx(s)] == 0)
            m_pool.append(s);
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
            if (m_memory + op.totalSize > m_options.budget)
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
            m_pool.append(s);
        rebuildRegions();
        countStep();
    }

    void countStep()
    {
        ++m_result.steps;
        if (m_options.maxSteps > 0 && m_result.steps >= m_options.maxSteps)
            throw Stop{Outcome::Unresolved, "step cap reached (" + std::to_string(m_options.maxSteps) + " operator computations)"};
        if ((m_result.steps & 1023) == 0) {
            if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed))
                throw Stop{Outcome::Unresolved, "cancelled"};
            if (m_options.maxSeconds > 0) {
                const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - m_started;
                if (spent.count() > m_options.maxSeconds)
                    throw Stop{Outcome::Unresolved, "time cap reached (" + std::to_string(m_options.maxSeconds) + " s)"};
            }
        }
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

    void evict(int32_t s)
    {
        const StorageDef& sd = P.storages[sidx(s)];
        m_material[sidx(s)] = 0;
        m_memory -= sd.size;
        m_pool.remove(s);
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
        while (m_memory + request > m_options.budget) {
            const int32_t victim = chooseVictim();
            if (victim < 0)
                throw Stop{Outcome::Oom, {}};
            evict(victim);
        }
    }

    // Heuristic.choose: scan the pool in order, keep the LAST storage whose score is <= the
    // best so far, stop at the first score of exactly 0.
    int32_t chooseVictim()
    {
        double best = std::numeric_limits<double>::infinity();
        int32_t chosen = -1;
        for (int32_t s = m_pool.first(); s != EvictionPool::kNone; s = m_pool.next(s)) {
            if (m_protected[sidx(s)])
                continue;
            ++m_result.heuristicEvals;
            const int64_t compute = m_compute[sidx(s)] + m_regions.compute(s, false) + m_regions.compute(s, true);
            const double cost = dtrScore(compute, P.storages[sidx(s)].size, m_clock, m_lastAccess[sidx(s)]);
            if (cost <= best) {
                best = cost;
                chosen = s;
            }
            if (cost == 0)
                break;
        }
        return chosen;
    }

    const Program& P;
    const ReplayOptions& m_options;
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
    std::vector<Frame> m_frames;
    std::vector<int32_t> m_undefined;
};

} // namespace

ReplayResult replay(const PreparedTrace& trace, const ReplayOptions& options)
{
    bool dense = options.regions == RegionStore::Dense;
    if (options.regions == RegionStore::Automatic)
        dense = DenseRegions::bytesFor(trace.program.storages.size()) <= kDenseRegionBytes;
    if (dense)
        return ReplayEngine<DenseRegions>(trace.program, trace.graph, trace.baseline, options).run();
    return ReplayEngine<SparseRegions>(trace.program, trace.graph, trace.baseline, options).run();
}

} // namespace holescope
