// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/RegionState.h"
#include "sim/StorageGraph.h"

#include <cstdint>
#include <vector>

namespace holescope {

// The region store of a policy that never reads e*: simrd maintains regions only for
// heuristics that use them, so these runs skip the walks altogether (and decide the same).
class NullRegions {
public:
    NullRegions(const StorageGraph&, size_t, RegionState) {}
    void setLazyInvalidation(bool) {}
    void stateChanged(int32_t) {}
    void edgeAdded(int32_t, int32_t) {}
    void rebuild(int32_t, bool) {}
    void absorb(int32_t, bool, int32_t) {}
    void clear(int32_t) {}
    int64_t compute(int32_t, bool) const { return 0; }
    bool pending(int32_t, bool) const { return false; }
    int64_t computeSoFar(int32_t, bool) const { return 0; }
    void computeWillChange(int32_t) {}
    void unmaterialized(int32_t) {}
    bool interiorHas(int32_t, bool, int32_t) const { return false; }
    template <typename F>
    void forEachFrontier(int32_t, bool, F&&) const
    {
    }
    void appendFrontier(int32_t, bool, std::vector<int32_t>&) const {}
};

} // namespace holescope
