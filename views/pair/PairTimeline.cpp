// SPDX-License-Identifier: GPL-3.0-or-later
#include "pair/PairTimeline.h"

#include "outcome/OutcomeStyle.h"
#include "plot/LegendWrap.h"
#include "record/RunRecord.h"
#include "text/Numbers.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QVBoxLayout>

#include <algorithm>

namespace holescope {
namespace {

const QColor kMemory(0x1f, 0x77, 0xb4);
const QColor kPinned(0x7f, 0x7f, 0x7f);
const QColor kEvictable(0x2c, 0xa0, 0x2c);
const QColor kEvict(0xff, 0x7f, 0x0e);
const QColor kRemat(0x94, 0x67, 0xbd);
// A depth lane's height next to a memory lane's.
constexpr double kDepthShare = 0.3;
const QColor kDiffer(0x17, 0xbe, 0xcf, 28);   // where the runs hold different storages
const QColor kBudget(0xd6, 0x27, 0x28);
const QColor kDivergence(0x17, 0xbe, 0xcf);

QCPGraph* addGraph(QCustomPlot* plot, QCPAxisRect* lane, const QString& name, const QColor& color)
{
    QCPGraph* g = plot->addGraph(lane->axis(QCPAxis::atBottom), lane->axis(QCPAxis::atLeft));
    g->setName(name);
    g->setPen(QPen(color, 1.2));
    g->setLineStyle(QCPGraph::lsStepLeft);
    return g;
}

QCPItemStraightLine* verticalIn(QCustomPlot* plot, QCPAxisRect* lane, double x, const QPen& pen)
{
    auto* line = new QCPItemStraightLine(plot);
    line->setClipAxisRect(lane);
    for (QCPItemPosition* p : {line->point1, line->point2}) {
        p->setAxes(lane->axis(QCPAxis::atBottom), lane->axis(QCPAxis::atLeft));
        p->setAxisRect(lane);
    }
    line->point1->setCoords(x, 0);
    line->point2->setCoords(x, 1);
    line->setPen(pen);
    line->setSelectable(false);
    return line;
}

void shadeIn(QCustomPlot* plot, QCPAxisRect* lane, double x0, double x1, const QColor& fill)
{
    auto* r = new QCPItemRect(plot);
    r->setClipAxisRect(lane);
    for (QCPItemPosition* p : {r->topLeft, r->bottomRight}) {
        p->setAxes(lane->axis(QCPAxis::atBottom), lane->axis(QCPAxis::atLeft));
        p->setAxisRect(lane);
        p->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    r->topLeft->setCoords(x0, 0);
    r->bottomRight->setCoords(x1, 1);
    r->setPen(Qt::NoPen);
    r->setBrush(fill);
    r->setLayer(QStringLiteral("background"));
    r->setSelectable(false);
}

} // namespace

PairTimeline::PairTimeline(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    // Not the plot's own minimum width, as wide as its legend in one row: wrapLegendToWidth wraps the
    // legend to whatever width the plot gets (a figure a column wide, a laptop's window).
    m_plot->setMinimumWidth(200);
    buildLanes();
    // After the layout, on screen and in an exported figure alike (which lays out at its own size).
    connect(m_plot, &QCustomPlot::afterLayout, this, &PairTimeline::fitLaneTitles);
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (e->button() != Qt::LeftButton || e->modifiers() != Qt::NoModifier)
            return;
        for (QCPAxisRect* lane : m_lanes)
            if (lane->rect().contains(e->pos())) {
                const double x = lane->axis(QCPAxis::atBottom)->pixelToCoord(e->pos().x());
                setCursor(opAt(lane == m_lanes[0] || lane == m_lanes[1] ? 0 : 1, x));
                emit cursorMoved(m_cursor);
                return;
            }
    });
}

PairTimeline::~PairTimeline()
{
    m_legend->clearItems();
}

