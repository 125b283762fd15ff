// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "policy/Policy.h"
#include "sim/ExecutionCache.h"
#include "sim/PreparedTrace.h"
#include "sim/ReplayWorkspace.h"

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace holescope {

enum class Outcome : uint8_t { Complete, Oom, OverheadExceeded, Unresolved };

const char* outcomeName(Outcome outcome);   // complete | oom | overhead_exceeded | unresolved

// Out of memory or over the overhead limit; not complete, and not cut short by a cap.
inline bool isFailure(Outcome o)
{
    return o == Outcome::Oom || o == Outcome::OverheadExceeded;
}

// Why a storage was evicted: to make room, or at once when its last reference went away.
enum class EvictReason : uint8_t { Pressure, Eager };

// When something happened during a replay: operators done, clock, memory in use.
struct ReplayMoment {
    int64_t op, clock, memory;
};

// How the replay keeps simrd's evicted-neighbourhood regions. Both give identical results;
// Dense is fast but takes memory quadratic in the number of storages.
enum class RegionStore : uint8_t { Automatic, Dense, Sparse };

// When the replay starts keeping regions: once simrd's would differ from fresh walks (at a
// rematerialization that walks the running operator's edges, say), with fresh walks before it
// (Deferred, see ReplayEngine::walkAsSimrdSees), or from the first operator on, as simrd
// does (FromStart). Both give identical results; FromStart is slower and is there to check that.
enum class RegionUpkeep : uint8_t { Deferred, FromStart };

// Automatic picks Dense while its sets fit in this many bytes.
inline constexpr size_t kDenseRegionBytes = size_t{512} << 20;

// A recorded replay stops (unresolved) once its record takes this much memory: a run that
// thrashes for millions of evictions would otherwise fill the machine's memory with events
// (TreeLSTM at 0.06 of its peak: over 13 GB for two recorded runs, and still growing).
inline constexpr int64_t kDefaultMaxRecordBytes = int64_t{2} << 30;

struct ReplayOptions {
    int64_t budget = 0;
    // simrd's overhead limit: the run stops once rematerialization compute exceeds
    // baseline_compute * (limit - 1). None: unbounded.
    std::optional<double> overheadLimit;
    // Storage ids (root tensor ids) never offered as eviction candidates.
    std::vector<int32_t> protect;
    bool logEvents = false;        // fill evictLog and freeLog
    int64_t maxSteps = 0;          // operator computations (model and rebuilds); 0: no cap
    double maxSeconds = 0;         // wall time; 0: no cap
    // Memory a recorded replay's record may take (see ReplayRecorder::bytes); 0: no cap. Plain
    // replays keep no record and ignore it.
    int64_t maxRecordBytes = kDefaultMaxRecordBytes;
    const std::atomic<bool>* cancel = nullptr;   // set from another thread to stop the replay
    RegionStore regions = RegionStore::Automatic;
    RegionUpkeep upkeep = RegionUpkeep::Deferred;
    // Start at the trace's latest prefix checkpoint this budget passes through (see
    // PrefixCheckpoints) rather than at the first operator: the same result, sooner.
    bool fromCheckpoint = true;
    // Memory to take over from an earlier replay (see ReplayWorkspace); the same result, with
    // fewer page faults. Used by one replay at a time: a sweep gives each thread its own.
    ReplayWorkspace* workspace = nullptr;
    Policy policy;                 // the eviction policy; DTR by default
    // The monotone policy: DTR's executions seen so far in this sweep (optional; the results
    // are the same without it, only slower).
    std::shared_ptr<ExecutionCache> executions;
};

struct EvictEntry {
    int64_t op;        // ops done at that moment
    int32_t storage;   // storage id
    int64_t bytes;
};

struct FreeEntry {
    int64_t op;
    int64_t bytesShort;   // memory in use + request - budget on entering the free loop
};

struct ReplayResult {
    int64_t budget = 0;
    Outcome outcome = Outcome::Complete;
    std::string reason;            // why an unresolved run was stopped
    int64_t opsDone = 0;
    int64_t clock = 1;
    int64_t rematCompute = 0;
    int64_t modelCompute = 0;
    int64_t maxMemory = 0;
    int64_t evictions = 0;
    int64_t heuristicEvals = 0;
    int64_t steps = 0;             // operator computations, rebuilds included
    int32_t maxDepth = 0;          // deepest nesting of rebuilds
    // A failure while no model operator was under way: in a read of the trace between operators
    // or after the last (U-Net at 3,634,308,800 B fails in the closing read after operator 399).
    bool outsideOperator = false;
    // Unresolved by the time cap. Its certified interval then holds only for the prefix it ran,
    // not for the run: another budget in it went as far in less time, and may have completed.
    // (A step cap stops every budget of its interval at the same step.)
    bool stoppedByTime = false;
    // The monotone policy: the budget whose DTR execution this is (the largest budget <= the
    // budget asked for where DTR completes); -1 for every other policy, or when none completes.
    int64_t executionBudget = -1;
    // Every budget in [certifiedLo, certifiedHi] gives exactly this execution (the same
    // decisions, the same figures but free_log's bytes short): the replay compares the budget
    // only with "memory in use + request", and these are the nearest such values on either side.
    int64_t certifiedLo = 0;
    int64_t certifiedHi = std::numeric_limits<int64_t>::max();
    std::vector<EvictEntry> evictLog;
    std::vector<FreeEntry> freeLog;
};

// Whether two replays follow the same rules but for the budget and the protections: the same
// policy, overhead limit and caps (a pair shown under other rules is stale).
bool sameRulesButProtect(const ReplayOptions& a, const ReplayOptions& b);

// Replays the trace under a budget with the DTR heuristic and the rules of simrd's
// RuntimeV2EagerOptimized. Every id in options.protect must name a storage of the trace
// (unknownStorages tells which do not). Safe to call from several threads at once.
ReplayResult replay(const PreparedTrace& trace, const ReplayOptions& options);

// The ids in `protect` that name no storage of the program.
std::vector<int32_t> unknownStorages(const Program& program, const std::vector<int32_t>& protect);

} // namespace holescope
