// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

namespace holescope {

// simrd's Region: the evicted storages reachable from a base storage through evicted storages
// (forward along children, or reverse along parents), the material storages at its edge, and
// the summed compute of the interior. Sets are sorted vectors of storage indices. The compute is
// maintained incrementally as simrd does (absorb adds the compute the absorbed storages had at
// that moment, and counts the absorbed storage again if it was already inside), so it can drift
// from what a fresh walk would give; that drift is part of simrd's decisions.
struct Region {
    std::vector<int32_t> interior;
    std::vector<int32_t> frontier;
    int64_t compute = 0;

    void clear()
    {
        interior.clear();
        frontier.clear();
        compute = 0;
    }
};

// Absorbs the same-direction region `absorbed` of the just-evicted storage `s` into `into`.
// `computeOf` gives each storage's current compute.
void absorbRegion(Region& into, int32_t s, const Region& absorbed, const std::vector<int64_t>& computeOf,
                  std::vector<int32_t>& scratch);

} // namespace holescope
