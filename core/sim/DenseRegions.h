// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/RegionState.h"
#include "sim/ReplayWorkspace.h"
#include "sim/StorageGraph.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

namespace holescope {

// The evicted neighbourhoods ("regions") of simrd's optimized runtime, kept as bitsets, for every storage and
// both directions (forward along children, reverse along parents): the interior (evicted
// storages reachable through evicted storages), the frontier (material storages at its edge)
// and the summed compute of the interior.
//
// simrd maintains them incrementally: a storage that becomes material rebuilds its regions by a
// walk, its neighbours' regions are rebuilt too, and an evicted storage's regions are absorbed
// into its neighbours'. Absorbing adds the compute the absorbed storages have at that moment
// and counts the evicted storage again if it was inside already, so the sums can drift from a
// fresh walk; that drift is part of simrd's decisions and is reproduced here.
//
// Sets are bitsets over storage indices. Regions of pinned storages are never read (a pinned
// storage is never scored nor evicted), so pinned storages are left out of frontiers and their
// regions are not maintained.
//
// A rebuild is the union, over the base's evicted neighbours, of what each of them reaches. On
// an acyclic storage graph those reachable sets ("closures") are cached per evicted storage and
// kept until something they depend on changes: a storage on their way changes state (evicted,
// rebuilt, pinned) or gains an edge. Such a change invalidates the closures of the evicted
// storages upstream of it, and only those. A valid closure's evicted successors are valid too,
// so an invalidation walk stops at the first closure already invalid.
class DenseRegions {
public:
    using State = RegionState;

    DenseRegions(const StorageGraph& graph, size_t storages, State state);

    // Bytes the dense sets take for this many storages; above a limit the replay uses
    // SparseRegions instead.
    static size_t bytesFor(size_t storages) { return storages * ((storages + 63) / 64) * 8 * 2 * 3 * 2; }

    // Where the bitsets live: memory taken over from an earlier replay (see ReplayWorkspace),
    // or, by default, the store's own. Called before anything is written.
    void useWorkspace(ReplayWorkspace* workspace) { m_workspace = workspace; }

    // Lazy: a change only marks every cached closure stale, and the next rebuild forgets them
    // all. For a replay that rebuilds only in occasional batches (see ReplayEngine's dormant
    // regions) that costs less than finding the closures each change touches.
    void setLazyInvalidation(bool lazy);

    // Storage s was evicted, became material, or was pinned.
    void stateChanged(int32_t s);
    // A new operator made x a parent of y (x != y).
    void edgeAdded(int32_t x, int32_t y);
    void rebuild(int32_t base, bool reverse);
    // The region of `into` (in the given direction) absorbs the same-direction region of the
    // just-evicted storage `evicted`.
    void absorb(int32_t into, bool reverse, int32_t evicted);
    void clear(int32_t s);
    // The region's compute. Sums are taken lazily: most rebuilt regions are rebuilt again
    // before anyone scores them.
    int64_t compute(int32_t s, bool reverse)
    {
        if (!m_ready)
            return 0;
        const size_t r = index(s, reverse);
        if (m_pending[r])
            resolve(r);
        return m_compute[r];
    }
    // Whether the region's sum waits to be taken; until then computeSoFar is a lower bound of it.
    bool pending(int32_t s, bool reverse) const { return m_ready && m_pending[index(s, reverse)] != 0; }
    int64_t computeSoFar(int32_t s, bool reverse) const { return m_ready ? m_compute[index(s, reverse)] : 0; }
    // Must be called before storage s's compute changes: a pending sum over a region holding s
    // is taken with the value s had, as simrd's eager sum did.
    void computeWillChange(int32_t s);
    // Must be called once walks may have found storage s not material: when it is evicted, and
    // after an operator that created it if regions were rebuilt before it was computed (walks
    // in that operator's rematerializations see its edges). Until then no interior holds it.
    void unmaterialized(int32_t s) { m_unmaterialized[static_cast<size_t>(s)] = 1; }

