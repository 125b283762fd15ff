// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Baseline.h"
#include "sim/StorageGraph.h"
#include "trace/Program.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace holescope {

// A replay's state at the start of one schedule step, as every budget at least `maxNeed` has
// it: a budget enters a replay only through comparisons with "memory in use + request", and
// until the first of them that exceeds it, the run is the one with no budget at all (no
// eviction but the eager ones, no rematerialization, regions not kept yet).
struct PrefixCheckpoint {
    size_t step = 0;          // the schedule step the replay resumes at
    int64_t maxNeed = 0;      // the largest "memory in use + request" compared so far
    int64_t clock = 1, memory = 0, maxMemory = 0, opsDone = 0, steps = 0, modelCompute = 0;
    int32_t maxDepth = 0;
    size_t evictions = 0;     // eager evictions so far: the first entries of PrefixCheckpoints::evictions
    std::vector<uint8_t> defined;          // per tensor
    std::vector<uint8_t> material, pinned; // per storage from here on
    std::vector<int32_t> refInt, visible;
    std::vector<int64_t> refExt, lastAccess, compute;
    std::vector<int32_t> pool;             // the evictable storages, in pool order
};

// Checkpoints of the run with no budget, taken every few operators until it first keeps
// regions or first rematerializes; a replay starts from the latest one its budget (and step
// cap) allows instead of from the first operator. Built once per trace (see prepareTrace).
struct PrefixCheckpoints {
    std::vector<PrefixCheckpoint> points;   // in schedule order: maxNeed and steps never decrease
    // The run's eager evictions up to the last checkpoint, in order: (operators done, storage index).
    struct Eviction {
        int64_t opsDone;
        int32_t storage;
    };
    std::vector<Eviction> evictions;

    // The latest checkpoint a replay at this budget and step cap (0: none) passes through; null
    // when it passes through none but the start.
    const PrefixCheckpoint* resumeAt(int64_t budget, int64_t maxSteps) const;

    // The bytes the checkpoints' states take.
    size_t bytes() const;
};

// The checkpoints hold about this many bytes at most: fewer, further apart, on large traces.
inline constexpr size_t kPrefixCheckpointBytes = size_t{16} << 20;

PrefixCheckpoints buildPrefixCheckpoints(const Program& program, const StorageGraph& graph, const Baseline& baseline);

} // namespace holescope