void PairTimeline::buildLanes()
{
    m_plot->plotLayout()->clear();
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_legend = new QCPLegend;
    m_plot->plotLayout()->addElement(0, 0, m_legend);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_legend->setLayer(QStringLiteral("legend"));
    m_legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_legend->setWrap(2);
    m_legend->setBorderPen(Qt::NoPen);
    m_legend->setFont(m_plot->font());
    m_legend->setIconSize(14, 8);   // short keys: three columns of them fit a figure a column wide
    m_legend->setMargins(QMargins(4, 1, 4, 0));   // one line of text: the lanes below need the height more
    auto* group = new QCPMarginGroup(m_plot);
    for (int i = 0; i < 4; ++i) {
        auto* lane = new QCPAxisRect(m_plot);
        lane->setRangeDrag(Qt::Horizontal);
        lane->setRangeZoom(Qt::Horizontal);
        lane->setMarginGroup(QCP::msLeft | QCP::msRight, group);
        m_plot->plotLayout()->addElement(i + 1, 0, lane);
        m_lanes[static_cast<size_t>(i)] = lane;
        const bool depth = i % 2 == 1;
        m_plot->plotLayout()->setRowStretchFactor(i + 1, depth ? kDepthShare : 1.0);
        if (depth)   // below the default minimum (50 px), which made every lane as tall in a figure
            lane->setMinimumSize(50, 30);
        // The lanes are short in a window of ordinary height: the default five ticks and a long
        // rotated label would overlap there.
        lane->axis(QCPAxis::atLeft)->setLabel(depth ? tr("depth") : (i == 0 ? tr("A") : tr("B")));
        lane->axis(QCPAxis::atLeft)->ticker()->setTickCount(depth ? 2 : 3);
        // The default strategy prefers round steps over the count, and five labels overlap in a
        // depth lane this short; memory lanes have room for round steps (0.45 GB read poorly).
        if (depth)
            lane->axis(QCPAxis::atLeft)->ticker()->setTickStepStrategy(QCPAxisTicker::tssMeetTickCount);
        lane->axis(QCPAxis::atBottom)->setTickLabels(i == 3);
        // QCustomPlot keeps 15 px above and below every axis rect: four lanes lost a quarter of a
        // figure's height to gaps. Half a tick label above (the top one reaches over), no labels
        // below but the bottom lane's.
        lane->setMinimumMargins(QMargins(15, 6, 15, i == 3 ? 15 : 2));
        if (i != 3)
            lane->axis(QCPAxis::atBottom)->setPadding(0);
        if (i == 3)
            lane->axis(QCPAxis::atBottom)->setLabel(tr("Operator"));
        connect(lane->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this](const QCPRange& r) {
            for (QCPAxisRect* other : m_lanes)
                if (other->axis(QCPAxis::atBottom)->range() != r)
                    other->axis(QCPAxis::atBottom)->setRange(r);
        });
    }
    for (int i = 0; i < 4; ++i)
        m_cursorLines[static_cast<size_t>(i)] = verticalIn(m_plot, m_lanes[static_cast<size_t>(i)], 0, QPen(Qt::black, 1.0));
    for (QCPAxisRect* lane : m_lanes)
        for (QCPAxis* axis : lane->axes())
            axis->setLayer(QStringLiteral("axes"));
}

