// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/Replay.h"

#include "sim/ReplayEngine.h"

namespace holescope {

const char* outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Complete: return "complete";
    case Outcome::Oom: return "oom";
    case Outcome::OverheadExceeded: return "overhead_exceeded";
    case Outcome::Unresolved: return "unresolved";
    }
    return "?";
}

std::vector<int32_t> unknownStorages(const Program& program, const std::vector<int32_t>& protect)
{
    std::vector<int32_t> unknown;
    for (int32_t id : protect)
        if (id < 0 || static_cast<size_t>(id) >= program.storageOfRoot.size() || program.storageOfRoot[static_cast<size_t>(id)] < 0)
            unknown.push_back(id);
    return unknown;
}

ReplayResult replay(const PreparedTrace& trace, const ReplayOptions& options)
{
    detail::NullRecorder none;
    return detail::runReplay(trace, options, none);
}

bool sameRulesButProtect(const ReplayOptions& a, const ReplayOptions& b)
{
    return policyName(a.policy) == policyName(b.policy) && a.overheadLimit == b.overheadLimit && a.maxSteps == b.maxSteps
           && a.maxSeconds == b.maxSeconds;
}

} // namespace holescope
