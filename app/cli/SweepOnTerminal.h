// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/PreparedTrace.h"
#include "sweep/Sweep.h"

#include <atomic>

namespace holescope::cli {

// runSweep with a progress line on standard error while it is a terminal.
SweepResult runSweepOnTerminal(const PreparedTrace& trace, const SweepSpec& spec, const std::atomic<bool>* cancel);

} // namespace holescope::cli