void PairTimeline::clear()
{
    m_pair.reset();
    m_legend->clearItems();   // QCustomPlot takes removed graphs out of its own legend only
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_titles.clear();
    for (int i = 0; i < 4; ++i)
        m_cursorLines[static_cast<size_t>(i)] = verticalIn(m_plot, m_lanes[static_cast<size_t>(i)], 0, QPen(Qt::black, 1.0));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

auto PairTimeline::fillRun(int run, const RunRecord& record, int64_t budget, const ByteUnit& unit) -> LaneTops
{
    QCPAxisRect* lane = m_lanes[static_cast<size_t>(2 * run)];
    QCPAxisRect* depthLane = m_lanes[static_cast<size_t>(2 * run + 1)];
    const double scale = unit.scale;
    lane->axis(QCPAxis::atLeft)->setLabel(QStringLiteral("%1, %2").arg(run == 0 ? QStringLiteral("A") : QStringLiteral("B"), unit.name));
    QCPGraph* memory = addGraph(m_plot, lane, tr("in use"), kMemory);
    QCPGraph* pinned = addGraph(m_plot, lane, tr("pinned"), kPinned);
    pinned->setBrush(QColor(127, 127, 127, 60));
    QCPGraph* evictable = addGraph(m_plot, lane, tr("evictable"), kEvictable);
    QCPGraph* depth = addGraph(m_plot, depthLane, tr("rebuild depth"), kRemat);
    depth->setBrush(QColor(0x94, 0x67, 0xbd, 70));
    double top = static_cast<double>(budget) / scale;
    int32_t deepest = 1;
    // A failed run's lanes end where it stopped, its failing cascade's depth and pinned bytes
    // included, not at the last operator it finished.
    std::vector<std::pair<double, OpSample>> samples;
    for (const OpSample& s : record.samples)
        samples.emplace_back(m_clock ? static_cast<double>(s.clock) : static_cast<double>(s.op + 1), s);
    if (const auto end = failureSample(record))
        samples.emplace_back(failureX(record), *end);
    for (const auto& [x, s] : samples) {
        memory->addData(x, static_cast<double>(s.memory) / scale);
        pinned->addData(x, static_cast<double>(s.pinned) / scale);
        evictable->addData(x, static_cast<double>(s.evictable) / scale);
        depth->addData(x, s.maxDepth);
        top = std::max(top, static_cast<double>(s.memory) / scale);
        deepest = std::max(deepest, s.maxDepth);
    }
    // On the operator axis operator N's values span [N, N + 1], drawn as steps from each point
    // to the next: the last one needs its right edge, or the failing operator's depth is only a
    // vertical stroke under the failure line.
    if (!m_clock && !samples.empty()) {
        const OpSample& s = samples.back().second;
        const double x = samples.back().first + 1;
        memory->addData(x, static_cast<double>(s.memory) / scale);
        pinned->addData(x, static_cast<double>(s.pinned) / scale);
        evictable->addData(x, static_cast<double>(s.evictable) / scale);
        depth->addData(x, s.maxDepth);
    }
    QCPGraph* evictions = addGraph(m_plot, lane, tr("eviction"), kEvict);
    evictions->setLineStyle(QCPGraph::lsNone);
    evictions->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, kEvict, 5));
    QCPGraph* remats = addGraph(m_plot, lane, tr("rebuild"), kRemat);
    remats->setLineStyle(QCPGraph::lsNone);
    remats->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssPlus, kRemat, 5));
    for (const RunEvent& e : record.events) {
        const double x = m_clock ? static_cast<double>(e.clock) : static_cast<double>(e.op);
        if (e.kind == EventKind::Evict && e.reason == EvictReason::Pressure)
            evictions->addData(x, static_cast<double>(e.memory) / scale);
        else if (e.kind == EventKind::Remat)
            remats->addData(x, static_cast<double>(e.memory) / scale);
    }
    auto* budgetLine = new QCPItemStraightLine(m_plot);
    budgetLine->setClipAxisRect(lane);
    for (QCPItemPosition* p : {budgetLine->point1, budgetLine->point2}) {
        p->setAxes(lane->axis(QCPAxis::atBottom), lane->axis(QCPAxis::atLeft));
        p->setAxisRect(lane);
    }
    budgetLine->point1->setCoords(0, static_cast<double>(budget) / scale);
    budgetLine->point2->setCoords(1, static_cast<double>(budget) / scale);
    budgetLine->setPen(QPen(kBudget, 1.5, Qt::DashLine));
    auto* title = new QCPItemText(m_plot);
    title->setLayer(QStringLiteral("axes"));   // above the divergence, failure and cursor lines, which crossed its text
    title->setClipAxisRect(lane);
    title->position->setAxisRect(lane);
    title->position->setType(QCPItemPosition::ptAxisRectRatio);
    title->position->setCoords(0.01, kTitleTop);
    title->setPadding(QMargins(kTitlePadding, kTitlePadding, kTitlePadding, kTitlePadding));
    title->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    const QString name = run == 0 ? QStringLiteral("A") : QStringLiteral("B");
    const QString outcome = outcomeLabel(record.result.outcome);
    const bool failed = record.result.outcome != Outcome::Complete;
    const QString whole = tr("%1: budget %L2 B — %3%4")
                              .arg(name)
                              .arg(budget)
                              .arg(outcome)
                              .arg(failed ? QLatin1Char(' ') + QString::fromStdString(failurePlace(record.result.opsDone, record.result.outsideOperator)) : QString());
    const QString brief = tr("%1: %L2 B, %3%4").arg(name).arg(budget).arg(outcome).arg(failed ? (record.result.outsideOperator ? tr(" after %1") : tr(" at %1")).arg(record.result.opsDone) : QString());
    const QString briefest = tr("%1: %L2 B, %3").arg(name).arg(budget).arg(outcome);   // the failure's line marks the operator
    title->setText(whole);
    m_titles.push_back(LaneTitle{title, lane, {whole, brief, briefest}});
    title->setColor(outcomeColor(record.result.outcome).darker(120));
    title->setBrush(QColor(255, 255, 255, 220));
    title->setSelectable(false);
    return {top, deepest};
}

