// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/FigureRoom.h"

#include <qcustomplot.h>

#include <QPicture>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

namespace holescope {
namespace {

// Pixels a figure lacks in each direction for its parts to be legible at its fonts.
struct Shortfall {
    int width = 0, height = 0;
    bool none() const { return width <= 0 && height <= 0; }
};

// Where an axis label lies, as QCustomPlot draws it: centred on its axis, in the outermost
// line of the axis rect's margin.
struct PlacedLabel {
    QRect rect;
    Qt::Orientation orientation;
    int share;   // the length of its axis: the label gains room by that part of the figure's growth
};

std::vector<PlacedLabel> axisLabels(QCustomPlot* plot)
{
    std::vector<PlacedLabel> labels;
    for (QCPAxisRect* axisRect : plot->axisRects()) {
        const QRect inner = axisRect->rect(), outer = axisRect->outerRect();
        for (QCPAxis* axis : axisRect->axes()) {
            if (!axis->visible() || axis->label().isEmpty())
                continue;
            const QFontMetrics metrics(axis->labelFont());
            const int length = metrics.horizontalAdvance(axis->label()), thickness = metrics.height();
            const QPoint centre = inner.center();
            QRect at;
            switch (axis->axisType()) {
            case QCPAxis::atLeft: at = QRect(outer.left(), centre.y() - length / 2, thickness, length); break;
            case QCPAxis::atRight: at = QRect(outer.right() - thickness, centre.y() - length / 2, thickness, length); break;
            case QCPAxis::atTop: at = QRect(centre.x() - length / 2, outer.top(), length, thickness); break;
            case QCPAxis::atBottom: at = QRect(centre.x() - length / 2, outer.bottom() - thickness, length, thickness); break;
            }
            labels.push_back({at, axis->orientation(), axis->orientation() == Qt::Vertical ? inner.height() : inner.width()});
        }
    }
    // An axis rect keeps its axes in a hash, whose order changes from run to run: sorted, the
    // verdict cannot depend on it.
    std::sort(labels.begin(), labels.end(), [](const PlacedLabel& a, const PlacedLabel& b) {
        return std::tuple(a.orientation, a.rect.x(), a.rect.y(), a.rect.width(), a.rect.height())
               < std::tuple(b.orientation, b.rect.x(), b.rect.y(), b.rect.width(), b.rect.height());
    });
    return labels;
}

// How many times closer than their labels need the closest two tick labels of the axis are
// (at most 1 when none overlap), as laid out last.
double tickCrowding(QCPAxis* axis)
{
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> texts = axis->tickVectorLabels();
    const QFontMetrics metrics(axis->tickLabelFont());
    double worst = 0;
    for (qsizetype i = 1; i < ticks.size() && i < texts.size(); ++i) {
        const double apart = std::abs(axis->coordToPixel(ticks[i]) - axis->coordToPixel(ticks[i - 1]));
        const double need = axis->orientation() == Qt::Vertical
                                ? metrics.ascent()   // digits have no descent: spaced by it, their ink does not touch
                                : (metrics.horizontalAdvance(texts[i]) + metrics.horizontalAdvance(texts[i - 1])) / 2.0 + metrics.averageCharWidth();
        worst = std::max(worst, need / std::max(apart, 1.0));
    }
    return worst;
}

// Lays the plot out at this size (into nothing kept) and measures what it lacks: below its
// layout's minimum the rows are squeezed together (a legend's text was cut in half).
Shortfall shortfallAt(QCustomPlot* plot, int width, int height)
{
    // Twice: a plot adapts to its last layout as it is laid out (the outcome plot's hole labels
    // and value ticks). It may still settle in more than one way at one size (hole labels, value
    // range and left margin depend on each other), so what came before can count: where it
    // matters, sizes are judged on a plot made afresh for each (see roomySize).
    for (int pass = 0; pass < 2; ++pass) {
        QPicture layout;
        QCPPainter painter(&layout);
        plot->toPainter(&painter, width, height);
        painter.end();
    }
    Shortfall lack;
    const QSize need = plot->plotLayout()->minimumOuterSizeHint();
    lack.width = need.width() - width;
    lack.height = need.height() - height;
    // An axis label cut by the figure's edge or running into another one (a short plot's
    // "Compute overhead" into the budget axis's label, stacked lanes' labels into each other).
    const std::vector<PlacedLabel> labels = axisLabels(plot);
    // A text's box holds its side bearings and the label's padding: a few pixels past the edge
    // cut no ink.
    const QRect figure = QRect(0, 0, width, height).adjusted(-4, -4, 4, 4);
    const auto needMore = [&](const PlacedLabel& label, int pixels) {
        int& lacking = label.orientation == Qt::Vertical ? lack.height : lack.width;
        const int whole = label.orientation == Qt::Vertical ? height : width;
        lacking = std::max(lacking, pixels * whole / std::max(1, label.share) + 1);
    };
    // A few pixels apart at least, along the label: labels that touch read as one ("A, kBdepth").
    const auto padded = [](const PlacedLabel& l) { return l.orientation == Qt::Vertical ? l.rect.adjusted(0, -2, 0, 2) : l.rect.adjusted(-2, 0, 2, 0); };
    for (size_t i = 0; i < labels.size(); ++i) {
        const QRect a = padded(labels[i]);
        if (!figure.contains(a)) {
            const QRect inside = a & figure;
            needMore(labels[i], labels[i].orientation == Qt::Vertical ? a.height() - inside.height() : a.width() - inside.width());
        }
        // Either label's padding counts (a vertical label's runs along the other axis than a
        // horizontal one's), whichever comes first.
        for (size_t j = i + 1; j < labels.size(); ++j) {
            const QRect both = (a & labels[j].rect) | (labels[i].rect & padded(labels[j]));
            if (!both.isEmpty())
                needMore(labels[i], labels[i].orientation == Qt::Vertical ? both.height() : both.width());
        }
    }
    // Tick labels that overlap their neighbours (a short lane's 10, 7.5 and 5 on top of each
    // other): the axis must grow until the closest two are a label apart.
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) {
            if (!axis->visible() || !axis->tickLabels())
                continue;
            const double crowding = tickCrowding(axis);
            if (crowding <= 1)
                continue;
            int& lacking = axis->orientation() == Qt::Vertical ? lack.height : lack.width;
            const int whole = axis->orientation() == Qt::Vertical ? height : width;
            lacking = std::max(lacking, static_cast<int>(std::ceil(whole * (crowding - 1))) + 1);
        }
    return lack;
}

} // namespace

