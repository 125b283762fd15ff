// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "record/RunRecord.h"

#include <span>

namespace holescope {

// Fed by the replay engine as it runs (see recordReplay); builds a RunRecord. A replay without
// a recorder calls a stand-in whose calls compile to nothing, so it pays nothing for them.
class ReplayRecorder {
public:
    // `probe`: a storage index whose score is noted at every choice of a victim (-1: none).
    explicit ReplayRecorder(const Program& program, int32_t probe = -1);
    int32_t probe() const { return m_probe; }

    using At = ReplayMoment;

    void modelOpStarted() { m_opMaxDepth = 0; }
    // `needers`: the tensors being materialized around this one, outermost first.
    void computed(At at, int32_t tensor, bool remat, std::span<const int32_t> needers, std::span<const int32_t> newlyMaterial);
    void needed(int32_t storage, int64_t op);
    void freeEntered(At at, int64_t requested, int64_t bytesShort);
    void budgetChecked(int64_t need)
    {
        m_record.needs.push_back(need);
        m_record.needEvents.push_back(static_cast<uint32_t>(m_record.events.size()));
    }
    void evicted(At at, int32_t storage, EvictReason reason, double score, double runnerUp, int64_t pool, double probeScore);
    void pinned(At at, int32_t storage);
    void released(At at, int32_t tensor, int32_t storage);
    void sampled(At at, int32_t opIndex, int64_t pinnedBytes, int64_t evictableBytes, int64_t rematCompute, int64_t evictions);
    // A pin right after the operator's computation (a constant's) belongs to that operator: its
    // sample counts the storage pinned rather than evictable, not a step behind the pin event.
    void resampled(At at, int64_t pinnedBytes, int64_t evictableBytes);
    // A completed run: what followed its last operator (releases, the trace's last reads and
    // pins, which may rebuild and evict) goes into that operator's sample, so that the samples'
    // running totals end at the run's.
    void closed(At at, int64_t pinnedBytes, int64_t evictableBytes, int64_t rematCompute, int64_t evictions);
    // `openFrames`: the tensors being computed when the run stopped, the model operator's first.
    void ended(At at, Outcome outcome, int64_t bytesShort, int64_t candidates, int64_t pinnedBytes,
               const std::vector<int64_t>& storageCompute, std::span<const int32_t> openFrames);

    // The memory the record takes so far (its arrays' capacities), for the engine's size cap.
    int64_t bytes() const;

    RunRecord finish(ReplayResult result);

private:
    static RunEvent eventAt(EventKind kind, At at);

    const Program& P;
    RunRecord m_record;
    int32_t m_opMaxDepth = 0;
    int64_t m_short = 0;   // memory in use + request - budget in the current free loop
    int32_t m_probe = -1;
    int64_t m_storageEvictionBytes = 0;
};

// Replays with a recorder attached; `probeStorage` (a storage id, -1 none) gets its score noted at
// every eviction by pressure where it was a candidate (RunEvent::probeScore).
RunRecord recordReplay(const PreparedTrace& trace, const ReplayOptions& options, int32_t probeStorage = -1);

} // namespace holescope