// What each line and mark means, once for both runs: graphs of run A, and keys for the lines
// drawn as items (budget, divergence, failure).
void PairTimeline::addLegendKeys()
{
    m_legend->clearItems();
    for (int g = 0; g < m_plot->graphCount(); ++g) {
        QCPGraph* graph = m_plot->graph(g);
        if (graph->keyAxis()->axisRect() == m_lanes[0] || graph->keyAxis()->axisRect() == m_lanes[1])
            graph->addToLegend(m_legend);
    }
    auto key = [this](const QString& name, const QPen& pen, const QBrush& brush = Qt::NoBrush) {
        QCPGraph* g = m_plot->addGraph(m_lanes[0]->axis(QCPAxis::atBottom), m_lanes[0]->axis(QCPAxis::atLeft));
        g->setName(name);
        g->setPen(pen);
        g->setBrush(brush);
        g->setSelectable(QCP::stNone);
        g->addToLegend(m_legend);
    };
    // Keys only for the marks drawn: a pair that both complete has no failure line.
    key(tr("budget"), QPen(kBudget, 1.5, Qt::DashLine));
    if (m_pair && m_pair->first.op >= 0)
        key(tr("first divergence"), QPen(kDivergence, 1.5, Qt::DotLine));
    if (m_pair && (isFailure(m_pair->a.result.outcome) || isFailure(m_pair->b.result.outcome)))
        key(tr("failure"), QPen(kBudget, 2.0));
    // Its key darker than the shading: a key a few pixels wide in the shading's faint colour read as white.
    if (m_pair && m_pair->first.op >= 0)
        key(tr("holdings differ"), Qt::NoPen, QColor(kDiffer.red(), kDiffer.green(), kDiffer.blue(), 3 * kDiffer.alpha()));   // short: a figure a column wide keeps three legend columns
    for (int i = 0; i < m_legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = m_legend->item(i))
            item->setMargins(QMargins(3, 1, 3, 3));   // room for descenders, which a figure's larger font clipped
}

