// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointF>
#include <QRectF>

#include <map>
#include <vector>

class QCustomPlot;
class QCPAbstractItem;
class QCPItemLine;
class QCPItemPosition;

namespace holescope {

// QSvgGenerator (Qt 6.4) writes no clip paths, so what QCustomPlot clips to an axis rect (the
// shaded regimes and holes, the lines across a lane) spilled over the tick labels and the axes of
// an SVG figure. While one of these lives, such items are cut to their axis rect, in pixels of
// the layout the plot was last drawn at (the figure's: draw it at the figure's size first);
// everything is put back when it goes.
class SvgClipScope {
public:
    explicit SvgClipScope(QCustomPlot* plot);
    ~SvgClipScope();
    SvgClipScope(const SvgClipScope&) = delete;
    SvgClipScope& operator=(const SvgClipScope&) = delete;

private:
    struct SavedPosition {
        int typeX, typeY;
        QPointF coords;
    };
    void pin(QCPItemPosition* position, QPointF pixel);

    QCustomPlot* m_plot;
    std::map<QCPItemPosition*, SavedPosition> m_positions;
    std::vector<QCPAbstractItem*> m_hidden;
    std::vector<QCPItemLine*> m_added;
};

// The part of the infinite line through a and b inside `rect`; false when it misses the rect.
bool lineThroughRect(QPointF a, QPointF b, const QRectF& rect, QPointF& from, QPointF& to);

} // namespace holescope
