// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Replay.h"

#include <cstdint>

namespace holescope {

// How a run ended, as a hole's description gives it: the operator, the bytes that could not be
// evicted, and how deep the rebuilds of that last operator nested. What a full record's End
// event says, without the record: a run that thrashes for millions of evictions before it
// fails would fill memory with events nobody reads.
struct FailureSignature {
    Outcome outcome = Outcome::Complete;
    int64_t op = 0;             // operators done when the run ended
    int64_t pinnedBytes = 0;    // resident and not evictable (pinned or locked) at that moment
    int32_t cascadeDepth = 0;   // deepest rebuild nesting during the last operator
    bool outsideOperator = false;   // failed in a read of the trace, no model operator under way
};

FailureSignature failureSignature(const PreparedTrace& trace, const ReplayOptions& options);

} // namespace holescope
