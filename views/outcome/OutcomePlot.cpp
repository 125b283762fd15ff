// SPDX-License-Identifier: GPL-3.0-or-later
#include "outcome/OutcomePlot.h"

#include "outcome/OutcomeStyle.h"
#include "plot/LegendWrap.h"
#include "text/Numbers.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace holescope {
namespace {

// A hole's label sits on the plot, where four decimals read at a glance; a hole narrower than
// that takes as many more as tell its edges apart, up to the six of the tables and tooltips.
QString holeRangeText(const Hole& h)
{
    constexpr int kGlanceDigits = 4;
    if (h.loBudget == h.hiBudget)
        return QString::number(h.loRatio, 'f', kGlanceDigits);
    for (int digits = kGlanceDigits;; ++digits) {
        const QString lo = QString::number(h.loRatio, 'f', digits), hi = QString::number(h.hiRatio, 'f', digits);
        if (lo != hi || digits == kRatioDigits)
            return QStringLiteral("%1–%2").arg(lo, hi);
    }
}

constexpr int kPickPixels = 8;

// As simrd's figures do, shade the budgets no policy survives: black below the constants, grey
// up to what the most demanding operator needs on top of them. simrd's grey ends at constants +
// bottleneck, which counts constant inputs twice; this ends at Baseline::floor.
const QColor kConstantsFill(0, 0, 0, 170);
const QColor kFloorFill(128, 128, 128, 110);

QCPItemRect* shade(QCustomPlot* plot, double x0, double x1, const QColor& fill, const QPen& pen)
{
    auto* r = new QCPItemRect(plot);
    r->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    r->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    r->topLeft->setCoords(x0, 0);
    r->bottomRight->setCoords(x1, 1);
    r->setBrush(fill);
    r->setPen(pen);
    r->setLayer(QStringLiteral("background"));
    r->setSelectable(false);
    return r;
}

QCPItemStraightLine* verticalLine(QCustomPlot* plot, const QPen& pen)
{
    auto* l = new QCPItemStraightLine(plot);
    l->setPen(pen);
    l->setSelectable(false);
    l->setVisible(false);
    return l;
}

QCPItemText* topLabel(QCustomPlot* plot, const QString& text, const QColor& color)
{
    auto* t = new QCPItemText(plot);
    t->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    t->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    t->setText(text);
    t->setColor(color);
    t->setSelectable(false);
    t->setVisible(false);
    return t;
}

} // namespace