void PairTimeline::fitLaneTitles()
{
    wrapLegendToWidth(m_plot, m_legend);
    double upper = m_memoryTop * kLeastHeadroom;
    // One form for both titles (the longest that fits each), so that A's and B's read alike.
    size_t form = 0;
    for (const LaneTitle& t : m_titles) {
        const QFontMetrics metrics(t.item->font());
        const int room = t.lane->rect().width() - 8;
        const auto fits = std::find_if(t.texts.begin(), t.texts.end(), [&](const QString& text) { return metrics.horizontalAdvance(text) <= room; });
        form = std::max(form, static_cast<size_t>(fits - t.texts.begin()));
    }
    for (const LaneTitle& t : m_titles) {
        const QFontMetrics metrics(t.item->font());
        const int room = t.lane->rect().width() - 8;
        t.item->setText(form < t.texts.size() ? t.texts[form] : metrics.elidedText(t.texts.back(), Qt::ElideRight, std::max(room, 20)));
        // The scale that puts the highest curve (and the budget line) a few pixels below the
        // title: a fixed headroom covered them in a figure's short lanes and wasted a window's
        // tall ones. In a lane too short for both, the curves keep a quarter of it.
        const double height = t.lane->rect().height();
        if (height <= 0)
            continue;
        const double titleBottom = kTitleTop * height + metrics.height() + 2 * kTitlePadding + 4;
        upper = std::max(upper, m_memoryTop / std::max(0.25, 1.0 - titleBottom / height));
    }
    const bool lanesChanged = equalizeLanes();
    // A depth lane too short for three tick labels (a slide's large font) shows two: 0 and one
    // above, instead of labels written over each other. One count for A's and B's, which share
    // their scale.
    bool ticksChanged = false;
    const int shortest = std::min(m_lanes[1]->rect().height(), m_lanes[3]->rect().height());
    const int lines = shortest / std::max(1, QFontMetrics(m_lanes[1]->axis(QCPAxis::atLeft)->tickLabelFont()).height());
    for (int run = 0; run < 2; ++run) {
        QCPAxis* depth = m_lanes[static_cast<size_t>(2 * run + 1)]->axis(QCPAxis::atLeft);
        const int count = lines >= 3 ? 2 : 1;
        if (depth->ticker()->tickCount() != count) {
            depth->ticker()->setTickCount(count);
            ticksChanged = true;
        }
    }
    const bool rangeSame = m_titles.empty() || std::abs(m_lanes[0]->axis(QCPAxis::atLeft)->range().upper - upper) <= upper * 1e-9;
    if (rangeSame && !ticksChanged && !lanesChanged)
        return;
    if (!rangeSame)
        for (int run = 0; run < 2; ++run)
            m_lanes[static_cast<size_t>(2 * run)]->axis(QCPAxis::atLeft)->setRange(0, upper);
    // The new range may change the tick labels, and so the margins: lay out again before drawing.
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        m_plot->plotLayout()->update(phase);
}

// The layout shares the rows' height out by their stretch, margins included: B's depth lane,
// which carries the operator axis's labels below it, came out shorter inside than A's (at a
// slide's 20 pt, ticks 0 and 100 against A's 0, 60, 120, and a figure refused below 11.8 in).
// Each lane's stretch is its share of the inside heights plus its own margins, as laid out last.
bool PairTimeline::equalizeLanes()
{
    int inner = 0;
    for (QCPAxisRect* lane : m_lanes)
        inner += lane->rect().height();
    const double memory = inner / (2.0 + 2.0 * kDepthShare);
    if (memory < 1)
        return false;
    bool changed = false;
    for (size_t i = 0; i < m_lanes.size(); ++i) {
        const int margins = m_lanes[i]->outerRect().height() - m_lanes[i]->rect().height();
        const double stretch = ((i % 2 == 1 ? kDepthShare : 1.0) * memory + margins) / memory;
        const double was = m_plot->plotLayout()->rowStretchFactors().at(static_cast<qsizetype>(i) + 1);
        if (std::abs(stretch - was) > 0.01 * was) {
            m_plot->plotLayout()->setRowStretchFactor(static_cast<int>(i) + 1, stretch);
            changed = true;
        }
    }
    return changed;
}

