// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QCustomPlot;
class QCPLegend;

namespace holescope {

// Wraps the legend (filled columns first) into as many columns as the plot's width holds, at
// least one, and lays the plot out again when that changes its rows. A legend wider than the
// plot is squeezed by QCustomPlot into cells narrower than their text, which a figure a column
// wide showed as cut-off names. Call from the plot's afterLayout signal: the layout just made
// had the old rows.
void wrapLegendToWidth(QCustomPlot* plot, QCPLegend* legend);

} // namespace holescope
