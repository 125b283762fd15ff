// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Replay.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>

#include <cstddef>
#include <optional>

namespace holescope {

// The threads for a parallel batch of replays: `jobs` of them (0: every core), more than the
// cores if asked for (TBB otherwise caps them, and says so on stderr), while this lives.
class WorkerThreads {
public:
    explicit WorkerThreads(int jobs)
        : m_count(jobs > 0 ? jobs : tbb::info::default_concurrency())
    {
        if (m_count > tbb::info::default_concurrency())
            m_allow.emplace(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(m_count));
    }

    int count() const { return m_count; }

    // The region store for this many replays at once: Automatic turns Sparse when the dense sets
    // of all of them together would pass kDenseRegionBytes.
    RegionStore regionsFor(RegionStore asked, size_t storages) const;

private:
    int m_count;
    std::optional<tbb::global_control> m_allow;
};

} // namespace holescope