bool hasRoom(QCustomPlot* plot, int width, int height)
{
    return shortfallAt(plot, width, height).none();
}

// A figure's width is mostly the page's: the height alone grows first, then the width alone,
// then both; the sides that grow double until everything fits, then each shrinks back as far as
// it can. A side that grew is named in whole tenths of an inch, and that very size is judged
// last: the verdicts need not be monotone in the size (a plot that fits at 2.6 in may not at
// 2.7), so the size named is one seen to fit, not one next to it.
std::optional<QSize> roomySize(const std::function<bool(int width, int height)>& fits, int width, int height)
{
    // The least side in (asked, grown], in tenths of an inch, at which fitsAt holds (it does at grown).
    const auto shrink = [&](int asked, int grown, const auto& fitsAt) {
        int lo = static_cast<int>(std::floor(asked * 10 / kLayoutDpi)), hi = tenthsAtLeast(grown);
        if (!fitsAt(tenthsPixels(hi)))
            return grown;
        while (hi - lo > 1) {
            const int mid = (lo + hi) / 2;
            (fitsAt(tenthsPixels(mid)) ? hi : lo) = mid;
        }
        return tenthsPixels(hi);
    };
    const auto grow = [&](bool growWidth, bool growHeight) -> std::optional<QSize> {
        int w = width, h = height;
        for (int doublings = 0; !fits(w, h); ++doublings) {
            if (doublings == 8)
                return std::nullopt;
            w = growWidth ? w * 2 : w;
            h = growHeight ? h * 2 : h;
        }
        if (growHeight)
            h = tenthsPixels(tenthsAtLeast(shrink(height, h, [&](int px) { return fits(w, px); })));
        if (growWidth)
            w = tenthsPixels(tenthsAtLeast(shrink(width, w, [&](int px) { return fits(px, h); })));
        for (int more = 0; !fits(w, h); ++more) {
            if (more == 20)
                return std::nullopt;
            h = growHeight ? tenthsPixels(tenthsAtLeast(h) + 1) : h;
            w = growWidth ? tenthsPixels(tenthsAtLeast(w) + 1) : w;
        }
        return QSize(w, h);
    };
    if (const std::optional<QSize> taller = grow(false, true))
        return taller;
    // Else the smaller of a wider figure and one grown both ways (a width that fits by itself
    // may be far wider than one with a little more height).
    const std::optional<QSize> wider = grow(true, false), both = grow(true, true);
    if (wider && both)
        return wider->width() * wider->height() <= both->width() * both->height() ? wider : both;
    return wider ? wider : both;
}

int tenthsAtLeast(int pixels)
{
    auto tenths = static_cast<int>(std::floor(pixels * 10 / kLayoutDpi));
    while (tenthsPixels(tenths) < pixels)
        ++tenths;
    return tenths;
}

double tenthsUp(int pixels)
{
    return tenthsAtLeast(pixels) / 10.0;
}

} // namespace holescope
