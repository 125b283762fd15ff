// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/ReplayRecorder.h"

#include "sim/ReplayEngine.h"

#include <algorithm>

namespace holescope {

const char* eventKindName(EventKind kind)
{
    switch (kind) {
    case EventKind::Compute: return "compute";
    case EventKind::Remat: return "remat";
    case EventKind::FreeEntry: return "free";
    case EventKind::Evict: return "evict";
    case EventKind::Pin: return "pin";
    case EventKind::Release: return "release";
    case EventKind::End: return "end";
    }
    return "?";
}

const char* evictReasonName(EvictReason reason)
{
    return reason == EvictReason::Pressure ? "pressure" : "eager";
}

RunEvent ReplayRecorder::eventAt(EventKind kind, At at)
{
    RunEvent e{};
    e.kind = kind;
    e.op = at.op;
    e.clock = at.clock;
    e.memory = at.memory;
    return e;
}

ReplayRecorder::ReplayRecorder(const Program& program, int32_t probe)
    : P(program)
    , m_probe(probe)
{
    m_record.storages.reserve(program.storages.size());
    for (const StorageDef& s : program.storages)
        m_record.storages.push_back(StorageRecord{s.root, s.size, program.tensors[static_cast<size_t>(s.root)].op, 0, -1, 0, false, {}});
}

void ReplayRecorder::computed(At at, int32_t tensor, bool remat, std::span<const int32_t> needers,
                              std::span<const int32_t> newlyMaterial)
{
    const int32_t opIndex = P.tensors[static_cast<size_t>(tensor)].op;
    RunEvent e = eventAt(remat ? EventKind::Remat : EventKind::Compute, at);
    e.opIndex = opIndex;
    e.tensor = tensor;
    e.bytes = P.ops[static_cast<size_t>(opIndex)].totalSize;
    if (remat) {
        e.depth = static_cast<int32_t>(needers.size());
        m_opMaxDepth = std::max(m_opMaxDepth, e.depth);
        const size_t n = std::min<size_t>(needers.size(), RunRecord::kMaxChain);
        e.chainFirst = static_cast<uint32_t>(m_record.chains.size());
        e.chainLength = static_cast<uint32_t>(n);
        for (size_t i = 0; i < n; ++i)
            m_record.chains.push_back(needers[needers.size() - 1 - i]);
    }
    e.materialFirst = static_cast<uint32_t>(m_record.materialized.size());
    e.materialCount = static_cast<uint32_t>(newlyMaterial.size());
    m_record.materialized.insert(m_record.materialized.end(), newlyMaterial.begin(), newlyMaterial.end());
    m_record.events.push_back(e);
    for (int32_t s : newlyMaterial) {
        StorageRecord& r = m_record.storages[static_cast<size_t>(s)];
        if (r.birthOp < 0)
            r.birthOp = at.op;
        else
            r.rebuilds += 1;
    }
}

void ReplayRecorder::needed(int32_t storage, int64_t op)
{
    StorageRecord& r = m_record.storages[static_cast<size_t>(storage)];
    if (!r.evictions.empty() && r.evictions.back().neededAfter < 0)
        r.evictions.back().neededAfter = op - r.evictions.back().op;
}

void ReplayRecorder::freeEntered(At at, int64_t requested, int64_t bytesShort)
{
    RunEvent e = eventAt(EventKind::FreeEntry, at);
    e.bytes = requested;
    e.bytesShort = bytesShort;
    m_record.events.push_back(e);
    m_short = bytesShort;
}

void ReplayRecorder::evicted(At at, int32_t storage, EvictReason reason, double score, double runnerUp, int64_t pool, double probeScore)
{
    StorageRecord& r = m_record.storages[static_cast<size_t>(storage)];
    RunEvent e = eventAt(EventKind::Evict, at);
    e.reason = reason;
    e.storage = r.id;
    e.bytes = r.bytes;
    e.pool = pool;
    e.score = score;
    e.runnerUp = runnerUp;
    e.probeScore = probeScore;
    if (reason == EvictReason::Pressure) {
        e.bytesShort = m_short;
        m_short -= r.bytes;
    }
    m_record.events.push_back(e);
    const size_t before = r.evictions.capacity();
    r.evictions.push_back(StorageEviction{at.op, reason, -1});
    m_storageEvictionBytes += static_cast<int64_t>((r.evictions.capacity() - before) * sizeof(StorageEviction));
}

void ReplayRecorder::pinned(At at, int32_t storage)
{
    StorageRecord& r = m_record.storages[static_cast<size_t>(storage)];
    r.pinned = true;
    RunEvent e = eventAt(EventKind::Pin, at);
    e.storage = r.id;
    m_record.events.push_back(e);
}

void ReplayRecorder::released(At at, int32_t tensor, int32_t storage)
{
    RunEvent e = eventAt(EventKind::Release, at);
    e.tensor = tensor;
    e.storage = m_record.storages[static_cast<size_t>(storage)].id;
    m_record.events.push_back(e);
}

void ReplayRecorder::sampled(At at, int32_t opIndex, int64_t pinnedBytes, int64_t evictableBytes, int64_t rematCompute,
                             int64_t evictions)
{
    m_record.samples.push_back(OpSample{opIndex, at.clock, at.memory, pinnedBytes, evictableBytes, m_opMaxDepth, rematCompute, evictions});
}

void ReplayRecorder::resampled(At at, int64_t pinnedBytes, int64_t evictableBytes)
{
    // Only while nothing but pins happened since: a sample stays the state at the end of its
    // operator's computation, before the releases that follow it.
    if (m_record.samples.empty())
        return;
    OpSample& s = m_record.samples.back();
    if (s.clock != at.clock || s.memory != at.memory)
        return;
    s.pinned = pinnedBytes;
    s.evictable = evictableBytes;
}

void ReplayRecorder::closed(At at, int64_t pinnedBytes, int64_t evictableBytes, int64_t rematCompute, int64_t evictions)
{
    if (m_record.samples.empty())
        return;
    OpSample& s = m_record.samples.back();
    s.clock = at.clock;
    s.memory = at.memory;
    s.pinned = pinnedBytes;
    s.evictable = evictableBytes;
    s.maxDepth = m_opMaxDepth;   // not reset since the last operator started
    s.rematCompute = rematCompute;
    s.evictions = evictions;
}

void ReplayRecorder::ended(At at, Outcome outcome, int64_t bytesShort, int64_t candidates, int64_t pinnedBytes,
                           const std::vector<int64_t>& storageCompute, std::span<const int32_t> openFrames)
{
    m_record.openFrames.assign(openFrames.begin(), openFrames.end());
    RunEvent e = eventAt(EventKind::End, at);
    e.outcome = outcome;
    e.bytes = bytesShort;
    e.pool = candidates;
    e.pinned = pinnedBytes;
    e.depth = deepestNesting(m_opMaxDepth, openFrames);
    m_record.events.push_back(e);
    for (size_t s = 0; s < storageCompute.size(); ++s)
        m_record.storages[s].compute = storageCompute[s];
}

int64_t ReplayRecorder::bytes() const
{
    const RunRecord& r = m_record;
    const size_t arrays = r.events.capacity() * sizeof(RunEvent) + r.chains.capacity() * sizeof(int32_t)
                          + r.samples.capacity() * sizeof(OpSample) + r.needs.capacity() * sizeof(int64_t)
                          + r.needEvents.capacity() * sizeof(uint32_t) + r.materialized.capacity() * sizeof(int32_t)
                          + r.storages.capacity() * sizeof(StorageRecord);
    return static_cast<int64_t>(arrays) + m_storageEvictionBytes;
}

RunRecord ReplayRecorder::finish(ReplayResult result)
{
    m_record.result = std::move(result);
    return std::move(m_record);
}

RunRecord recordReplay(const PreparedTrace& trace, const ReplayOptions& options, int32_t probeStorage)
{
    int32_t probe = -1;
    if (probeStorage >= 0 && static_cast<size_t>(probeStorage) < trace.program.storageOfRoot.size())
        probe = trace.program.storageOfRoot[static_cast<size_t>(probeStorage)];
    ReplayRecorder recorder(trace.program, probe);
    ReplayResult result = detail::runReplay(trace, options, recorder);
    return recorder.finish(std::move(result));
}

std::optional<OpSample> failureSample(const RunRecord& record)
{
    if (record.result.outcome == Outcome::Complete || record.events.empty() || record.events.back().kind != EventKind::End)
        return std::nullopt;
    const RunEvent& e = record.events.back();
    return OpSample{static_cast<int32_t>(e.op - 1), e.clock, e.memory, e.pinned, e.memory - e.pinned, e.depth,
                    record.result.rematCompute, record.result.evictions};
}

std::vector<OpSample> samplesToTheEnd(const RunRecord& record)
{
    std::vector<OpSample> samples = record.samples;
    if (const auto end = failureSample(record))
        samples.push_back(*end);
    return samples;
}

} // namespace holescope
