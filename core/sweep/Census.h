// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Sweep.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace holescope {

struct CensusSpec {
    std::vector<Policy> policies;          // DTR is always swept too, as the reference
    double from = 0.05, to = 1.0, step = 0.01;   // ratios of each trace's peak
    std::optional<double> overheadLimit;
    int jobs = 0;
};

// One policy on one trace, over the ratio grid.
struct CensusRow {
    std::string trace;
    std::string policy;
    int64_t budgets = 0;          // grid points
    int64_t failing = 0;          // grid points that fail
    int64_t unresolved = 0;
    int64_t holes = 0;            // hole regions among the grid points
    std::optional<int64_t> smallestComplete;   // the smallest completing grid budget
    std::optional<double> smallestCompleteRatio;
    int64_t compared = 0;         // grid points where both DTR and the policy complete
    std::optional<double> medianOverhead;      // the policy's, over those points
    std::optional<double> dtrMedianOverhead;   // DTR's, over the same points
    // monotone named without a floor: the floor the census gave it, DTR's smallest completing
    // grid budget (without one, each budget below it would replay every execution down to the
    // trace's floor). Below it the row counts failures a search further down might not find.
    std::optional<int64_t> monotoneFloor;
};

// Sweeps DTR and every policy of the spec over the trace's ratio grid (all threads, one sweep
// at a time) and tabulates each. `progress(policy, done, total)` after each sweep; `cancel`
// stops it (the rows done are returned).
std::vector<CensusRow> censusOfTrace(const std::string& name, const PreparedTrace& trace, const CensusSpec& spec,
                                     const std::atomic<bool>* cancel = nullptr,
                                     const std::function<void(const std::string&, size_t, size_t)>& progress = {});

} // namespace holescope
