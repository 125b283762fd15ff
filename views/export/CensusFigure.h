// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Census.h"

#include <vector>

class QCustomPlot;

namespace holescope {

// The census as grouped bars: for each policy, one bar per trace with its number of holes, under
// a subtitle with the grid and the limit. A row with no hole because no grid budget completes is
// marked with a cross: its empty bar would read as monotone's, no hole among completing budgets.
// A circled cross instead where some of its budgets were left unresolved: nothing is known of those.
// A floored monotone (CensusRow::monotoneFloor) is ticked "monotone*", as in the table.
void drawCensus(QCustomPlot* plot, const CensusSpec& spec, const std::vector<CensusRow>& rows);

} // namespace holescope
