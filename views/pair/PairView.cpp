// SPDX-License-Identifier: GPL-3.0-or-later
#include "pair/PairView.h"

#include "outcome/OutcomeStyle.h"
#include "pair/EventTableModel.h"
#include "pair/PairTimeline.h"
#include "pair/StorageReport.h"
#include "text/Numbers.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace holescope {
namespace {

// The column a table's current index sits in: one no table hides (A's and B's hide the run
// column, and a view does not scroll to an index in a hidden column).
constexpr int kCurrentColumn = EventTableModel::Index;

QString runOutcomeText(const ReplayResult& r)
{
    if (r.outcome == Outcome::Complete)
        return outcomeLabel(r.outcome);
    return QStringLiteral("%1 %2").arg(outcomeLabel(r.outcome), QString::fromStdString(failurePlace(r.opsDone, r.outsideOperator)));
}

// "1 byte short", "2,048 bytes short", as the command line says it.
QString bytesShortText(int64_t bytes)
{
    return bytes == 1 ? QObject::tr("1 byte short") : QObject::tr("%L1 bytes short").arg(bytes);
}

QString ids(const std::vector<int32_t>& v)
{
    QString s;
    for (int32_t id : v)
        s += (s.isEmpty() ? QString() : QStringLiteral(", ")) + QString::number(id);
    return s.isEmpty() ? QObject::tr("none") : s;
}

} // namespace

PairView::PairView(QWidget* parent)
    : QWidget(parent)
    , m_timeline(new PairTimeline(this))
{
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(createEventTables());
    bottom->addWidget(createSidePanel());
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_timeline);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    // The timeline's sizeHint is small; by its hint it got too little height for its four lanes.
    split->setSizes({3000, 2000});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(createToolRow());
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    connect(m_timeline, &PairTimeline::cursorMoved, this, [this](qint64 op) {
        // A click on the timeline lands on the events of that moment, in the run the cursor is in.
        if (!m_pair)
            return;
        const int run = m_cursor ? m_cursor->run : 0;
        const auto& events = m_pair->run(run).events;
        const auto it = std::lower_bound(events.begin(), events.end(), op, [](const RunEvent& e, int64_t o) { return e.op < o; });
        if (it != events.end())
            selectEvent(run, static_cast<uint32_t>(it - events.begin()));
    });
    updateSummary();
    updateCulpritHint();
}

QWidget* PairView::createEventTables()
{
    m_tabs = new QTabWidget(this);
    const char* names[3] = {"Events of A", "Events of B", "A and B by operator"};
    for (int i = 0; i < 3; ++i) {
        auto* model = new EventTableModel(nullptr, static_cast<EventTableModel::Which>(i), this);
        auto* filter = new EventFilter(this);
        filter->setSourceModel(model);
        auto* table = new QTableView(m_tabs);
        table->setModel(filter);
        table->setSelectionBehavior(QAbstractItemView::SelectRows);
        table->setSelectionMode(QAbstractItemView::SingleSelection);
        table->verticalHeader()->setVisible(false);
        table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 4);
        table->horizontalHeader()->setStretchLastSection(true);
        table->setColumnHidden(EventTableModel::Run, i != 2);
        m_models[static_cast<size_t>(i)] = model;
        m_filters[static_cast<size_t>(i)] = filter;
        m_tables[static_cast<size_t>(i)] = table;
        m_tabs->addTab(table, tr(names[i]));
        connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this, i](const QModelIndex& current) {
                    if (current.isValid())
                        rowActivated(i, current.row());
                });
    }
    // Beside the tabs, not in the crowded tool row, which it widened past the window.
    m_filterCount = new QLabel(m_tabs);
    m_filterCount->setContentsMargins(6, 0, 6, 0);
    m_tabs->setCornerWidget(m_filterCount, Qt::TopRightCorner);
    connect(m_tabs, &QTabWidget::currentChanged, this, &PairView::updateFilterCount);
    return m_tabs;
}

