// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "forensics/PairExplanation.h"
#include "record/RunRecord.h"

#include <atomic>
#include <functional>
#include <stdexcept>
#include <string>

namespace holescope {

struct ExplainRequest {
    ReplayOptions replay;        // shared by both runs and the trials; its budget is not used
    int64_t failBudget = 0;      // must fail (oom or overhead_exceeded)
    int64_t okBudget = 0;        // must complete
    int culprits = 8;            // single protections to try at the failing budget; 0: none
    bool pairs = false;          // then pairs of the first few, when no single one rescues
    int jobs = 0;                // threads for the trials; 0: every core
};

// The pair cannot be explained: a budget does not do what its role says (the message names it).
class ExplainError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Stages: "recording" (the two runs), "comparing", "protecting" (done / total trials).
using ExplainProgress = std::function<void(const char* stage, int64_t done, int64_t total)>;

// Compares two recorded runs of one trace under the same options, the first failing and the
// second completing: divergences, what each holds alone, the failure, the key divergence. No
// protection trials (culprits stays empty).
PairExplanation analyzePair(const Program& program, const RunRecord& failing, const RunRecord& completing,
                            const ReplayOptions& options);

// Replays both budgets with a recorder, aligns them, follows the failure back to the divergence
// it comes from, and tries protections at the failing budget. Throws ExplainError when the
// failing budget does not fail or the completing one does not complete. Cancelling stops the
// work; the explanation is then marked cancelled and holds what was finished.
PairExplanation explainPair(const PreparedTrace& trace, const ExplainRequest& request,
                            const std::atomic<bool>* cancel = nullptr, const ExplainProgress& progress = {});

} // namespace holescope