int64_t PairTimeline::opAt(int run, double x) const
{
    if (!m_clock || !m_pair)
        return static_cast<int64_t>(std::llround(x));
    // A point between two operators' starts belongs to the operator running then.
    const auto& samples = m_pair->run(run).samples;
    const auto it = std::upper_bound(samples.begin(), samples.end(), x, [](double v, const OpSample& s) { return v < static_cast<double>(s.clock); });
    return static_cast<int64_t>(it - samples.begin()) + 1;
}

double PairTimeline::xOf(int run, int64_t op) const
{
    if (!m_clock || !m_pair)
        return static_cast<double>(op);
    const RunRecord& r = m_pair->run(run);
    if (op <= 1)
        return 1.0;
    const auto k = static_cast<size_t>(op - 2);   // operator op starts when operator op - 1 ends
    return static_cast<double>(k < r.samples.size() ? r.samples[k].clock : r.result.clock);
}

void PairTimeline::markPair(const PairData& d)
{
    for (int run = 0; run < 2; ++run) {
        const RunRecord& r = d.run(run);
        for (int k = 0; k < 2; ++k) {
            QCPAxisRect* lane = m_lanes[static_cast<size_t>(2 * run + k)];
            if (d.first.op >= 0)
                verticalIn(m_plot, lane, xOf(run, d.first.op), QPen(kDivergence, 1.5, Qt::DotLine));
            if (isFailure(r.result.outcome)) {
                QCPItemStraightLine* line = verticalIn(m_plot, lane, failureX(r), QPen(kBudget, 2.0));
                // Below the depth lane's bars: the failing operator's bar, one operator wide, hid
                // under the line (InceptionV4's 156-deep cascade showed as a lane of bars 25 high).
                if (k == 1)
                    line->setLayer(QStringLiteral("grid"));
            }
        }
        // The failing cascade's depth, written beside the failure line: its bar, one operator
        // wide, hides under the line in a timeline of hundreds of operators.
        if (const auto end = failureSample(r); end && isFailure(r.result.outcome) && end->maxDepth > 0)
            labelDepthAtFailure(run, failureX(r), end->maxDepth);
    }
    // Where the runs hold different storages: from each change of the carried bytes to the next.
    std::vector<std::pair<int64_t, int64_t>> differ;
    if (d.explanation) {
        const auto& carried = d.explanation->carried;
        for (size_t i = 0; i < carried.size(); ++i)
            if (carried[i].failingOnly != 0 || carried[i].completingOnly != 0)
                differ.emplace_back(carried[i].op, i + 1 < carried.size() ? carried[i + 1].op : d.explanation->failure.op);
    } else if (d.first.op >= 0) {
        // Until the first run to stop: after it one run holds nothing to compare.
        differ.emplace_back(d.first.op, std::min(d.a.result.opsDone, d.b.result.opsDone));
    }
    for (const auto& [from, to] : differ)
        for (int lane = 0; lane < 4; ++lane)
            shadeIn(m_plot, m_lanes[static_cast<size_t>(lane)], xOf(lane / 2, from), xOf(lane / 2, to), kDiffer);
}

double PairTimeline::failureX(const RunRecord& r) const
{
    if (m_clock)
        return static_cast<double>(r.result.clock);
    // Operator N spans [N, N + 1]: a failure in a read after it is at its end.
    return static_cast<double>(r.result.opsDone) + (r.result.outsideOperator ? 1.0 : 0.0);
}