// The storage inspector and the protections that rescue the failing run.
QWidget* PairView::createSidePanel()
{
    m_inspector = new QTextBrowser(this);
    m_probeTimer = new QTimer(this);
    m_probeTimer->setSingleShot(true);
    // Probing replays the pair: wait until the user stops stepping through storages.
    m_probeTimer->setInterval(300);
    connect(m_probeTimer, &QTimer::timeout, this, [this] {
        if (m_inspected >= 0 && m_pair)
            emit probeRequested(m_inspected);
    });
    m_culprits = new QListWidget(this);
    m_culprits->setWordWrap(true);   // a line explains its storage: cut at the panel's width, it said nothing
    m_apply = new QPushButton(tr("Apply the selected protection"), this);
    m_apply->setEnabled(false);
    // Only a line that names storages can be applied ("none of ... rescues" names none).
    connect(m_culprits, &QListWidget::currentRowChanged, this, [this](int row) {
        m_apply->setEnabled(row >= 0 && !m_culprits->item(row)->data(Qt::UserRole).toList().isEmpty());
    });
    auto apply = [this] {
        QListWidgetItem* item = m_culprits->currentItem();
        if (item == nullptr)
            return;
        std::vector<int32_t> storages;
        for (const QVariant& v : item->data(Qt::UserRole).toList())
            storages.push_back(v.toInt());
        emit protectRequested(storages);
    };
    connect(m_apply, &QPushButton::clicked, this, apply);
    connect(m_culprits, &QListWidget::itemDoubleClicked, this, apply);

    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("<b>Storage</b>"), side));
    sideLayout->addWidget(m_inspector, 3);
    sideLayout->addWidget(new QLabel(tr("<b>Protections that rescue the failing run</b>"), side));
    m_culpritHint = new QLabel(side);
    m_culpritHint->setWordWrap(true);
    m_culpritHint->setStyleSheet(QStringLiteral("color: #555555"));
    sideLayout->addWidget(m_culpritHint);
    sideLayout->addWidget(m_culprits, 1);
    sideLayout->addWidget(m_apply);
    return side;
}

PairView::~PairView() = default;