OutcomePlot::OutcomePlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->xAxis->setLabel(tr("Budget (ratio of the baseline peak)"));
    m_plot->yAxis->setLabel(tr("Compute overhead"));
    m_plot->xAxis2->setVisible(true);
    // The trace's name and the legend in rows above the plot, where they hide no point and no
    // hole's label (in a figure a column wide, the plot is mostly points).
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(m_plot, QString(), QFont(font().family(), font().pointSize(), QFont::Bold));
    m_title->setMinimumSize(1, 0);   // elided to the width (placeLabels), never widening the plot
    m_plot->plotLayout()->addElement(0, 0, m_title);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(2);   // until placeLabels fits it to the width
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setIconSize(18, 10);   // short keys: two columns of them fit a figure a column wide
    for (Outcome o : {Outcome::Complete, Outcome::Oom, Outcome::OverheadExceeded, Outcome::Unresolved}) {
        QCPGraph* g = m_plot->addGraph();
        g->setName(outcomeLabel(o));
        g->setLineStyle(QCPGraph::lsNone);
        const QCPScatterStyle::ScatterShape shape = o == Outcome::Complete ? QCPScatterStyle::ssDisc : QCPScatterStyle::ssCross;
        g->setScatterStyle(QCPScatterStyle(shape, outcomeColor(o), outcomeColor(o), 6));
        g->setPen(QPen(outcomeColor(o)));
        m_graphs[o] = g;
    }
    m_unresolvedAbove = m_plot->addGraph();
    m_unresolvedAbove->setName(tr("unresolved, above the plot"));
    m_unresolvedAbove->setLineStyle(QCPGraph::lsNone);
    m_unresolvedAbove->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, outcomeColor(Outcome::Unresolved),
                                                       outcomeColor(Outcome::Unresolved), 7));
    m_unresolvedAbove->setPen(QPen(outcomeColor(Outcome::Unresolved)));
    // Legend keys for the shaded regimes: bars that hold no data, drawn in the legend only.
    auto regimeKey = [this](const QString& name, const QColor& fill) {
        auto* key = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        key->setName(name);
        key->setBrush(fill);
        key->setPen(Qt::NoPen);
        key->setSelectable(QCP::stNone);
        return key;
    };
    m_constantsKey = regimeKey(tr("< constants"), kConstantsFill);
    m_floorKey = regimeKey(tr("< constants + largest operator"), kFloorFill);
    updateLegend();
    QPen pen(QColor(0, 0, 0), 1.5, Qt::DashLine);
    m_lineA = verticalLine(m_plot, QPen(QColor(0x2c, 0xa0, 0x2c), 2));
    m_lineB = verticalLine(m_plot, QPen(QColor(0x94, 0x67, 0xbd), 2));
    m_labelA = topLabel(m_plot, QStringLiteral("A"), QColor(0x2c, 0xa0, 0x2c));
    m_labelB = topLabel(m_plot, QStringLiteral("B"), QColor(0x94, 0x67, 0xbd));
    for (QCPItemText* label : {m_labelA, m_labelB}) {
        label->setPadding(QMargins(3, 0, 3, 0));
        label->setBrush(QColor(255, 255, 255, 220));
        QFont bold = label->font();
        bold.setBold(true);
        label->setFont(bold);
    }
    m_hint = new QCPItemText(m_plot);
    m_hint->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_hint->position->setCoords(0.5, 0.45);
    m_hint->setColor(QColor(0x55, 0x55, 0x55));
    m_hint->setSelectable(false);
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
        updateBytesAxis();
        updateLegend();
    });
    // After the layout, on screen and in an exported figure alike (which lays out at its own size).
    connect(m_plot, &QCustomPlot::afterLayout, this, &OutcomePlot::placeLabels);
    connect(m_plot, &QCustomPlot::mouseMove, this, &OutcomePlot::showToolTip);
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { m_pressPos = e->pos(); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, &OutcomePlot::onRelease);
    clear();
}

QCPGraph* OutcomePlot::graphFor(Outcome outcome) const
{
    return m_graphs.at(outcome);
}

void OutcomePlot::setTrace(const QString& name, const Baseline& baseline)
{
    m_name = name;
    m_baseline = baseline;
    updateTitle();
    clear();
}

