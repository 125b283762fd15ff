// SPDX-License-Identifier: GPL-3.0-or-later
#include "pair/PairData.h"

#include "forensics/PairExplainer.h"
#include "forensics/RunAlignment.h"
#include "record/ReplayRecorder.h"

#include <oneapi/tbb/parallel_invoke.h>

namespace holescope {
PairData buildPair(const PreparedTrace& trace, int64_t budgetA, int64_t budgetB, const ReplayOptions& options)
{
    PairData d;
    d.options = options;
    d.options.budget = 0;
    d.options.logEvents = false;
    d.baseline = trace.baseline;
    ReplayOptions oa = d.options, ob = d.options;
    oa.budget = budgetA;
    ob.budget = budgetB;
    ob.workspace = nullptr;   // the two run at once; a workspace serves one replay at a time
    tbb::parallel_invoke([&] { d.a = recordReplay(trace, oa); }, [&] { d.b = recordReplay(trace, ob); });
    d.options.cancel = nullptr;
    d.first = firstDivergence(d.a, d.b);
    const bool aFails = isFailure(d.a.result.outcome), bFails = isFailure(d.b.result.outcome);
    if (aFails && d.b.result.outcome == Outcome::Complete) {
        d.aFails = true;
        d.explanation = analyzePair(trace.program, d.a, d.b, d.options);
    } else if (bFails && d.a.result.outcome == Outcome::Complete) {
        d.explanation = analyzePair(trace.program, d.b, d.a, d.options);
    }
    return d;
}

} // namespace holescope
