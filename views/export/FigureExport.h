// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pair/PairData.h"
#include "sweep/Sweep.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QCustomPlot;

namespace holescope {

// Figure sizes for papers and talks.
enum class FigurePreset { SingleColumn, DoubleColumn, Slide };

struct FigureOptions {
    FigurePreset preset = FigurePreset::SingleColumn;
    double widthInches = 0;      // 0: the preset's
    double heightInches = 0;
    double fontPoints = 0;       // 0: the preset's
    int dpi = 300;               // PNG only

    double width() const;
    double height() const;
    double font() const;
};

// The pair timeline's four lanes need more height than one plot: a figure of a pair takes this
// height (inches) unless one is given.
double pairFigureHeight(FigurePreset preset);

// "single", "double", "slide".
std::optional<FigurePreset> figurePresetFromName(const QString& name);

// Writes the plot as PDF (vector, fonts embedded as TrueType, never Type 3), SVG or PNG, chosen
// by the file's extension, at the options' size and font size. The plot on screen is left as it was.
// A size too small for the plot's legend, axes and axis labels at that font is refused, with the
// least size that has room (tick labels are not judged).
//
// `fresh`, where given, makes the figure's plot anew as a fresh run of the command makes it; the
// least size a refusal names is then judged on such plots, a new one per size, so that a fresh
// run at that size is accepted. Without it (a plot on screen) sizes are judged on `plot`, whose
// layouts before a size can sway its verdict, rarely, in a plot that adapts to its layout.
using FreshPlot = std::function<std::shared_ptr<QCustomPlot>()>;
bool exportPlot(QCustomPlot* plot, const QString& path, const FigureOptions& options, QString& error, const FreshPlot& fresh = {});

// The options, made larger where the figure needs room at their font (for figures whose size the
// user does not choose, as the census's), judged on plots `fresh` makes: export one more of them.
FigureOptions withRoom(const FreshPlot& fresh, FigureOptions options);

// The data behind the figures, as CSV with a header line.
std::string outcomeCsv(const std::vector<SweepPoint>& points, const Baseline& baseline);
std::string pairCsv(const PairData& pair);

// Whole or not at all.
bool writeTextFile(const QString& path, const std::string& text, QString& error);

} // namespace holescope
