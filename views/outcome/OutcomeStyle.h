// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Baseline.h"
#include "sweep/Sweep.h"

#include <QColor>

namespace holescope {

// One colour per outcome, shared by the plot, the tables and the legend.
QColor outcomeColor(Outcome outcome);

// Compute overhead, (baseline compute + rematerialization) / baseline compute: 1 is no
// rematerialization. For a failed run, the overhead when it stopped.
double overheadOf(const SweepPoint& point, const Baseline& baseline);

} // namespace holescope
