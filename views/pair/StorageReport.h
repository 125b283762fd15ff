// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pair/PairData.h"

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
    struct Run {
        int64_t compute = 0;        // its compute in that run at the end
        int64_t birthOp = -1;
        int32_t rebuilds = 0;
        bool pinned = false;
        bool protectedByUser = false;
        std::vector<Eviction> evictions;
    };
    Run a, b;
};

// Empty (id -1) when `id` names no storage.
StorageReport storageReport(const Program& program, const PairData& pair, int32_t id);

// The report as HTML for a text view.
std::string storageReportHtml(const StorageReport& report);

} // namespace holescope