    // Whether x is in the interior of s's region.
    bool interiorHas(int32_t s, bool reverse, int32_t x) const
    {
        if (!m_ready)
            return false;
        return (m_interior[index(s, reverse) * m_words + static_cast<size_t>(x) / 64] >> (x % 64)) & 1;
    }

    template <typename F>
    void forEachFrontier(int32_t s, bool reverse, F&& f) const
    {
        if (!m_ready)
            return;
        const size_t r = index(s, reverse);
        forEachBit(frontierBits(r), m_regionSpans[r].frontier, f);
    }

    void appendFrontier(int32_t s, bool reverse, std::vector<int32_t>& out) const
    {
        forEachFrontier(s, reverse, [&](int32_t f) { out.push_back(f); });
    }

private:
    // The words of a bitset that may hold bits (a slot's closure, a region): storages freed
    // together have neighbouring ids, so these sets are narrow next to the whole id range.
    struct WordSpan {
        uint32_t lo = UINT32_MAX, hi = 0;
        bool empty() const { return lo >= hi; }
        void add(size_t w)
        {
            lo = std::min(lo, static_cast<uint32_t>(w));
            hi = std::max(hi, static_cast<uint32_t>(w + 1));
        }
        void add(const WordSpan& o)
        {
            lo = std::min(lo, o.lo);
            hi = std::max(hi, o.hi);
        }
    };
    struct SlotSpans {
        WordSpan interior, frontier;
    };
    static WordSpan spanOf(const uint64_t* bits, WordSpan within);
    static void zero(uint64_t* bits, WordSpan span)
    {
        if (!span.empty())
            std::memset(bits + span.lo, 0, (span.hi - span.lo) * sizeof(uint64_t));
    }

    template <typename F>
    static void forEachBit(const uint64_t* bits, WordSpan span, F&& f)
    {
        for (size_t w = span.lo; w < span.hi; ++w)
            for (uint64_t b = bits[w]; b; b &= b - 1)
                f(static_cast<int32_t>(w * 64 + static_cast<size_t>(__builtin_ctzll(b))));
    }

    static size_t index(int32_t s, bool reverse) { return static_cast<size_t>(s) * 2 + (reverse ? 1 : 0); }
    uint64_t* interiorBits(size_t r) { return &m_interior[r * m_words]; }
    uint64_t* frontierBits(size_t r) { return &m_frontier[r * m_words]; }
    const uint64_t* frontierBits(size_t r) const { return &m_frontier[r * m_words]; }
    const StorageGraph::Edges& edges(bool reverse) const { return reverse ? m_graph.parents : m_graph.children; }
    // A storage's edges born so far, per direction: edges are sorted by birth, so the walks
    // need not read the births. Brought up to the operators created before every walk.
    struct LiveEdges {
        int32_t begin, end;
    };
    void takeNewEdges();
    std::vector<LiveEdges> m_live[2];
    int64_t m_liveOps = 0;
    bool material(int32_t s) const { return (*m_state.material)[static_cast<size_t>(s)] != 0; }
    bool pinned(int32_t s) const { return (*m_state.pinned)[static_cast<size_t>(s)] != 0; }
    int64_t sumCompute(const uint64_t* bits, WordSpan span) const;
    void resolve(size_t r);

    void walk(int32_t base, bool reverse, uint64_t* interior, uint64_t* frontier);
    static constexpr size_t kMaxOpened = 128;
    // A closure given up on before is tried again (see worthRecomputing) with room for a larger
    // area: the long chains of LSTM's evicted cells exceed kMaxOpened, and walking them at every
    // rebuild costs its thrashing budgets 10 to 15% more than computing them once.
    static constexpr size_t kMaxOpenedOnRetry = kMaxOpened * 16;
    std::optional<size_t> closure(int32_t s, bool reverse);   // slot of an evicted storage's valid closure
    bool worthRecomputing(int32_t s, bool reverse);
    void walkInto(int32_t s, bool reverse, uint64_t* interior, uint64_t* frontier);
    void invalidateUpstream(int32_t s, bool reverse);
    void forgetClosures();
    void orSlotInto(uint64_t* interior, uint64_t* frontier, size_t slot) const;
    void orSlotInto(uint64_t* interior, uint64_t* frontier, SlotSpans& spans, size_t slot) const;

