// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>

#include <cmath>
#include <functional>
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

// The least size found, in whole tenths of an inch (as pixels), at least (width, height), at
// which `fits` holds; empty when none is found up to 256 times the size. `fits` judges a size as
// hasRoom does, on the figure's plot or on a new one per size (see FreshPlot): a plot that adapts
// to its layout may settle in more than one way, so on one plot the sizes judged before a size
// can change its verdict.
std::optional<QSize> roomySize(const std::function<bool(int width, int height)>& fits, int width, int height);

// Whole tenths of an inch as layout pixels (layoutPixels of tenths / 10).
inline int tenthsPixels(int tenths)
{
    return static_cast<int>(std::lround(tenths * kLayoutDpi / 10));
}

// The fewest whole tenths of an inch that lay out as at least these pixels, and those tenths as
// inches, as a figure's size is written: a side of roomySize's, named so, lays out as the very
// pixels it judged.
int tenthsAtLeast(int pixels);
double tenthsUp(int pixels);

} // namespace holescope
