// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/RegionState.h"
#include "sim/StorageGraph.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace holescope {

// simrd's regions (see DenseRegions for what they are) kept as sorted vectors of storage
// indices, rebuilt by a plain walk and summed eagerly. Memory grows with what the regions hold,
// not with the square of the storage count, so very large traces use this one; it is slower
// than DenseRegions on the traces we know. Same interface, same results.
class SparseRegions {
public:
    using State = RegionState;

    SparseRegions(const StorageGraph& graph, size_t storages, State state);

    void setLazyInvalidation(bool) {}
    void stateChanged(int32_t) {}
    void edgeAdded(int32_t, int32_t) {}
    void computeWillChange(int32_t) {}
    void unmaterialized(int32_t) {}

    void rebuild(int32_t base, bool reverse);
    void absorb(int32_t into, bool reverse, int32_t evicted);
    void clear(int32_t s);
    int64_t compute(int32_t s, bool reverse) const { return m_regions[index(s, reverse)].compute; }
    bool pending(int32_t, bool) const { return false; }
    int64_t computeSoFar(int32_t s, bool reverse) const { return compute(s, reverse); }

    bool interiorHas(int32_t s, bool reverse, int32_t x) const
    {
        const std::vector<int32_t>& in = m_regions[index(s, reverse)].interior;
        return std::binary_search(in.begin(), in.end(), x);
    }

    template <typename F>
    void forEachFrontier(int32_t s, bool reverse, F&& f) const
    {
        for (int32_t x : m_regions[index(s, reverse)].frontier)
            f(x);
    }

    void appendFrontier(int32_t s, bool reverse, std::vector<int32_t>& out) const
    {
        const auto& fr = m_regions[index(s, reverse)].frontier;
        out.insert(out.end(), fr.begin(), fr.end());
    }

private:
    struct Region {
        std::vector<int32_t> interior;   // sorted
        std::vector<int32_t> frontier;   // sorted
        int64_t compute = 0;
    };

    static size_t index(int32_t s, bool reverse) { return static_cast<size_t>(s) * 2 + (reverse ? 1 : 0); }

    const StorageGraph& m_graph;
    State m_state;
    std::vector<Region> m_regions;
    std::vector<uint32_t> m_markInterior, m_markFrontier;
    uint32_t m_epoch = 0;
    std::vector<int32_t> m_todo, m_scratch;
};

} // namespace holescope
