// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/PrefixCheckpoints.h"

#include "sim/ReplayEngine.h"

#include <algorithm>
#include <limits>

namespace holescope {

const PrefixCheckpoint* PrefixCheckpoints::resumeAt(int64_t budget, int64_t maxSteps) const
{
    // A run with a step cap makes the computations a checkpoint counts only if it may make
    // them all; with the budget, it passes a checkpoint only if no comparison before exceeded it.
    const auto passes = [&](const PrefixCheckpoint& c) { return c.maxNeed <= budget && (maxSteps <= 0 || c.steps <= maxSteps); };
    const auto it = std::partition_point(points.begin(), points.end(), passes);
    return it == points.begin() ? nullptr : &*(it - 1);
}

size_t PrefixCheckpoints::bytes() const
{
    size_t total = evictions.size() * sizeof(Eviction);
    for (const PrefixCheckpoint& c : points)
        total += sizeof(PrefixCheckpoint) + c.defined.size() + c.material.size() + c.pinned.size()
                 + (c.refInt.size() + c.visible.size() + c.pool.size()) * sizeof(int32_t)
                 + (c.refExt.size() + c.lastAccess.size() + c.compute.size()) * sizeof(int64_t);
    return total;
}

PrefixCheckpoints buildPrefixCheckpoints(const Program& program, const StorageGraph& graph, const Baseline& baseline)
{
    PrefixCheckpoints prefix;
    const size_t storages = program.storages.size();
    const size_t bytesEach = program.tensors.size() + storages * (2 * sizeof(uint8_t) + 4 * sizeof(int32_t) + 3 * sizeof(int64_t)) + sizeof(PrefixCheckpoint);
    const size_t operators = std::max<size_t>(1, program.ops.size());
    const size_t room = kPrefixCheckpointBytes - std::min(kPrefixCheckpointBytes / 2, storages * sizeof(PrefixCheckpoints::Eviction));
    const size_t fit = std::max<size_t>(1, room / bytesEach);
    const size_t stride = (operators + fit - 1) / fit;
    ReplayOptions options;
    options.budget = std::numeric_limits<int64_t>::max();
    options.logEvents = true;
    detail::NullRecorder none;
    detail::ReplayEngine<NullRegions, detail::NullRecorder>(program, graph, baseline, options, none).capturePrefix(prefix, stride);
    return prefix;
}

} // namespace holescope