void OutcomePlot::setPolicyName(const QString& policy)
{
    m_policy = policy;
    updateTitle();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OutcomePlot::updateTitle()
{
    const bool dtr = m_policy.isEmpty() || m_policy == QLatin1String("dtr");
    m_title->setText(dtr ? m_name : tr("%1 · policy %2").arg(m_name, m_policy));
}

void OutcomePlot::updateHint()
{
    m_hint->setText(m_baseline.memory <= 0 ? tr("Open a trace: File › Open Trace…, or drop one here")
                                           : tr("Choose a range of budgets above and press Sweep"));
    m_hint->setVisible(m_points.empty());
}

void OutcomePlot::clear()
{
    m_points.clear();
    m_holes.clear();
    m_holeLabels.clear();
    m_maxOverhead = 1.0;
    m_ended = 0;
    m_maxUnresolved = 0.0;
    for (auto& [o, g] : m_graphs)
        g->data()->clear();
    m_unresolvedAbove->data()->clear();
    // The A/B marks outlive a new sweep: the budgets chosen stay chosen.
    for (int i = m_plot->itemCount() - 1; i >= 0; --i) {
        QCPAbstractItem* item = m_plot->item(i);
        if (item != m_lineA && item != m_lineB && item != m_labelA && item != m_labelB && item != m_hint)
            m_plot->removeItem(item);
    }
    if (m_baseline.memory > 0) {
        const Regimes r = regimes();
        shade(m_plot, 0.0, r.constants, kConstantsFill, Qt::NoPen);
        shade(m_plot, r.constants, r.floor, kFloorFill, Qt::NoPen);
        auto* baselineLine = new QCPItemStraightLine(m_plot);
        baselineLine->point1->setCoords(0, 1);
        baselineLine->point2->setCoords(1, 1);
        baselineLine->setPen(QPen(QColor(0, 0, 0, 200), 1.5, Qt::DashLine));
        baselineLine->setSelectable(false);
    }
    updateLegend();
    updateHint();
    resetZoom();
}

void OutcomePlot::setRange(double fromRatio, double toRatio)
{
    m_from = fromRatio;
    m_to = toRatio;
    updateLegend();
    resetZoom();
}

std::pair<double, double> OutcomePlot::viewRatios() const
{
    return {m_plot->xAxis->range().lower, m_plot->xAxis->range().upper};
}

void OutcomePlot::resetZoom()
{
    const double pad = (m_to - m_from) * 0.02;
    m_plot->xAxis->setRange(m_from - pad, m_to + pad);
    updateBytesAxis();   // also when the range is unchanged but the trace (its peak) is new
    fitValueAxis();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OutcomePlot::fitValueAxis()
{
    const double highest = m_ended > 0 ? m_maxOverhead : std::max(m_maxOverhead, m_maxUnresolved);
    double upper = std::max(1.2, highest * 1.08);
    // Room below the baseline in proportion to the range: a fixed 0.9 cut TreeLSTM's failures at
    // overhead 1 in half on an axis up to 65, and hid the baseline in the x axis.
    const double lower = 1.0 - std::max(0.1, (upper - 1.0) * 0.04);
    const int height = m_plot->axisRect()->rect().height();
    // Capped runs above the ceiling are drawn on it, those below at their overhead: a marker's
    // half below the top at least (a share `gap` of the axis), or the frame cut the crosses just
    // under it in half. Where every run was capped the axis fits them, all below the ceiling.
    const double marker = graphFor(Outcome::Unresolved)->scatterStyle().size() / 2 + 2;
    const double gap = std::min(0.5, std::max(0.03, height > 0 ? marker / height : 0.0));
    if (m_ended == 0)
        upper = std::max(upper, lower + (highest - lower) / (1.0 - gap));
    if (m_labelBand > 0 && height > 0)
        upper = lower + (upper - lower) * height / std::max(height - m_labelBand, height / 6);
    m_plot->yAxis->setRange(lower, upper);
    m_fittedUpper = upper;
    m_fittedHeight = height;
    placeUnresolved(upper - (upper - lower) * gap);
}

void OutcomePlot::placeUnresolved(double ceiling)
{
    QCPGraph* below = graphFor(Outcome::Unresolved);
    const bool hadAbove = !m_unresolvedAbove->data()->isEmpty(), hadBelow = !below->data()->isEmpty();
    below->data()->clear();
    m_unresolvedAbove->data()->clear();
    m_unresolvedCeiling = ceiling;
    for (const SweepPoint& p : m_points) {
        if (p.outcome != Outcome::Unresolved)
            continue;
        const double x = ratioOfPeak(p.budget, m_baseline.memory);
        const double y = overheadOf(p, m_baseline);
        (y > ceiling ? m_unresolvedAbove : below)->addData(x, std::min(y, ceiling));
    }
    if (hadAbove != !m_unresolvedAbove->data()->isEmpty() || hadBelow != !below->data()->isEmpty())
        updateLegend();
}

double OutcomePlot::drawnOverhead(const SweepPoint& p) const
{
    const double y = overheadOf(p, m_baseline);
    return p.outcome == Outcome::Unresolved ? std::min(y, m_unresolvedCeiling) : y;
}

void OutcomePlot::updateBytesAxis()
{
    const QCPRange r = m_plot->xAxis->range();
    const auto [scale, unit] = byteUnitFor(m_baseline.memory);
    const double peak = static_cast<double>(m_baseline.memory) / scale;
    m_plot->xAxis2->setLabel(tr("Budget (%1)").arg(unit));
    m_plot->xAxis2->setRange(r.lower * peak, r.upper * peak);
}

void OutcomePlot::addToGraphs(const SweepPoint& p)
{
    const double x = ratioOfPeak(p.budget, m_baseline.memory);
    const double y = overheadOf(p, m_baseline);
    if (p.outcome == Outcome::Unresolved) {   // placed by placeUnresolved, once the axis is fitted
        m_maxUnresolved = std::max(m_maxUnresolved, y);
        return;
    }
    graphFor(p.outcome)->addData(x, y);
    m_maxOverhead = std::max(m_maxOverhead, y);
    ++m_ended;
}

void OutcomePlot::setPoints(const std::vector<SweepPoint>& points)
{
    m_points = points;
    m_maxOverhead = 1.0;
    m_ended = 0;
    m_maxUnresolved = 0.0;
    for (auto& [o, g] : m_graphs)
        g->data()->clear();
    for (const SweepPoint& p : m_points)
        addToGraphs(p);
    updateLegend();
    updateHint();
    fitValueAxis();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

OutcomePlot::Regimes OutcomePlot::regimes() const
{
    if (m_baseline.memory <= 0)
        return {};
    // Constants released before the end may leave the floor below their sum.
    return {ratioOfPeak(std::min(m_baseline.constBytes, m_baseline.floor), m_baseline.memory),
            ratioOfPeak(m_baseline.floor, m_baseline.memory)};
}

// Only the outcomes the sweep has: a legend of four entries for one kind of point is noise.
void OutcomePlot::updateLegend()
{
    m_plot->legend->clearItems();
    for (Outcome o : {Outcome::Complete, Outcome::Oom, Outcome::OverheadExceeded, Outcome::Unresolved})
        if (!graphFor(o)->data()->isEmpty())
            graphFor(o)->addToLegend();
    if (!m_unresolvedAbove->data()->isEmpty())
        m_unresolvedAbove->addToLegend();
    // A regime's key only when its shading shows, within the view (a zoom onto a hole, and the
    // figure exported from it, leave the grey out), also in the margin beside the swept range:
    // a strip there had no key.
    const Regimes r = regimes();
    const double from = m_plot->xAxis->range().lower, to = m_plot->xAxis->range().upper;
    if (r.constants > std::max(from, 0.0) && from < to)
        m_constantsKey->addToLegend();
    if (r.floor > std::max(from, r.constants) && r.constants < to)
        m_floorKey->addToLegend();
    // An empty legend in the layout would narrow the plot to its own width: it leaves the layout
    // until it has an entry.
    const bool inLayout = m_plot->legend->layout() != nullptr;
    if (m_plot->legend->itemCount() == 0 && inLayout)
        m_plot->plotLayout()->take(m_plot->legend);
    else if (m_plot->legend->itemCount() > 0 && !inLayout)
        m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
}

OutcomePlot::~OutcomePlot()
{
    // The plot deletes the legend with its layout only.
    if (m_plot->legend->layout() == nullptr)
        m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
}

void OutcomePlot::addPoints(const std::vector<SweepPoint>& batch)
{
    m_points.insert(m_points.end(), batch.begin(), batch.end());
    for (const SweepPoint& p : batch)
        addToGraphs(p);
    updateLegend();
    updateHint();
    fitValueAxis();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OutcomePlot::setHoles(const std::vector<Hole>& holes)
{
    // Drop the old hole shading (and everything else but the regimes, rebuilt by clear()).
    const std::vector<SweepPoint> points = m_points;
    const double maxOverhead = m_maxOverhead;
    const QCPRange x = m_plot->xAxis->range();
    clear();
    m_points = points;
    for (const SweepPoint& p : m_points)
        addToGraphs(p);
    updateLegend();
    updateHint();
    m_maxOverhead = std::max(maxOverhead, m_maxOverhead);
    m_holes = holes;
    m_focusedHole = -1;
    const QColor holeColor(214, 39, 40);
    for (size_t i = 0; i < holes.size(); ++i) {
        const Hole& h = holes[i];
        QColor fill = holeColor;
        fill.setAlpha(45);
        QPen edge(holeColor);
        edge.setWidthF(1.5);
        // Solid where the edges are known to the byte (a refined sweep's, even with budgets inside
        // not all examined), as the holes table and the CLI say "exact edges". A sampled hole's
        // edges lie somewhere between the completing executions around it: that span is shaded
        // (a hole of one failing sample would otherwise have no width). With exact edges the
        // span is the hole.
        edge.setStyle(h.edgesExact() ? Qt::SolidLine : Qt::DashLine);
        shade(m_plot, ratioOfPeak(h.spanLo, m_baseline.memory), ratioOfPeak(h.spanHi, m_baseline.memory), fill, edge);
        auto* label = topLabel(m_plot, holeLabelText(i, LabelForm::Full), holeColor.darker(130));
        label->position->setCoords((h.loRatio + h.hiRatio) / 2, 0.0);
        // A box that lets what is behind it show, lightened: a nearly opaque one blanked the hole's own
        // shading and the grey regime beside it, and without one the edges cross the text.
        label->setBrush(QColor(255, 255, 255, 150));
        label->setVisible(true);
        m_holeLabels.push_back(label);
    }
    m_plot->xAxis->setRange(x);
    fitValueAxis();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString OutcomePlot::holeLabelText(size_t index, LabelForm form) const
{
    const Hole& h = m_holes[index];
    switch (form) {
    case LabelForm::Full: return tr("hole %1\n%2").arg(index + 1).arg(holeRangeText(h));
    case LabelForm::Range: return holeRangeText(h);
    case LabelForm::Number: return QString::number(index + 1);
    }
    return {};
}

// Labels go at the holes' middles, moved along an edge of the view when they would be cut off
// there, and stacked in rows from the top where they would cover each other; a label with no
// free row inside the plot is left out (the holes table lists every hole). The title is elided to the width.
void OutcomePlot::placeLabels()
{
    if (m_plot->legend->layout() != nullptr)
        wrapLegendToWidth(m_plot, m_plot->legend);
    const QRect area = m_plot->axisRect()->rect();
    updateTitle();
    // Elided to the width the title element has inside its margins: elided to the viewport's, a
    // long trace name made the layout's least width exceed the figure's, and its size was refused.
    const QString full = m_title->text();
    const int beside = m_title->margins().left() + m_title->margins().right() + 8;
    m_title->setText(QFontMetrics(m_title->font()).elidedText(full, Qt::ElideMiddle, std::max(40, m_plot->viewport().width() - beside)));
    if (const int over = static_cast<const QCPLayoutElement*>(m_title)->minimumOuterSizeHint().width() - m_plot->viewport().width(); over > 0)
        m_title->setText(QFontMetrics(m_title->font()).elidedText(full, Qt::ElideMiddle, std::max(40, m_plot->viewport().width() - beside - over)));
    const int marks = m_lineA->visible() || m_lineB->visible() ? QFontMetrics(m_labelA->font()).height() + 4 : 0;
    // The labels should take at most the top half of the plot, above the points (fitValueAxis),
    // and all be shown. Where the full form cannot (close holes in a figure a column wide:
    // U-Net's three covered its points), a shorter one is tried: the range alone, then the
    // number alone, of which those that do not fit the top half are left out (the holes table
    // lists every hole): kept whatever they took, ResNet-32's 36 holes under foresight took 70 of
    // a figure's 74 pixels, and came down over the points.
    int band = marks;
    for (const LabelForm form : {LabelForm::Full, LabelForm::Range, LabelForm::Number}) {
        for (size_t i = 0; i < m_holeLabels.size() && i < m_holes.size(); ++i)
            m_holeLabels[i]->setText(holeLabelText(i, form));
        int hidden = 0;
        band = stackLabels(area, marks, form == LabelForm::Number ? area.height() / 2 : area.height(), hidden);
        if (band <= area.height() / 2 && hidden == 0)
            break;
    }
    // As many value ticks as the axis has room for, aiming at two label heights apart (the ticker
    // rounds to steps of 1, 2, 2.5 or 5, so they may come a third closer): QCustomPlot aims at five
    // whatever the height, and in a figure an inch or two tall their labels overlapped.
    const int labelHeight = QFontMetrics(m_plot->yAxis->tickLabelFont()).height();
    const int ticks = std::clamp(area.height() / std::max(1, 2 * labelHeight), 1, 5);
    const bool retick = ticks != m_plot->yAxis->ticker()->tickCount();
    m_plot->yAxis->ticker()->setTickCount(ticks);
    // The labels take the top of the plot: the value axis makes room for them above the points,
    // unless the user has zoomed it (then it keeps its range, only laid out again for new ticks).
    // It is fitted again when the band changes and when the plot's height does: the band's share
    // of the height, and a mark's, change with it (fitted for another height, or before the first
    // layout, the labels' rows came down over the points and the frame cut capped runs' marks).
    const bool refit = band != m_labelBand || area.height() != m_fittedHeight;
    m_labelBand = band;
    if (refit && std::abs(m_plot->yAxis->range().upper - m_fittedUpper) < 1e-12) {
        fitValueAxis();
        layOutAgain();
    } else if (retick) {
        layOutAgain();
    }
}

// The ticks and margins were laid out for the old range or tick count: an exported figure, drawn
// in this very pass at its own size, labelled only part of its axis. Lay out again before drawing.
void OutcomePlot::layOutAgain()
{
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        m_plot->plotLayout()->update(phase);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int OutcomePlot::stackLabels(const QRect& area, int marks, int room, int& hidden)
{
    int band = marks;
    hidden = 0;
    constexpr int kRows = 4;
    std::vector<double> rowEnds(kRows, -std::numeric_limits<double>::infinity());
    std::vector<size_t> order(std::min(m_holeLabels.size(), m_holes.size()));
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    auto middleOf = [this](size_t i) { return (m_holes[i].loRatio + m_holes[i].hiRatio) / 2; };
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return middleOf(a) < middleOf(b); });
    for (size_t i : order) {
        QCPItemText* label = m_holeLabels[i];
        const double middle = middleOf(i);
        const double at = m_plot->xAxis->coordToPixel(middle);
        const QFontMetrics metrics(label->font());
        int width = 0;
        const QStringList lines = label->text().split(QLatin1Char('\n'));
        for (const QString& line : lines)
            width = std::max(width, metrics.horizontalAdvance(line));
        const double half = width / 2.0 + label->padding().left() + 2;
        // Anchored at the middle, or along the edge it would cross.
        double x = middle, left = at - half;
        Qt::Alignment align = Qt::AlignHCenter;
        if (at >= area.left() && at - half < area.left()) {
            x = m_plot->xAxis->pixelToCoord(area.left() + 2);
            left = area.left() + 2;
            align = Qt::AlignLeft;
        } else if (at <= area.right() && at + half > area.right()) {
            x = m_plot->xAxis->pixelToCoord(area.right() - 2);
            left = area.right() - 2 - 2 * half;
            align = Qt::AlignRight;
        }
        label->setPositionAlignment(align | Qt::AlignTop);
        label->position->setCoords(x, 0.0);
        label->setVisible(true);
        if (at < area.left() || at > area.right())
            continue;   // out of view, and clipped with its hole
        const double height = metrics.height() * static_cast<double>(lines.size()) + 2;
        const double first = marks > 0 ? marks : 2;   // the top line is the budget marks' (A, B), if any
        const auto row = std::find_if(rowEnds.begin(), rowEnds.end(), [&](double end) { return end + 4 <= left; });
        const double top = first + static_cast<double>(row - rowEnds.begin()) * (height + 2);
        if (row == rowEnds.end() || top + height + 2 > room) {
            label->setVisible(false);
            ++hidden;
            continue;
        }
        *row = left + 2 * half;
        label->position->setCoords(x, top / std::max(1, area.height()));
        band = std::max(band, static_cast<int>(top + height) + 4);
    }
    return band;
}

void OutcomePlot::setSelection(std::optional<int64_t> a, std::optional<int64_t> b)
{
    // Each letter beside its line, not on it: the lower budget's to the left, the higher's to
    // the right, so that the two stay apart however close the budgets (a hole's edges).
    auto place = [this](QCPItemStraightLine* line, QCPItemText* label, std::optional<int64_t> budget, bool leftOfLine) {
        line->setVisible(budget.has_value());
        label->setVisible(budget.has_value());
        if (!budget)
            return;
        const double x = ratioOfPeak(*budget, m_baseline.memory);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        label->position->setCoords(x, 0.01);
        label->setPositionAlignment((leftOfLine ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    };
    const bool aBelowB = a && b && *a < *b;
    place(m_lineA, m_labelA, a, aBelowB);
    place(m_lineB, m_labelB, b, a && b && !aBelowB);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int OutcomePlot::focusHole(bool forward)
{
    if (m_holes.empty())
        return -1;
    int found = -1;
    if (m_focusedHole < 0) {
        // The first jump goes to the hole nearest the middle of the view, whichever way.
        const double center = m_plot->xAxis->range().center();
        double best = std::numeric_limits<double>::infinity();
        for (size_t i = 0; i < m_holes.size(); ++i) {
            const double d = std::abs((m_holes[i].loRatio + m_holes[i].hiRatio) / 2 - center);
            if (d < best) {
                best = d;
                found = static_cast<int>(i);
            }
        }
    } else {
        found = m_focusedHole + (forward ? 1 : -1);
    }
    return focusHoleAt(found) ? found : -1;
}

bool OutcomePlot::focusHoleAt(int index)
{
    if (index < 0 || index >= static_cast<int>(m_holes.size()))
        return false;
    m_focusedHole = index;
    const Hole& h = m_holes[static_cast<size_t>(index)];
    const double width = std::max(h.hiRatio - h.loRatio, 0.002);
    m_plot->xAxis->setRange(h.loRatio - 2 * width, h.hiRatio + 2 * width);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    return true;
}

std::optional<SweepPoint> OutcomePlot::pointNear(const QPoint& pos) const
{
    std::optional<SweepPoint> best;
    double bestDistance = kPickPixels * kPickPixels;
    for (const SweepPoint& p : m_points) {
        const double px = m_plot->xAxis->coordToPixel(ratioOfPeak(p.budget, m_baseline.memory));
        const double py = m_plot->yAxis->coordToPixel(drawnOverhead(p));
        const double d = (px - pos.x()) * (px - pos.x()) + (py - pos.y()) * (py - pos.y());
        if (d <= bestDistance) {
            bestDistance = d;
            best = p;
        }
    }
    return best;
}

void OutcomePlot::showToolTip(QMouseEvent* event)
{
    const auto p = pointNear(event->pos());
    if (!p) {
        QToolTip::hideText();
        return;
    }
    const QString text = tr("budget %1 B (%2 of peak)\n%3%4\noverhead %5\n%6 evictions\nsame execution: %7 – %8 B")
                             .arg(QString::fromStdString(groupDigits(p->budget)))
                             .arg(ratioOfPeak(p->budget, m_baseline.memory), 0, 'f', kRatioDigits)
                             .arg(outcomeLabel(p->outcome))
                             .arg(p->outcome == Outcome::Complete ? QString() : QLatin1Char(' ') + QString::fromStdString(failurePlace(p->opsDone, p->outsideOperator)))
                             .arg(overheadOf(*p, m_baseline), 0, 'f', 4)
                             .arg(QString::fromStdString(groupDigits(p->evictions)))
                             .arg(QString::fromStdString(groupDigits(p->certifiedLo)))
                             .arg(p->certifiedHi == std::numeric_limits<int64_t>::max() ? tr("any") : QString::fromStdString(groupDigits(p->certifiedHi)));
    QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
}

void OutcomePlot::onRelease(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || (event->pos() - m_pressPos).manhattanLength() > 3)
        return;   // a drag, not a click
    if (const auto p = pointNear(event->pos()))
        emit budgetPicked(p->budget, event->modifiers().testFlag(Qt::ShiftModifier));
}

} // namespace holescope
