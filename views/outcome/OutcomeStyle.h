// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Baseline.h"
#include "sweep/Sweep.h"

#include <QColor>
#include <QString>

namespace holescope {

// One colour per outcome, shared by the plot, the tables and the legend.
QColor outcomeColor(Outcome outcome);
// An outcome in words ("out of memory"), as legends and headers show it.
QString outcomeLabel(Outcome outcome);

// The unit of a bytes axis: the largest that keeps `largest` at 1 or more.
struct ByteUnit {
    double scale;
    QString name;   // "GB", "MB", "kB" or "bytes"
};
ByteUnit byteUnitFor(int64_t largest);

// Compute overhead, (baseline compute + rematerialization) / baseline compute: 1 is no
// rematerialization. For a failed run, the overhead when it stopped.
double overheadOf(const SweepPoint& point, const Baseline& baseline);

} // namespace holescope
