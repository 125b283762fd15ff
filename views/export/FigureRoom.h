// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>

#include <optional>

class QCustomPlot;

namespace holescope {

// Whether a figure has room for its parts at its fonts, and the least size that has. Used by
// exportPlot, with the figure's fonts set.

// The layout resolution: a figure is laid out as on a 96-dpi screen of its size in inches.
inline constexpr double kLayoutDpi = 96.0;

// Pixels a figure lacks in each direction for its parts to be legible at its fonts.
struct Shortfall {
    int width = 0, height = 0;
    bool none() const { return width <= 0 && height <= 0; }
};

// Lays the plot out at this size in pixels and measures what it lacks: rows squeezed below the
// layout's minimum, axis labels cut by the edge or running into each other, tick labels on top
// of each other. The plot keeps that layout (an SVG's unclippable items are cut in it).
Shortfall shortfallAt(QCustomPlot* plot, int width, int height);
bool hasRoom(QCustomPlot* plot, int width, int height);

// The least size found, in whole tenths of an inch (as pixels), at least (width, height) with no
// shortfall; empty when even 256 times the size lacks room. The plot may settle differently in a
// fresh layout at that size (see shortfallAt's comment), rarely.
std::optional<QSize> roomySize(QCustomPlot* plot, int width, int height);

// Pixels as inches rounded up to a tenth, as a figure's size is written.
double tenthsUp(int pixels);

} // namespace holescope
