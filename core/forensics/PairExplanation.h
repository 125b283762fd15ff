// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Replay.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace holescope {

// "op" everywhere below counts model operators as simrd's logs do: the running operator
// included, so op N happens in the N-th operator, whose index is N - 1.

// The two runs of a pair: the same trace and options, two budgets, one fails and one completes.
enum class PairSide : uint8_t { Failing, Completing };

const char* pairSideName(PairSide side);   // failing | completing

struct RunSummary {
    int64_t budget = 0;
    Outcome outcome = Outcome::Complete;
    int64_t opsDone = 0;
    int64_t clock = 0;
    int64_t rematCompute = 0;
    int64_t evictions = 0;
    int32_t maxDepth = 0;
    int64_t certifiedLo = 0;   // every budget in [lo, hi] gives this very execution
    int64_t certifiedHi = 0;
    int64_t executionBudget = -1;   // monotone: the budget of the DTR execution it ran (see ReplayResult)
    // The budget the run's decisions were made under: monotone's falls back to a lower one.
    int64_t decidingBudget() const { return executionBudget >= 0 ? executionBudget : budget; }
};

// A budget check that came out differently in the two runs: one run evicted a storage there
// and the other, with more budget or less in use, went on without it.
struct Divergence {
    int64_t op = -1;            // -1: the runs never diverge
    PairSide evictedBy = PairSide::Completing;
    int32_t storage = -1;       // storage id evicted by that run; -1: it had no candidate left
    int64_t bytes = 0;          // the storage's size
    int64_t bytesShort = 0;     // that run's memory in use + request - budget just before
    int32_t evictionsBefore = 0;   // evictions that run had made in the same free loop before it
    int64_t budgetCheck = -1;   // the first divergence: the index of the budget check
};

// An eviction by pressure that only one of the runs made at that operator.
struct OneSidedEviction {
    int64_t op;
    PairSide side;
    int32_t storage;
    int64_t bytes;
    int64_t bytesShort;         // that run's shortfall just before
    int64_t neededAfter;        // operators until that run needed it again; -1: never
    uint32_t event;             // index into that run's recorded events
};

// Resident bytes held by one run and not by the other, after an operator (recorded where it changes).
struct CarriedBytes {
    int64_t op;                 // operators done
    int64_t failingOnly;
    int64_t completingOnly;
};

// The failing run's eviction, made only by it, of a storage its failing operator had to rebuild.
struct CulpritEviction {
    int64_t op = -1;
    int32_t storage = -1;
    int64_t bytes = 0;
    int64_t bytesShort = 0;     // the failing run's shortfall just before
    int64_t neededAfter = -1;
    int64_t carriedBytes = 0;   // resident in the failing run only, entering that operator
    int32_t carriedStorages = 0;
    int64_t lackedBytes = 0;    // resident in the completing run only, entering that operator
    int32_t lackedStorages = 0;
    // The failing run evicts the key divergence's storage itself in that operator, before this
    // eviction: the bytes it carried in were gone by the time it was short.
    bool carriedEvictedFirst = false;
};

// One rebuild during the failing operator.
struct CascadeStep {
    int32_t tensor;
    int32_t storage;            // storage id
    int32_t opIndex;            // the operator recomputed
    int32_t depth;              // 1: needed by the model operator itself
    int32_t neededBy;           // the tensor being rebuilt that needed it; -1: the model operator
    int64_t memory;             // in use after it
};

struct FailureAnatomy {
    Outcome outcome = Outcome::Complete;
    int64_t op = 0;             // operators done when it failed
    int32_t opIndex = -1;       // index of the model operator that failed (op - 1)
    int32_t cascadeDepth = 0;   // deepest rebuild nesting during it
    std::vector<CascadeStep> cascade;   // every rebuild completed during the failing operator, in order
    // The computations under way when it stopped: the model operator (depth 0), then each
    // rebuild it was waiting for, outermost first (memory: in use at the end).
    std::vector<CascadeStep> open;
    int64_t request = 0;        // the last allocation that went to the free loop during it
    int64_t bytesShort = 0;     //   memory in use + that request - budget on entering the loop
    int64_t stillShort = 0;     // oom: the bytes still missing when no candidate was left
    int64_t budget = 0;
    int64_t memory = 0;         // in use at the end
    int64_t pool = 0;           // eviction candidates left
    int64_t pinned = 0;         // resident bytes outside the pool
    // It failed after its last model operator had ended, making open[0]'s tensor resident for
    // a read of the trace (its closing reads, say): no model operator was under way.
    bool outsideOperator = false;
    int64_t rematBefore = 0;    // rematerialization compute spent before the failing operator
};

// The storage ids the failing operator was rebuilding: completed and under way.
inline std::vector<int32_t> rebuiltStorages(const FailureAnatomy& f)
{
    std::vector<int32_t> ids;
    for (const CascadeStep& c : f.cascade)
        ids.push_back(c.storage);
    for (size_t i = 1; i < f.open.size(); ++i)
        ids.push_back(f.open[i].storage);
    return ids;
}

// A replay of the failing budget with some storages protected.
struct CulpritTrial {
    std::vector<int32_t> storages;   // protected in addition to the options' own
    Outcome outcome = Outcome::Unresolved;
    int64_t opsDone = 0;
    bool outsideOperator = false;   // failed in a read of the trace after operator opsDone
    int64_t clock = 0;
    int64_t rematCompute = 0;
    int64_t evictions = 0;
    bool onlyFailing = false;   // the completing run does not make the failing run's last eviction of it (same operator)
    int64_t lastEvicted = -1;   // when the failing run last evicted the (first) storage before the failing operator
    bool rescues() const { return outcome == Outcome::Complete; }
};

struct PairExplanation {
    ReplayOptions options;      // the shared options (budget 0)
    RunSummary failing, completing;
    Divergence first;           // the first budget check that came out differently
    Divergence key;             // the divergence the failure goes back to
    std::optional<CulpritEviction> culpritEviction;
    std::vector<int32_t> keyCarried;   // storage ids the failing run carried into the culprit
                                       // eviction's operator, the key divergence's first
    std::vector<OneSidedEviction> oneSided;
    std::vector<CarriedBytes> carried;
    FailureAnatomy failure;
    std::vector<CulpritTrial> culprits;   // rescuing ones first (least overhead first), then the rest
    int32_t culpritsTried = 0;
    bool pairsTried = false;
    bool cancelled = false;     // the culprit search was stopped early
};

} // namespace holescope
