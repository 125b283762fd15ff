// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/SessionDocument.h"
#include "sim/Baseline.h"
#include "sweep/Sweep.h"

#include <vector>

namespace holescope {

// The sweep the settings ask for, with the session's interventions applied to every replay, and
// its time cap on each.
SweepSpec sweepSpecFor(const Baseline& baseline, const SweepSettings& settings, const std::vector<int32_t>& protect);

// The replay options of the settings (no budget): overhead limit, policy, interventions. A
// policy name that does not parse (settings are checked where they are made) falls back to DTR.
// No time cap: that is the sweep's (a pair's recorded replays take longer than the sweep's own).
ReplayOptions replayOptionsFor(const SweepSettings& settings, const std::vector<int32_t>& protect);

} // namespace holescope
