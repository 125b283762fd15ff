// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pair/PairData.h"

#include <optional>
#include <string>
#include <vector>

namespace holescope {

// Everything the pair knows about one storage, for the storage inspector.
struct StorageReport {
    int32_t id = -1;
    int64_t bytes = 0;
    int32_t producer = -1;          // operator index
    std::string producerName;
    struct Eviction {
        int64_t op;
        EvictReason reason;
        int64_t neededAfter;        // -1: never needed again
        double score, runnerUp;     // pressure evictions: its score and the best other candidate's
        int64_t bytesShort;
    };
    // An eviction by pressure at which this storage was a candidate and another one went.
    struct Contest {
        int64_t op;
        int32_t victim;             // storage id
        double victimScore, score;  // the victim's score and this storage's
    };
    struct Run {
        int64_t compute = 0;        // its compute in that run at the end
        int64_t birthOp = -1;
        int32_t rebuilds = 0;
        bool pinned = false;
        bool protectedByUser = false;
        std::vector<Eviction> evictions;
        std::optional<std::vector<Contest>> contests;   // known once the run was recorded with this storage as probe
    };
    Run a, b;
};

// Empty (id -1) when `id` names no storage.
StorageReport storageReport(const Program& program, const PairData& pair, int32_t id);

// The contests of a run recorded with a probe storage (recordReplay's probeStorage).
std::vector<StorageReport::Contest> contestsOf(const RunRecord& probed, int32_t probe);

// The report as HTML for a text view.
std::string storageReportHtml(const StorageReport& report);

} // namespace holescope
