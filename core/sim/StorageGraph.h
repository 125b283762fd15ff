// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "trace/Program.h"

#include <cstdint>
#include <vector>

namespace holescope {

// The program's tensor graph folded onto storages: an edge x -> y when a tensor on y was
// computed from a tensor on x. Each edge carries the operator that first created it (a walk at
// a moment when fewer operators have been created must not see it), and the edges of a storage
// are sorted by that operator so a walk can stop at the first one not yet created. Self-edges
// (through aliases) are dropped: simrd's region walks ignore them. So are the reverse edges
// (child to parent) into a parent pinned before the edge is born, mostly constants read by many
// operators: whenever a reader could see such an edge, the parent is material and pinned, and
// every reader (region walks, evicted-neighbour lists) passes it by.
struct StorageGraph {
    struct Edges {
        std::vector<int32_t> start;    // per storage, into target/birth; size storages + 1
        std::vector<int32_t> target;
        std::vector<int32_t> birth;
        // The edges again by birth: the sources of those born at operator k are
        // bornFrom[bornStart[k] .. bornStart[k + 1]); size operators + 1.
        std::vector<int32_t> bornStart;
        std::vector<int32_t> bornFrom;
    };
    Edges children;   // x -> y
    Edges parents;    // y -> x
    bool acyclic = true;
};

StorageGraph buildStorageGraph(const Program& program);

} // namespace holescope
