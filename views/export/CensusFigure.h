// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Census.h"

#include <vector>

class QCustomPlot;

namespace holescope {

// The census as grouped bars: for each policy, one bar per trace with its number of holes.
void drawCensus(QCustomPlot* plot, const std::vector<CensusRow>& rows);

} // namespace holescope
