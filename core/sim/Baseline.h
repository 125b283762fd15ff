// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "trace/Program.h"

#include <cstdint>

namespace holescope {

// simrd's RuntimeV1 at an infinite budget: the reference every ratio refers to.
struct Baseline {
    int64_t memory = 0;       // peak memory (baseline_memory)
    int64_t compute = 0;      // model compute (baseline_compute)
    int64_t constBytes = 0;   // bytes of constants (baseline_const)
    int64_t bottleneck = 0;   // largest single-operator footprint (baseline_bottleneck)
    // Below this no policy completes: the most, over operators, of the constants resident while
    // it runs, its outputs and its distinct non-constant input storages. simrd's figures shade
    // constants + bottleneck instead, which counts constant inputs twice (see computeBaseline)
    // and can reach budgets that complete.
    int64_t floor = 0;
    int64_t ops = 0;          // operator calls, constants included
};

Baseline computeBaseline(const Program& program);

// simrd's int(baseline_memory * ratio): a double product truncated toward zero.
int64_t budgetForRatio(const Baseline& baseline, double ratio);

// Compute overhead: (baseline compute + rematerialization) / baseline compute; 1 is none.
inline double overheadOf(int64_t rematCompute, const Baseline& baseline)
{
    return baseline.compute > 0 ? static_cast<double>(baseline.compute + rematCompute) / static_cast<double>(baseline.compute) : 1.0;
}

// A budget as a fraction of the peak (0 when the trace allocates nothing).
inline double ratioOfPeak(int64_t budget, int64_t peak)
{
    return peak > 0 ? static_cast<double>(budget) / static_cast<double>(peak) : 0.0;
}

} // namespace holescope
