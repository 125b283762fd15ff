// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>

#include <cmath>
#include <optional>

class QCustomPlot;

namespace holescope {

// Whether a figure has room for its parts at its fonts, and the least size that has. Used by
// exportPlot, with the figure's fonts set.

// The layout resolution: a figure is laid out as on a 96-dpi screen of its size in inches.
inline constexpr double kLayoutDpi = 96.0;

// A length in inches as layout pixels.
inline int layoutPixels(double inches)
{
    return static_cast<int>(std::lround(inches * kLayoutDpi));
}

// Lays the plot out at this size in pixels and says whether it has room: rows not squeezed below
// the layout's minimum, axis labels neither cut by the edge nor running into each other, tick
// labels not on top of each other. The plot keeps that layout (an SVG's unclippable items are cut
// in it).
bool hasRoom(QCustomPlot* plot, int width, int height);

// The least size found, in whole tenths of an inch (as pixels), at least (width, height) with no
// shortfall; empty when even 256 times the size lacks room. The plot may settle differently in a
// fresh layout at that size, rarely: a plot that adapts to its layout may settle in more than one
// way, so the layouts before a size can count.
std::optional<QSize> roomySize(QCustomPlot* plot, int width, int height);

// Pixels as inches rounded up to a tenth, as a figure's size is written.
double tenthsUp(int pixels);

} // namespace holescope
