// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: any bytes through the trace reader; what it accepts is prepared and replayed
// briefly at a tight and a loose budget, with and without recording. Nothing may crash, hang,
// leak or trip the sanitizers; a refusal must name a line.
#include "record/ReplayRecorder.h"
#include "sim/Replay.h"
#include "trace/TraceReader.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    holescope::TraceLimits limits;
    limits.maxFileBytes = 1 << 20;
    const holescope::TraceLoad load = holescope::parseTrace(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz", limits);
    if (const auto* error = std::get_if<holescope::TraceError>(&load)) {
        if (error->file != "fuzz" || error->toString().empty())
            std::abort();
        return 0;
    }
    const holescope::PreparedTrace trace = holescope::prepareTrace(std::get<holescope::Program>(load));
    for (const double ratio : {0.3, 0.9}) {
        holescope::ReplayOptions o;
        o.budget = holescope::budgetForRatio(trace.baseline, ratio);
        o.maxSteps = 20000;
        o.overheadLimit = 3.0;
        const holescope::ReplayResult plain = holescope::replay(trace, o);
        if (ratio == 0.3) {
            const holescope::RunRecord recorded = holescope::recordReplay(trace, o);
            // Recording must not change the replay.
            if (recorded.result.outcome != plain.outcome || recorded.result.clock != plain.clock
                || recorded.result.evictions != plain.evictions)
                std::abort();
        }
        if (plain.outcome == holescope::Outcome::Complete && plain.opsDone != trace.baseline.ops)
            std::abort();
    }
    return 0;
}
