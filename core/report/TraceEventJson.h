// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "record/RunRecord.h"
#include "sim/PreparedTrace.h"

#include <nlohmann/json.hpp>

#include <span>
#include <string>

namespace holescope {

// Recorded runs of one trace in the Chrome trace-event format, which Perfetto and
// chrome://tracing open. Each run is one process (pid 1, 2, ... in the order given), so a pair
// opens side by side. Timestamps are microseconds of the trace's clock (its TIME is in ns).
//
// Per process:
//  - thread 1 "operators": every computation as a complete ("X") slice, category "compute" for
//    a model operator and "remat" for a rebuild; a rebuild's slice encloses the rebuilds it
//    waited for, and the operator's slice encloses them all;
//  - thread 2 "memory events": evictions, the run's end (oom, overhead, cap) and the
//    interventions (protected storages) as instant ("i") events;
//  - counter "memory" with series "in use", "pinned", "evictable" and "budget", one sample per
//    model operator (nothing finer, so files stay small);
//  - every residency of a storage as an async ("b"/"e") pair, category "storage", with an id of
//    its own;
//  - a flow ("s"/"f") from the computation that evicted a storage (for an eager eviction: the
//    computation just before it) to the rebuild that brought it back.
// The options are those the runs were replayed with (for the protected storages).
nlohmann::ordered_json traceEventsJson(const std::string& traceName, const PreparedTrace& trace, const ReplayOptions& options,
                                       std::span<const RunRecord* const> runs);

} // namespace holescope