void PairTimeline::labelDepthAtFailure(int run, double x, int32_t depth)
{
    QCPAxisRect* lane = m_lanes[static_cast<size_t>(2 * run + 1)];
    auto* label = new QCPItemText(m_plot);
    // Under the bars, without a box: a box over them hid the tops of the cascade's nearest bars
    // and the shading of where the runs differ.
    label->setLayer(QStringLiteral("grid"));
    label->setClipAxisRect(lane);
    label->position->setAxes(lane->axis(QCPAxis::atBottom), lane->axis(QCPAxis::atLeft));
    label->position->setAxisRect(lane);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(x, 0.0);
    // Left of the line, where the cascade was; right of it when the failure is early, where the
    // label would cross the axis.
    const QCPRange range = lane->axis(QCPAxis::atBottom)->range();
    const bool left = x > range.lower + range.size() / 2;
    label->setPositionAlignment((left ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    label->setPadding(left ? QMargins(kTitlePadding, 0, kTitlePadding + 2, 0) : QMargins(kTitlePadding + 2, 0, kTitlePadding, 0));
    label->setText(tr("%1 deep").arg(depth));
    label->setColor(kRemat.darker(130));
    label->setSelectable(false);
}

void PairTimeline::setUseClock(bool clock)
{
    if (clock == m_clock)
        return;
    m_clock = clock;
    m_lanes[3]->axis(QCPAxis::atBottom)->setLabel(clock ? tr("Clock (ns)") : tr("Operator"));
    PairDataPtr pair = m_pair;
    setPair(pair);
}

void PairTimeline::setPair(PairDataPtr pair)
{
    if (pair != m_pair)
        m_cursorRun = -1;   // the event belonged to the pair before
    clear();
    m_pair = std::move(pair);
    if (!m_pair)
        return;
    int64_t largest = std::max(m_pair->a.result.budget, m_pair->b.result.budget);
    for (const RunRecord* r : {&m_pair->a, &m_pair->b})
        largest = std::max(largest, r->result.maxMemory);
    const ByteUnit unit = byteUnitFor(largest);
    const LaneTops a = fillRun(0, m_pair->a, m_pair->a.result.budget, unit);
    const LaneTops b = fillRun(1, m_pair->b, m_pair->b.result.budget, unit);
    // One scale for A and B, so their lanes compare at a glance (fitLaneTitles adds the room
    // the titles need above the curves, once the lanes' heights are known).
    m_memoryTop = std::max(a.memory, b.memory);
    for (int run = 0; run < 2; ++run) {
        m_lanes[static_cast<size_t>(2 * run)]->axis(QCPAxis::atLeft)->setRange(0, m_memoryTop * kLeastHeadroom);
        m_lanes[static_cast<size_t>(2 * run + 1)]->axis(QCPAxis::atLeft)->setRange(0, std::max(a.depth, b.depth) * 1.1);
    }
    const double ops = static_cast<double>(std::max<int64_t>(m_pair->baseline.ops, 1));
    const double clocks = static_cast<double>(std::max(m_pair->a.result.clock, m_pair->b.result.clock));
    double right = m_clock ? clocks * 1.01 : ops + 1;
    for (const RunRecord* r : {&m_pair->a, &m_pair->b})   // a failure after the last operator, and its step, in view
        if (!m_clock && isFailure(r->result.outcome))
            right = std::max(right, failureX(*r) + 1);
    showOperators(0, right);   // first: the failure's label takes its side from the view
    markPair(*m_pair);
    addLegendKeys();
    setCursor(m_cursor, m_cursorRun, m_cursorClock);
}

void PairTimeline::showOperators(double from, double to)
{
    m_lanes[0]->axis(QCPAxis::atBottom)->setRange(from, to);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void PairTimeline::setCursor(int64_t op)
{
    setCursor(op, -1, -1);
}

void PairTimeline::setCursor(int64_t op, int run, int64_t clock)
{
    m_cursor = op;
    m_cursorRun = run;
    m_cursorClock = clock;
    for (size_t lane = 0; lane < m_cursorLines.size(); ++lane) {
        const int laneRun = static_cast<int>(lane / 2);
        const double x = m_clock && laneRun == run && clock >= 0 ? static_cast<double>(clock) : xOf(laneRun, op);
        m_cursorLines[lane]->point1->setCoords(x, 0);
        m_cursorLines[lane]->point2->setCoords(x, 1);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void PairTimeline::setCursorVisible(bool visible)
{
    for (QCPItemStraightLine* line : m_cursorLines)
        line->setVisible(visible);
}

double PairTimeline::cursorX(int lane) const
{
    return m_cursorLines[static_cast<size_t>(lane)]->point1->coords().x();
}

} // namespace holescope
