// SPDX-License-Identifier: GPL-3.0-or-later
#include "forensics/PairLockstep.h"

#include <algorithm>

namespace holescope {

PairLockstep::PairLockstep(const Program& program, const RunRecord& failing, const RunRecord& completing)
    : P(program)
{
    const size_t n = program.storages.size();
    m_runs[0].record = &failing;
    m_runs[1].record = &completing;
    for (Run& r : m_runs) {
        r.resident.assign(n, 0);
        r.evictionsSeen.assign(n, 0);
    }
    m_cause.assign(n, Cause{PairSide::Failing, 0});
}

int PairLockstep::held(int32_t storage) const
{
    const auto s = static_cast<size_t>(storage);
    if (m_runs[0].resident[s] == m_runs[1].resident[s])
        return -1;
    return m_runs[0].resident[s] ? 0 : 1;
}

void PairLockstep::setResident(PairSide side, int32_t storage, bool resident, uint32_t event)
{
    const auto s = static_cast<size_t>(storage);
    const int before = held(storage);
    m_runs[index(side)].resident[s] = resident ? 1 : 0;
    const int after = held(storage);
    if (before == after)
        return;
    const int64_t bytes = P.storages[s].size;
    if (before >= 0)
        m_onlyBytes[static_cast<size_t>(before)] -= bytes;
    if (after >= 0) {
        m_onlyBytes[static_cast<size_t>(after)] += bytes;
        m_cause[s] = Cause{side, event};
    }
}

void PairLockstep::apply(PairSide side, uint32_t event)
{
    Run& run = m_runs[index(side)];
    const RunRecord& r = *run.record;
    const RunEvent& e = r.events[event];
    if (e.kind == EventKind::Compute || e.kind == EventKind::Remat) {
        for (uint32_t i = 0; i < e.materialCount; ++i)
            setResident(side, r.materialized[e.materialFirst + i], true, event);
    } else if (e.kind == EventKind::Evict) {
        const int32_t s = P.storageOfRoot[static_cast<size_t>(e.storage)];
        const uint32_t k = run.evictionsSeen[static_cast<size_t>(s)]++;
        if (e.reason == EvictReason::Pressure) {
            run.opEvictions.push_back(event);
            run.opNeededAfter.push_back(r.storages[static_cast<size_t>(s)].evictions[k].neededAfter);
        }
        setResident(side, s, false, event);
    }
}

void PairLockstep::advanceThrough(int64_t op)
{
    for (size_t i = 0; i < 2; ++i) {
        Run& run = m_runs[i];
        run.opEvictions.clear();
        run.opNeededAfter.clear();
        const auto& events = run.record->events;
        while (run.next < events.size() && events[run.next].op <= op) {
            apply(i == 0 ? PairSide::Failing : PairSide::Completing, static_cast<uint32_t>(run.next));
            ++run.next;
        }
    }
}

std::vector<PairLockstep::Carried> PairLockstep::heldOnlyBy(PairSide holder) const
{
    std::vector<Carried> out;
    for (size_t s = 0; s < m_cause.size(); ++s)
        if (held(static_cast<int32_t>(s)) == static_cast<int>(index(holder)))
            out.push_back(Carried{static_cast<int32_t>(s), m_cause[s]});
    return out;
}

std::vector<OneSidedEviction> PairLockstep::oneSidedAt(int64_t op) const
{
    std::array<std::vector<int32_t>, 2> evicted;
    for (size_t i = 0; i < 2; ++i) {
        for (uint32_t j : m_runs[i].opEvictions)
            evicted[i].push_back(m_runs[i].record->events[j].storage);
        std::sort(evicted[i].begin(), evicted[i].end());
    }
    std::vector<OneSidedEviction> out;
    for (size_t i = 0; i < 2; ++i) {
        const Run& self = m_runs[i];
        for (size_t k = 0; k < self.opEvictions.size(); ++k) {
            const RunEvent& e = self.record->events[self.opEvictions[k]];
            // An eviction both runs make in this operator is no divergence.
            if (!std::binary_search(evicted[1 - i].begin(), evicted[1 - i].end(), e.storage))
                out.push_back(OneSidedEviction{op, i == 0 ? PairSide::Failing : PairSide::Completing, e.storage, e.bytes,
                                               e.bytesShort, self.opNeededAfter[k], self.opEvictions[k]});
        }
    }
    return out;
}

} // namespace holescope
