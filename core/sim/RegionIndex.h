// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/StorageGraph.h"

#include <cstdint>
#include <vector>

namespace holescope {

// The evicted neighbourhoods ("regions") of simrd's optimized runtime, for every storage and
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
// regions are not maintained. Within one batch of rebuilds the state does not change, so on an
// acyclic storage graph the reachable sets of each evicted storage are computed once per batch
// and shared by all the walks of the batch.
class RegionIndex {
public:
    // The engine's state the walks read; owned by the engine, must outlive this index.
    struct State {
        const std::vector<uint8_t>* material;
        const std::vector<uint8_t>* pinned;
        const std::vector<int64_t>* compute;
        const int64_t* createdOps;
    };

    RegionIndex(const StorageGraph& graph, size_t storages, State state);

    // Starts a batch of rebuilds: the state may have changed since the last one.
    void beginBatch();
    void rebuild(int32_t base, bool reverse);
    // The region of `into` (in the given direction) absorbs the same-direction region of the
    // just-evicted storage `evicted`.
    void absorb(int32_t into, bool reverse, int32_t evicted);
    void clear(int32_t s);
    int64_t compute(int32_t s, bool reverse) const { return m_compute[index(s, reverse)]; }

    template <typename F>
    void forEachFrontier(int32_t s, bool reverse, F&& f) const
    {
        forEachBit(frontierBits(index(s, reverse)), f);
    }

    // Adds the frontier bits of a region to `acc` (W words).
    void collectFrontier(int32_t s, bool reverse, std::vector<uint64_t>& acc) const;
    size_t words() const { return m_words; }

    template <typename F>
    void forEachBit(const uint64_t* bits, F&& f) const
    {
        for (size_t w = 0; w < m_words; ++w)
            for (uint64_t b = bits[w]; b; b &= b - 1)
                f(static_cast<int32_t>(w * 64 + static_cast<size_t>(__builtin_ctzll(b))));
    }

private:
    static size_t index(int32_t s, bool reverse) { return static_cast<size_t>(s) * 2 + (reverse ? 1 : 0); }
    uint64_t* interiorBits(size_t r) { return &m_interior[r * m_words]; }
    uint64_t* frontierBits(size_t r) { return &m_frontier[r * m_words]; }
    const uint64_t* frontierBits(size_t r) const { return &m_frontier[r * m_words]; }
    const StorageGraph::Edges& edges(bool reverse) const { return reverse ? m_graph.parents : m_graph.children; }
    bool material(int32_t s) const { return (*m_state.material)[static_cast<size_t>(s)] != 0; }
    bool pinned(int32_t s) const { return (*m_state.pinned)[static_cast<size_t>(s)] != 0; }
    int64_t sumCompute(const uint64_t* bits) const;

    void walk(int32_t base, bool reverse, uint64_t* interior, uint64_t* frontier);
    size_t closure(int32_t s, bool reverse);   // memoised slot of an evicted storage

    const StorageGraph& m_graph;
    State m_state;
    size_t m_storages;
    size_t m_words;
    std::vector<uint64_t> m_interior, m_frontier;   // 2 regions per storage, m_words each
    std::vector<int64_t> m_compute;

    // Per-batch memo of reachable sets (acyclic graphs only): per direction a stamp and a slot
    // per storage; a slot holds interior then frontier bits.
    uint32_t m_batch = 0;
    std::vector<uint32_t> m_stamp[2];
    std::vector<uint32_t> m_slotOf[2];
    std::vector<uint64_t> m_slots;
    size_t m_slotCount = 0;
    struct WalkFrame {
        int32_t node;
        int32_t edge;
    };
    std::vector<WalkFrame> m_stack;
    std::vector<int32_t> m_todo;
};

} // namespace holescope
