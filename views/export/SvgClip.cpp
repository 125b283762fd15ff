// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/SvgClip.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace holescope {
namespace {

bool usesViewport(const QCPItemPosition* p)
{
    // The viewport is the widget's again once a figure is drawn; axis rects keep the figure's layout.
    return p->typeX() == QCPItemPosition::ptViewportRatio || p->typeY() == QCPItemPosition::ptViewportRatio;
}

} // namespace

bool lineThroughRect(QPointF a, QPointF b, const QRectF& rect, QPointF& from, QPointF& to)
{
    // Liang-Barsky over the whole line: t unbounded, cut by the four edges.
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    if (dx == 0 && dy == 0)
        return false;
    double lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
    const double p[] = {-dx, dx, -dy, dy};
    const double q[] = {a.x() - rect.left(), rect.right() - a.x(), a.y() - rect.top(), rect.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            lo = std::max(lo, t);
        else
            hi = std::min(hi, t);
    }
    if (lo > hi)
        return false;
    from = QPointF(a.x() + lo * dx, a.y() + lo * dy);
    to = QPointF(a.x() + hi * dx, a.y() + hi * dy);
    return true;
}

SvgClipScope::SvgClipScope(QCustomPlot* plot)
    : m_plot(plot)
{
    const int count = plot->itemCount();
    for (int i = 0; i < count; ++i) {
        QCPAbstractItem* item = plot->item(i);
        if (!item->visible() || !item->clipToAxisRect() || item->clipAxisRect() == nullptr)
            continue;
        const QRectF clip = item->clipAxisRect()->rect();
        if (auto* rect = qobject_cast<QCPItemRect*>(item)) {
            if (usesViewport(rect->topLeft) || usesViewport(rect->bottomRight))
                continue;
            // A pen is drawn astride the rect's edge: where the rect is cut, its edge goes half a
            // pen inside, as clipping would have shown it.
            const double half = rect->pen().style() == Qt::NoPen ? 0.0 : rect->pen().widthF() / 2;
            const QRectF cut = QRectF(rect->topLeft->pixelPosition(), rect->bottomRight->pixelPosition()).normalized()
                               & clip.adjusted(half, half, -half, -half);
            if (cut.isEmpty()) {
                item->setVisible(false);
                m_hidden.push_back(item);
                continue;
            }
            pin(rect->topLeft, cut.topLeft());
            pin(rect->bottomRight, cut.bottomRight());
        } else if (auto* line = qobject_cast<QCPItemStraightLine*>(item)) {
            if (usesViewport(line->point1) || usesViewport(line->point2))
                continue;
            item->setVisible(false);
            m_hidden.push_back(item);
            QPointF from, to;
            if (!lineThroughRect(line->point1->pixelPosition(), line->point2->pixelPosition(), clip, from, to))
                continue;
            auto* segment = new QCPItemLine(plot);
            segment->setLayer(line->layer());
            segment->setClipToAxisRect(false);
            segment->setPen(line->pen());
            segment->setSelectable(false);
            for (auto [position, pixel] : {std::pair{segment->start, from}, std::pair{segment->end, to}}) {
                position->setType(QCPItemPosition::ptAbsolute);
                position->setCoords(pixel);
            }
            m_added.push_back(segment);
        }
    }
}

void SvgClipScope::pin(QCPItemPosition* position, QPointF pixel)
{
    m_positions.emplace(position, SavedPosition{position->typeX(), position->typeY(), position->coords()});
    position->setType(QCPItemPosition::ptAbsolute);
    position->setCoords(pixel);
}

SvgClipScope::~SvgClipScope()
{
    for (QCPItemLine* line : m_added)
        m_plot->removeItem(line);
    for (QCPAbstractItem* item : m_hidden)
        item->setVisible(true);
    for (auto& [position, saved] : m_positions) {
        position->setTypeX(static_cast<QCPItemPosition::PositionType>(saved.typeX));
        position->setTypeY(static_cast<QCPItemPosition::PositionType>(saved.typeY));
        position->setCoords(saved.coords);
    }
}

} // namespace holescope