    // The sets below are made by the first call that writes a region (before it every region is
    // empty): a replay that ends before it keeps regions, as one that runs out of memory early,
    // would spend more on them than on the rest of its run.
    void ensureSets();
    bool m_ready = false;

    const StorageGraph& m_graph;
    State m_state;
    size_t m_storages;
    size_t m_words;
    ReplayWorkspace* m_workspace = nullptr;
    std::unique_ptr<ReplayWorkspace> m_ownWorkspace;   // when no workspace was given
    // 2 regions per storage, m_words each. Left uninitialized: a region is written by its
    // first rebuild before anything reads it, and zeroing megabytes would cost a short replay
    // more than the replay itself.
    uint64_t* m_interior = nullptr;
    uint64_t* m_frontier = nullptr;
    // Per region, the words that may be non-zero (all of them until its first rebuild): a
    // rebuild zeroes only these, and sums and unions read only these.
    std::vector<SlotSpans> m_regionSpans;
    std::vector<int64_t> m_compute;   // while pending: the part not in the interior's sum
    std::vector<uint8_t> m_pending;   // compute = sum over the interior + m_compute
    std::vector<uint32_t> m_pendingList;   // each region at most once (m_listed); may hold resolved ones
    std::vector<uint8_t> m_listed;
    // The last sum taken of each region, the interior it was over, and the compute version then.
    uint64_t* m_summedInterior = nullptr;   // uninitialized too: read only once summed
    std::vector<WordSpan> m_summedSpan;   // the words of m_summedInterior that hold that interior
    std::vector<int64_t> m_summed;
    std::vector<uint64_t> m_summedVersion;
    uint64_t m_computeVersion = 1;
    std::vector<uint8_t> m_unmaterialized;   // see unmaterialized()

    // Cached closures (acyclic graphs only), per direction: whether valid, and the slot of each
    // storage's closure (interior then frontier bits) once it has one.
    std::vector<uint8_t> m_valid[2];
    std::vector<int32_t> m_slotOf[2];
    // How rebuilds have been using each storage's closure; see worthRecomputing.
    struct ClosureDemand {
        uint8_t gaveUp = 0;       // times closure() gave up on it lately
        uint8_t walksFirst = 0;   // walks to make, while it is not valid, before computing it again
        uint8_t walks = 0;        // walks made so far of those
        bool unread = false;      // computed for a rebuild, and not read since
    };
    static constexpr int kMaxWalksFirst = 15;
    std::vector<ClosureDemand> m_demand[2];
    bool m_lazyInvalidation = false;
    bool m_closuresStale = false;   // lazy: something changed since closures were last forgotten
    uint64_t* m_slots = nullptr;   // 2 * m_words per slot: interior then frontier
    uint64_t* slotBits(size_t slot) { return &m_slots[slot * 2 * m_words]; }
    const uint64_t* slotBits(size_t slot) const { return &m_slots[slot * 2 * m_words]; }
    std::vector<SlotSpans> m_slotSpans;   // the words of each slot's interior and frontier that may be non-zero
    static constexpr size_t kNoRegion = SIZE_MAX;
    size_t m_absorbedRegion = kNoRegion;   // the region absorbedSpans last measured, while unchanged
    SlotSpans m_absorbedSpans;
    const SlotSpans& absorbedSpans(size_t src);
    size_t m_slotCount = 0;
    struct WalkFrame {
        int32_t node;
        int32_t edge;
    };
    std::vector<WalkFrame> m_stack;
    std::unique_ptr<int32_t[]> m_walkStack;   // walkInto's, one entry per storage
    std::vector<int32_t> m_todo;
};

} // namespace holescope
