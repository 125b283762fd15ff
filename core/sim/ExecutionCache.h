// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>

namespace holescope {

// DTR's executions already replayed during one sweep, by certified interval, for the monotone
// policy: its walk down from a budget passes through the executions every lower budget's walk
// passes through, and each is replayed once instead of once per budget. Shared by the sweep's
// threads; what it returns does not depend on which thread found it first.
class ExecutionCache {
public:
    struct Known {
        int64_t lo, hi;
        bool complete;
    };

    std::optional<Known> find(int64_t budget) const
    {
        std::lock_guard lock(m_mutex);
        auto it = m_byLo.upper_bound(budget);
        if (it == m_byLo.begin())
            return std::nullopt;
        --it;
        if (budget > it->second.hi)
            return std::nullopt;
        return it->second;
    }

    void add(const Known& k)
    {
        std::lock_guard lock(m_mutex);
        m_byLo.emplace(k.lo, k);
    }

private:
    mutable std::mutex m_mutex;
    std::map<int64_t, Known> m_byLo;
};

} // namespace holescope
