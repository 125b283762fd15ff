// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Replay.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

namespace holescope {

// The deepest rebuild nesting within one operator: that of the rebuilds it finished, or, when
// the run ended inside the operator, that of the rebuild still under way at the top of the open
// frames (the model operator's own frame is the first, at depth 0), whichever is deeper.
inline int32_t deepestNesting(int32_t finished, std::span<const int32_t> openFrames)
{
    return std::max(finished, static_cast<int32_t>(openFrames.size()) - 1);
}

enum class EventKind : uint8_t { Compute, Remat, FreeEntry, Evict, Pin, Release, End };

const char* eventKindName(EventKind kind);     // compute remat free evict pin release end
const char* evictReasonName(EvictReason reason);   // pressure eager

// One thing that happened during a replay. Every event has the operators done, the clock and the
// memory in use just after it; the other fields belong to some kinds only (-1 / 0 otherwise).
struct RunEvent {
    EventKind kind;
    EvictReason reason = EvictReason::Pressure;   // Evict
    Outcome outcome = Outcome::Complete;          // End
    int32_t depth = 0;        // Remat: nesting (1 = rebuilt for the model operator itself);
                              // End: the deepest nesting during the last operator
    int64_t op;               // operators done
    int64_t clock;
    int64_t memory;
    int32_t opIndex = -1;     // Compute, Remat: the operator computed
    int32_t tensor = -1;      // Compute: first output; Remat: the tensor rebuilt; Release: the tensor
    int32_t storage = -1;     // Evict, Pin, Release: storage id
    int64_t bytes = 0;        // Compute: output bytes; FreeEntry: requested; Evict: freed; End: still short
    int64_t bytesShort = 0;   // FreeEntry: memory in use + request - budget; Evict (pressure): the
                              //   same just before this eviction
    int64_t pool = 0;         // Evict: candidates scanned (pool size); End: candidates left
    int64_t pinned = 0;       // End: resident bytes outside the pool (pinned or locked)
    double score = std::numeric_limits<double>::quiet_NaN();      // Evict (pressure): the victim's score
    double runnerUp = std::numeric_limits<double>::quiet_NaN();   // Evict (pressure): best other score
    // Evict (pressure), recorded with a probe storage: its score at this choice; NaN when it was
    // not a candidate (or the scan stopped before it).
    double probeScore = std::numeric_limits<double>::quiet_NaN();
    uint32_t chainFirst = 0;  // Remat: into RunRecord::chains, the tensors being rebuilt that needed
    uint32_t chainLength = 0; //   this one, the nearest first (at most kMaxChain)
    uint32_t materialFirst = 0;   // Compute, Remat: into RunRecord::materialized (storage indices)
    uint32_t materialCount = 0;
};

// The state after each model operator.
struct OpSample {
    int32_t op;               // operator index
    int64_t clock;
    int64_t memory;           // in use
    int64_t pinned;           // resident and not evictable: pinned or locked
    int64_t evictable;        // resident in the eviction pool
    int32_t maxDepth;         // deepest rebuild nesting during this operator
    int64_t rematCompute;     // so far
    int64_t evictions;        // so far
};

struct StorageEviction {
    int64_t op;               // operators done when evicted
    EvictReason reason;
    int64_t neededAfter;      // operators until it was needed again (rebuilt); -1: never
};

struct StorageRecord {
    int32_t id;
    int64_t bytes;
    int32_t producer;         // operator that creates it
    int64_t compute;          // its compute at the end (distinct operators of its tensors)
    int64_t birthOp = -1;     // operators done when first computed; -1: never computed
    int32_t rebuilds = 0;
    bool pinned = false;
    std::vector<StorageEviction> evictions;
};

// The full account of one replay.
struct RunRecord {
    static constexpr uint32_t kMaxChain = 64;
    ReplayResult result;
    std::vector<RunEvent> events;
    std::vector<int32_t> chains;
    std::vector<OpSample> samples;
    std::vector<StorageRecord> storages;   // in order of storage id
    // Every comparison of the budget with "memory in use + request", as the needed bytes: the
    // same execution happens at any budget that falls on the same side of each of them.
    std::vector<int64_t> needs;
    std::vector<uint32_t> needEvents;   // for each need, the number of events recorded before it
    // Compute and Remat events: the storages that became resident, in materialized[first, first + count).
    std::vector<int32_t> materialized;
    // A failed run: the tensors being computed when it stopped, outermost (the model
    // operator's output) first; the rest are rebuilds, each needed by the one before it.
    std::vector<int32_t> openFrames;
};

// A failed run's state when it stopped (its End event), as a sample of the operator it stopped in
// (op: operators done - 1, so a failure in a read after the last operator repeats that operator):
// the samples, one per operator finished, leave out the failing cascade (ResNet-32 at
// 1,024,657,200 B fails 123 rebuilds deep in operator 471; its samples end at 470). None for a
// run that completed.
std::optional<OpSample> failureSample(const RunRecord& record);

// The samples, then, for a failed run, its failure sample: what a timeline or its data shows.
std::vector<OpSample> samplesToTheEnd(const RunRecord& record);

} // namespace holescope
