// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "forensics/PairExplanation.h"
#include "record/RunRecord.h"

#include <array>
#include <cstdint>
#include <vector>

namespace holescope {

// Walks the recordings of a failing and a completing run operator by operator and keeps which
// storages each holds resident, and, for each storage held by one run only, the event that
// made the runs differ on it.
class PairLockstep {
public:
    PairLockstep(const Program& program, const RunRecord& failing, const RunRecord& completing);

    // Applies every event of both runs up to and including operator `op` (operators done).
    void advanceThrough(int64_t op);

    struct Cause {
        PairSide side;          // the run whose event made the difference
        uint32_t event;         // index into that run's events
    };
    struct Carried {
        int32_t storage;        // storage index
        Cause cause;
    };
    // The storages resident in `holder`'s run only, in order of storage index.
    std::vector<Carried> heldOnlyBy(PairSide holder) const;
    int64_t bytesHeldOnlyBy(PairSide holder) const { return m_onlyBytes[index(holder)]; }
    bool holds(PairSide side, int32_t storage) const { return m_runs[index(side)].resident[static_cast<size_t>(storage)] != 0; }

    // The pressure evictions made during operator `op` by one run only (call after advanceThrough(op)).
    std::vector<OneSidedEviction> oneSidedAt(int64_t op) const;

private:
    struct Run {
        const RunRecord* record;
        size_t next = 0;                        // first event not applied
        std::vector<uint8_t> resident;
        std::vector<uint32_t> evictionsSeen;    // per storage, to find its StorageEviction
        std::vector<uint32_t> opEvictions;      // pressure evictions of the last operator advanced
        std::vector<int64_t> opNeededAfter;     //   and when each storage was needed again
    };
    static size_t index(PairSide side) { return side == PairSide::Failing ? 0 : 1; }
    void apply(PairSide side, uint32_t event);
    void setResident(PairSide side, int32_t storage, bool resident, uint32_t event);
    int held(int32_t storage) const;   // -1 both or neither, else the index of the only holder

    const Program& P;
    std::array<Run, 2> m_runs;
    std::vector<Cause> m_cause;         // per storage, while held by one run only
    std::array<int64_t, 2> m_onlyBytes{0, 0};
};

} // namespace holescope
