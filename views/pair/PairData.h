// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "forensics/PairExplanation.h"
#include "record/RunRecord.h"
#include "sim/Baseline.h"

#include <memory>
#include <optional>

namespace holescope {

// Budgets A and B of one trace, replayed with a recorder under the same options, and compared.
struct PairData {
    ReplayOptions options;          // shared by both runs (budget 0), interventions included
    Baseline baseline;
    RunRecord a, b;
    // The first budget check that comes out differently; here "Failing" names run A and
    // "Completing" run B, whatever their outcomes.
    Divergence first;
    // When exactly one run fails: the full comparison, with that run as the failing one.
    std::optional<PairExplanation> explanation;
    bool aFails = false;            // the explanation's failing run is A

    const RunRecord& run(int index) const { return index == 0 ? a : b; }
};

using PairDataPtr = std::shared_ptr<const PairData>;

// Records both budgets (in parallel) and compares them.
PairData buildPair(const PreparedTrace& trace, int64_t budgetA, int64_t budgetB, const ReplayOptions& options);

} // namespace holescope