QWidget* PairView::createToolRow()
{
    auto* row = new QWidget(this);
    auto* l = new QHBoxLayout(row);
    l->setContentsMargins(0, 0, 0, 0);
    auto button = [&](const QString& text, const QString& tip, auto slot) {
        auto* b = new QPushButton(text, row);
        b->setToolTip(tip);
        connect(b, &QPushButton::clicked, this, slot);
        l->addWidget(b);
        return b;
    };
    button(tr("◀ Event"), tr("Previous event in the table shown"), [this] { stepEvent(-1); });
    button(tr("Event ▶"), tr("Next event in the table shown"), [this] { stepEvent(1); });
    button(tr("Next eviction"), tr("Next eviction to make room"), [this] { nextEviction(); });
    button(tr("First divergence"), tr("The first budget check that comes out differently"), [this] { jumpToDivergence(); });
    button(tr("Failure"), tr("Where the failing run stops"), [this] { jumpToFailure(); });
    auto* clock = new QCheckBox(tr("x: clock"), row);
    clock->setToolTip(tr("Put the runs on their clocks instead of on the operators"));
    connect(clock, &QCheckBox::toggled, m_timeline, &PairTimeline::setUseClock);
    l->addWidget(clock);
    m_filter = new QLineEdit(row);
    // Short: the row has many buttons, and a long hint showed as "Filter: ...".
    m_filter->setPlaceholderText(tr("Filter"));
    m_filter->setToolTip(tr("Keep the events of a storage (its id) or of an operator (part of its name)"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &PairView::setFilterText);
    l->addWidget(m_filter, 1);
    button(tr("Never evict it"), tr("Protect the inspected storage in both runs and replay them"), [this] {
        if (m_inspected >= 0)
            emit protectRequested({m_inspected});
    });
    button(tr("Clear interventions"), tr("Let every storage be evicted again"), [this] { emit clearProtectRequested(); });
    button(tr("Find culprits"), tr("Replay the failing budget with single storages protected, in parallel"),
           [this] { emit culpritSearchRequested(); });
    button(tr("Export figure…"), tr("The timelines as PDF, SVG or PNG, and their data as CSV"), [this] { emit exportRequested(); });
    m_busy = new QLabel(row);
    // Its text ("replaying A and B…") must not widen the row: the window would grow to fit it
    // and stay wider than a laptop's screen.
    m_busy->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    l->addWidget(m_busy, 1);
    return row;
}

void PairView::setTrace(OpenTracePtr trace)
{
    m_trace = std::move(trace);
    for (EventTableModel* m : m_models)
        m->setProgram(m_trace ? &m_trace->trace.program : nullptr);
    m_before.reset();
    setPair(nullptr);
}

void PairView::setPair(PairDataPtr pair)
{
    const bool sameBudgets = m_pair && pair && m_pair->a.result.budget == pair->a.result.budget && m_pair->b.result.budget == pair->b.result.budget;
    const bool stay = sameBudgets && m_cursor.has_value();
    const Cursor was = stay ? *m_cursor : Cursor{};
    // "Was" tells what a protection changed; after a change of policy or limits it would blame
    // the protection for what the other setting did.
    const bool sameSettings = sameBudgets && sameRulesButProtect(m_pair->options, pair->options);
    if (sameBudgets && !sameSettings) {
        m_before.reset();
    } else if (sameBudgets && m_pair->options.protect != pair->options.protect) {
        if (!m_before || m_before->protect != m_pair->options.protect)
            m_before = Before{m_pair->options.protect, runOutcomeText(m_pair->a.result), runOutcomeText(m_pair->b.result)};
    } else if (!pair || !m_pair || m_pair->a.result.budget != pair->a.result.budget || m_pair->b.result.budget != pair->b.result.budget) {
        m_before.reset();
    }
    m_pair = std::move(pair);
    for (EventTableModel* m : m_models)
        m->setPair(m_pair);
    m_timeline->setPair(m_pair);
    updateFilterCount();
    m_culprits->clear();
    updateCulpritHint();
    m_cursor.reset();
    updateSummary();
    const int32_t inspected = m_inspected;
    m_inspected = -1;   // inspected again: the contests belong to the old pair
    m_contests.reset();
    inspectStorage(inspected);
    // The tables lay their new rows out later, and cannot scroll to one before.
    for (QTableView* table : m_tables)
        table->doItemsLayout();
    // A new pair opens where its story starts; the same pair replayed under other interventions
    // stays where the user was looking, on the storage inspected, so that the change shows there.
    if (stay) {
        selectEvent(was.run, firstEventFrom(was.run, was.op));
        inspectStorage(inspected);
    } else {
        jumpToDivergence();
    }
}

uint32_t PairView::firstEventFrom(int run, int64_t op) const
{
    const auto& events = m_pair->run(run).events;
    const auto it = std::lower_bound(events.begin(), events.end(), op, [](const RunEvent& x, int64_t o) { return x.op < o; });
    return static_cast<uint32_t>(std::min<size_t>(static_cast<size_t>(it - events.begin()), events.empty() ? 0 : events.size() - 1));
}

void PairView::setBusy(bool busy, const QString& what)
{
    m_busy->setText(busy ? what : QString());
}

void PairView::setCulprits(const PairExplanation& x)
{
    m_culprits->clear();
    int rescuing = 0;
    for (const CulpritTrial& t : x.culprits) {
        if (!t.rescues())
            continue;
        ++rescuing;
        QStringList names;
        QVariantList storages;
        for (int32_t id : t.storages) {
            names << QString::number(id);
            storages << id;
        }
        const double overhead = overheadOf(t.rematCompute, m_pair->baseline);
        auto* item = new QListWidgetItem(tr("protect %1: complete, overhead %2%3")
                                             .arg(names.join(QStringLiteral(" + ")))
                                             .arg(overhead, 0, 'f', 4)
                                             .arg(t.onlyFailing ? tr(" (its last eviction before the failure is one the completing run does not make in that operator)") : QString()));
        item->setData(Qt::UserRole, storages);
        item->setToolTip(item->text());
        m_culprits->addItem(item);
    }
    if (rescuing == 0)
        m_culprits->addItem(tr("none of the %1 protections tried rescues the run (holescope-cli explain --culprits N --pairs tries more)").arg(x.culpritsTried));
    updateCulpritHint();
}

void PairView::updateCulpritHint()
{
    QString hint;
    if (m_culprits->count() == 0) {
        if (!m_pair)
            hint = tr("Compare two budgets first.");
        else if (!m_pair->explanation)
            hint = tr("Only a pair where one budget fails and the other completes has a failure to rescue.");
        else
            hint = tr("Find culprits replays the failing budget with storages protected one at a time; those that rescue it are listed here.");
    }
    m_culpritHint->setText(hint);
    m_culpritHint->setVisible(!hint.isEmpty());
}

void PairView::updateSummary()
{
    m_summary->setText(summaryText());
}

QString PairView::summaryText() const
{
    if (!m_pair)
        return tr("Select budgets A and B in the sweep (click, shift-click), then Sweep › Compare A and B.");
    const RunRecord& a = m_pair->a;
    const RunRecord& b = m_pair->b;
    auto run = [](const char* name, const RunRecord& r, const std::optional<QString>& before) {
        QString s = QStringLiteral("<b>%1</b> %L2 B: <span style='color:%3'>%4</span>")
                        .arg(QString::fromUtf8(name))
                        .arg(r.result.budget)
                        .arg(outcomeColor(r.result.outcome).name())
                        .arg(runOutcomeText(r.result));
        if (!r.result.reason.empty())
            s += QStringLiteral(" (%1)").arg(QString::fromStdString(r.result.reason).toHtmlEscaped());
        if (before && *before != runOutcomeText(r.result))
            s += QObject::tr(" (was %1)").arg(*before);
        return s;
    };
    std::optional<QString> beforeA, beforeB;
    if (m_before) {
        beforeA = m_before->a;
        beforeB = m_before->b;
    }
    QString s = run("A", a, beforeA) + QStringLiteral(" &nbsp; ") + run("B", b, beforeB);
    s += tr(" &nbsp; never evicted: %1").arg(ids(m_pair->options.protect));
    const ReplayOptions& o = m_pair->options;
    s += tr(" &nbsp; policy %1, %2").arg(QString::fromStdString(policyName(o.policy)).toHtmlEscaped(),
                                         o.overheadLimit ? tr("overhead limit %1").arg(*o.overheadLimit) : tr("no overhead limit"));
    if (o.maxSteps > 0)
        s += tr(", step cap %L1").arg(o.maxSteps);
    if (o.maxSeconds > 0)
        s += tr(", time cap %1 s").arg(o.maxSeconds);
    if (m_pair->first.op >= 0) {
        const char* who = m_pair->first.evictedBy == PairSide::Failing ? "A" : "B";
        if (m_pair->first.storage >= 0)
            s += tr("<br>First divergence at operator %L1: %2 evicts storage %3, %4.")
                     .arg(m_pair->first.op)
                     .arg(QString::fromUtf8(who))
                     .arg(m_pair->first.storage)
                     .arg(bytesShortText(m_pair->first.bytesShort));
        else
            s += tr("<br>First divergence at operator %L1: %2 is %3 and has nothing left to evict.")
                     .arg(m_pair->first.op)
                     .arg(QString::fromUtf8(who))
                     .arg(bytesShortText(m_pair->first.bytesShort));
    } else {
        s += tr("<br>The two runs make the same decisions throughout.");
    }
    // "Key" names what holescope-cli explain calls the key divergence; the eviction the failing
    // run then makes for want of the bytes is the culprit, as there.
    if (m_pair->explanation) {
        const PairExplanation& x = *m_pair->explanation;
        const char* failing = m_pair->aFails ? "A" : "B";
        const char* completing = m_pair->aFails ? "B" : "A";
        const Divergence& k = x.key;
        const bool keyIsFirst = k.op == x.first.op && k.storage == x.first.storage && k.evictedBy == x.first.evictedBy;
        // Without a culprit eviction nothing traces the failure back: the latest divergence is
        // only that, as holescope-cli explain says.
        if (k.op >= 0 && k.storage >= 0 && !keyIsFirst)
            s += (x.culpritEviction ? tr(" Key divergence at operator %L1: %2 evicts storage %3, %4; %5 does not.")
                                    : tr(" Last divergence before the failure at operator %L1: %2 evicts storage %3, %4; %5 does not."))
                     .arg(k.op)
                     .arg(QString::fromUtf8(k.evictedBy == PairSide::Failing ? failing : completing))
                     .arg(k.storage)
                     .arg(bytesShortText(k.bytesShort))
                     .arg(QString::fromUtf8(k.evictedBy == PairSide::Failing ? completing : failing));
        else if (k.op >= 0 && keyIsFirst && x.culpritEviction)
            s += tr(" It is the key divergence.");
        if (x.culpritEviction)
        {
            const CulpritEviction& c = *x.culpritEviction;
            // A rebuild still under way when the run stopped has no "needed again" operator.
            const QString needer = c.neededAfter < 0 ? tr("the failure's cascade")
                                   : x.failure.outsideOperator && c.op + c.neededAfter == x.failure.op
                                       ? tr("the trace's read after operator %L1").arg(x.failure.op)
                                       : tr("operator %L1").arg(c.op + c.neededAfter);
            const QString fails = QString::fromStdString(failurePlace(x.failure.op, x.failure.outsideOperator));
            s += tr(" Culprit: at operator %L1 the failing run (%2) evicts storage %3, which %4 needs; it fails %5.")
                     .arg(c.op)
                     .arg(QString::fromUtf8(failing))
                     .arg(c.storage)
                     .arg(needer, fails);
        }
    }
    return s;
}

const QAbstractItemModel& PairView::shownEvents(int which) const
{
    return *m_filters[static_cast<size_t>(which)];
}

bool PairView::currentRowVisible(int which) const
{
    const QTableView* table = m_tables[static_cast<size_t>(which)];
    const QRect row = table->visualRect(table->currentIndex());
    return table->currentIndex().isValid() && row.isValid() && table->viewport()->rect().contains(row);
}

int PairView::currentWhich() const
{
    return m_tabs->currentIndex();
}

QTableView* PairView::currentTable() const
{
    return m_tables[static_cast<size_t>(currentWhich())];
}

void PairView::showTable(int which)
{
    m_tabs->setCurrentIndex(which);
    if (m_cursor)
        selectEvent(m_cursor->run, m_cursor->event);
}

void PairView::setFilterText(const QString& text)
{
    if (m_filter->text() != text)
        m_filter->setText(text);   // comes back here through textChanged
    for (EventFilter* f : m_filters)
        f->setFilterText(text);
    updateFilterCount();
}

QString PairView::filterCountText() const
{
    if (!m_pair || m_filter->text().isEmpty())
        return {};
    const int which = currentWhich();
    const int kept = m_filters[static_cast<size_t>(which)]->rowCount();
    if (kept == 0)
        return tr("no event matches");
    return tr("%L1 of %L2 events").arg(kept).arg(m_models[static_cast<size_t>(which)]->rowCount());
}

void PairView::updateFilterCount()
{
    m_filterCount->setText(filterCountText());
    m_filterCount->setVisible(!m_filterCount->text().isEmpty());
}

void PairView::rowActivated(int which, int row)
{
    if (which != currentWhich() || !m_pair)
        return;
    const QModelIndex source = m_filters[static_cast<size_t>(which)]->mapToSource(m_filters[static_cast<size_t>(which)]->index(row, 0));
    const auto ref = m_models[static_cast<size_t>(which)]->refAt(source.row());
    if (!m_cursor || m_cursor->run != ref.run || m_cursor->event != ref.event)
        selectEvent(ref.run, ref.event);
}

void PairView::selectEvent(int run, uint32_t event)
{
    if (!m_pair || event >= m_pair->run(run).events.size())
        return;
    const RunEvent& e = m_pair->run(run).events[event];
    m_cursor = Cursor{run, event, e.op};
    // Each table selects this event, or the other run's first event of the same operator.
    for (int which = 0; which < 3; ++which) {
        int targetRun = run;
        uint32_t target = event;
        if (which != 2 && which != run) {
            targetRun = which;
            const auto& other = m_pair->run(which).events;
            if (other.empty() || other.back().op < e.op)
                continue;
            target = firstEventFrom(which, e.op);
        }
        const int sourceRow = m_models[static_cast<size_t>(which)]->rowOf(targetRun, target);
        const QModelIndex proxy = m_filters[static_cast<size_t>(which)]->mapFromSource(m_models[static_cast<size_t>(which)]->index(sourceRow, kCurrentColumn));
        QTableView* table = m_tables[static_cast<size_t>(which)];
        if (proxy.isValid()) {
            const QSignalBlocker block(table->selectionModel());
            table->selectionModel()->setCurrentIndex(proxy, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            table->scrollTo(proxy, QAbstractItemView::PositionAtCenter);
        }
    }
    m_timeline->setCursor(e.op, run, e.clock);
    EventTableModel* own = m_models[static_cast<size_t>(run)];
    const int32_t storage = own->index(own->rowOf(run, event), 0).data(EventTableModel::StorageRole).toInt();
    if (storage >= 0)
        inspectStorage(storage);
}

bool PairView::stepEvent(int delta)
{
    QTableView* table = currentTable();
    const int rows = table->model()->rowCount();
    if (rows == 0)
        return false;
    const int row = table->currentIndex().isValid() ? table->currentIndex().row() + delta : (delta > 0 ? 0 : rows - 1);
    if (row < 0 || row >= rows)
        return false;
    table->selectionModel()->setCurrentIndex(table->model()->index(row, kCurrentColumn), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return true;
}

bool PairView::nextEviction()
{
    QTableView* table = currentTable();
    const int which = currentWhich();
    for (int row = table->currentIndex().isValid() ? table->currentIndex().row() + 1 : 0; row < table->model()->rowCount(); ++row) {
        const QModelIndex source = m_filters[static_cast<size_t>(which)]->mapToSource(table->model()->index(row, 0));
        const auto ref = m_models[static_cast<size_t>(which)]->refAt(source.row());
        const RunEvent& e = m_pair->run(ref.run).events[ref.event];
        if (e.kind == EventKind::Evict && e.reason == EvictReason::Pressure) {
            table->selectionModel()->setCurrentIndex(table->model()->index(row, kCurrentColumn), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            return true;
        }
    }
    return false;
}

bool PairView::jumpToDivergence()
{
    if (!m_pair || m_pair->first.op < 0)
        return false;
    const int run = m_pair->first.evictedBy == PairSide::Failing ? 0 : 1;
    const auto& events = m_pair->run(run).events;
    // A run with nothing left to evict diverges at its last entry into the free loop, where it
    // ends; the other's at its eviction.
    const bool nothingToEvict = m_pair->first.storage < 0;
    std::optional<uint32_t> found;
    for (uint32_t i = 0; i < events.size(); ++i) {
        const RunEvent& e = events[i];
        if (e.op != m_pair->first.op)
            continue;
        if (nothingToEvict ? e.kind == EventKind::FreeEntry : e.kind == EventKind::Evict && e.storage == m_pair->first.storage) {
            found = i;
            if (!nothingToEvict)
                break;
        }
    }
    if (!found)
        return false;
    if (currentWhich() != 2)   // the merged table shows both runs: it stays
        showTable(run);
    selectEvent(run, *found);
    return true;
}

bool PairView::jumpToFailure()
{
    if (!m_pair)
        return false;
    for (int run = 0; run < 2; ++run) {
        const RunRecord& r = m_pair->run(run);
        if (r.result.outcome != Outcome::Complete && !r.events.empty()) {
            if (currentWhich() != 2)
                showTable(run);
            selectEvent(run, static_cast<uint32_t>(r.events.size() - 1));
            return true;
        }
    }
    return false;
}

void PairView::inspectStorage(int32_t id)
{
    if (id != m_inspected)
        m_contests.reset();
    const bool changed = id != m_inspected;
    m_inspected = id;
    if (!m_trace || !m_pair) {
        m_inspector->setHtml(QString::fromStdString(storageReportHtml(StorageReport{})));
        return;
    }
    StorageReport report = storageReport(m_trace->trace.program, *m_pair, id);
    if (m_contests) {
        report.a.contests = (*m_contests)[0];
        report.b.contests = (*m_contests)[1];
    }
    m_inspector->setHtml(QString::fromStdString(storageReportHtml(report)));
    if (report.id >= 0 && changed)
        m_probeTimer->start();   // stepping through many storages asks only for the one it stops at
}

void PairView::setContests(int32_t id, const std::vector<StorageReport::Contest>& a, const std::vector<StorageReport::Contest>& b)
{
    if (id != m_inspected)
        return;
    m_contests = std::array<std::vector<StorageReport::Contest>, 2>{a, b};
    inspectStorage(id);
}

} // namespace holescope
