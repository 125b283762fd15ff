// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "RecentFiles.h"
#include "jobs/PairJob.h"
#include "jobs/SweepJob.h"
#include "jobs/TraceLoadJob.h"
#include "outcome/HolesModel.h"
#include "outcome/OutcomePlot.h"
#include "outcome/SweepControls.h"
#include "outcome/SweepPointsModel.h"
#include "pair/PairTimeline.h"
#include "pair/PairView.h"
#include "export/FigureDialog.h"
#include "text/Numbers.h"
#include "session/Session.h"
#include "session/SessionAutosave.h"
#include "session/SweepSpecFor.h"
#include "summary/TraceSummaryModel.h"

#include "report/TraceEventJson.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace holescope {
namespace {

constexpr const char* kSessionSuffix = "holescope";

QTableView* tableFor(QAbstractItemModel* model, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->setVisible(false);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return view;
}

QString bytesText(int64_t b)
{
    return QString::fromStdString(groupDigits(b));
}

// The session file's name of a sweep setting.
const char* sessionFieldName(SweepControls::Field field)
{
    switch (field) {
    case SweepControls::Field::From: return "from";
    case SweepControls::Field::To: return "to";
    case SweepControls::Field::Step: return "step";
    case SweepControls::Field::OverheadLimit: return "overhead_limit";
    case SweepControls::Field::MaxSeconds: return "max_seconds";
    }
    return "";
}

} // namespace

MainWindow::MainWindow(RecentFiles& recent, bool interactive, const QString& autosavePath, QWidget* parent)
    : QMainWindow(parent)
    , m_recent(recent)
    , m_interactive(interactive)
    , m_session(new Session(this))
    , m_loadJob(new TraceLoadJob(this))
    , m_sweepJob(new SweepJob(this))
    , m_summaryModel(new TraceSummaryModel(this))
    , m_pointsModel(new SweepPointsModel(this))
    , m_holesModel(new HolesModel(this))
    , m_plot(new OutcomePlot(this))
    , m_controls(new SweepControls(this))
    , m_pairJob(new PairJob(this))
    , m_pairView(new PairView(this))
{
    setAcceptDrops(true);
    createLayout();
    createActions();
    connectSession();
    connectJobs();
    connectPair();
    m_controls->setSettings(m_session->settings());
    if (!autosavePath.isEmpty()) {
        m_autosave = new SessionAutosave(*m_session, autosavePath, this);
        connect(m_autosave, &SessionAutosave::failed, this, [this](const QString& m) { m_status->setText(tr("Autosave failed: %1").arg(m)); });
    }
    updateTitle();
    updateSelectionText();
    // On a laptop's 1,366 x 768 the window fits its screen; offscreen (screenshots) has no
    // screen to fit and keeps the full size.
    QSize size(1400, 900);
    if (QGuiApplication::platformName() != QLatin1String("offscreen") && screen() != nullptr)
        size = size.boundedTo(screen()->availableGeometry().size());
    resize(size);
}

MainWindow::~MainWindow()
{
    // Child widgets still emit while they are torn down (a spin box losing focus finishes its
    // edit); by then this window is no longer a MainWindow, so nothing may reach it.
    for (QObject* child : std::initializer_list<QObject*>{m_controls, m_plot, m_pairView, m_session, m_loadJob, m_sweepJob, m_pairJob})
        disconnect(child, nullptr, this, nullptr);
}

void MainWindow::createLayout()
{
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_controls);
    topLayout->addWidget(m_plot, 1);

    m_tables = new QTabWidget(this);
    m_pointsTable = tableFor(m_pointsModel, m_tables);
    m_pointsTable->setToolTip(tr("Click a point to make its budget A, Shift+click for B"));
    m_holesTable = tableFor(m_holesModel, m_tables);
    m_holesTable->setToolTip(tr("Click a hole to zoom onto it and select its edges as A and B"));
    m_tables->addTab(m_pointsTable, tr("Sweep points"));
    m_tables->addTab(m_holesTable, tr("Holes"));
    connect(m_pointsTable, &QAbstractItemView::clicked, this, [this](const QModelIndex& index) {
        pickPoint(index.row(), QGuiApplication::keyboardModifiers().testFlag(Qt::ShiftModifier));
    });
    connect(m_holesTable, &QAbstractItemView::clicked, this, [this](const QModelIndex& index) { goToHoleAt(index.row()); });

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(m_tables);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    m_pages = new QTabWidget(this);
    m_pages->addTab(split, tr("Budgets"));
    m_pages->addTab(m_pairView, tr("Pair A · B"));
    setCentralWidget(m_pages);

    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    auto* summary = tableFor(m_summaryModel, side);
    summary->horizontalHeader()->setVisible(false);
    summary->setSelectionMode(QAbstractItemView::NoSelection);
    sideLayout->addWidget(summary, 1);
    m_selection = new QLabel(side);
    m_selection->setTextFormat(Qt::RichText);
    m_selection->setWordWrap(true);
    sideLayout->addWidget(m_selection);
    auto* dock = new QDockWidget(tr("Trace"), this);
    dock->setObjectName(QStringLiteral("traceDock"));
    dock->setWidget(side);
    dock->setMinimumWidth(300);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    m_status = new QLabel(this);
    m_loadBar = new QProgressBar(this);
    m_loadBar->setRange(0, 0);
    m_loadBar->setMaximumWidth(160);
    m_loadBar->setVisible(false);
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_loadBar);
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Trace…"), this, [this] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a DTR trace"), {}, tr("DTR traces (*.log *.jsonl);;All files (*)"));
        if (!path.isEmpty())
            openTrace(path);
    });
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("Open &Session…"), this, [this] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a session"), {}, tr("holescope sessions (*.holescope)"));
        if (!path.isEmpty())
            openSession(path);
    });
    file->addSeparator();
    QAction* save = file->addAction(tr("&Save Session"), this, [this] {
        if (m_session->filePath().isEmpty()) {
            const QString path = QFileDialog::getSaveFileName(this, tr("Save the session"), {}, tr("holescope sessions (*.holescope)"));
            if (!path.isEmpty())
                saveSession(path);
        } else {
            saveSession(m_session->filePath());
        }
    });
    save->setShortcut(QKeySequence::Save);
    file->addAction(tr("Save Session &As…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save the session"), m_session->filePath(),
                                                          tr("holescope sessions (*.holescope)"));
        if (!path.isEmpty())
            saveSession(path);
    })->setShortcut(QKeySequence::SaveAs);
    file->addAction(tr("&Export Figure…"), this, &MainWindow::exportFigure)->setShortcut(Qt::CTRL | Qt::Key_E);
    file->addAction(tr("Export Pair as &Trace Events (Perfetto)…"), this, &MainWindow::exportTraceEvents);
    file->addSeparator();
    file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

    QMenu* sweep = menuBar()->addMenu(tr("&Sweep"));
    QAction* run = sweep->addAction(tr("&Run"), this, &MainWindow::startSweep);
    run->setShortcut(Qt::CTRL | Qt::Key_R);
    QAction* cancel = sweep->addAction(tr("&Cancel"), this, &MainWindow::cancelSweep);
    cancel->setShortcut(Qt::Key_Escape);
    sweep->addSeparator();
    QAction* previousHole = sweep->addAction(tr("&Previous Hole"), this, [this] { goToHole(false); });
    previousHole->setShortcut(Qt::CTRL | Qt::Key_Left);
    QAction* nextHole = sweep->addAction(tr("&Next Hole"), this, [this] { goToHole(true); });
    nextHole->setShortcut(Qt::CTRL | Qt::Key_Right);
    QAction* resetZoom = sweep->addAction(tr("Reset &Zoom"), m_plot, &OutcomePlot::resetZoom);
    resetZoom->setShortcut(Qt::CTRL | Qt::Key_0);
    sweep->addSeparator();
    QAction* compare = sweep->addAction(tr("&Compare A and B"), this, [this] {
        if (!comparePair())
            reportError(tr("Select budget A (click a point) and budget B (shift-click) first."));
    });
    compare->setShortcut(Qt::CTRL | Qt::Key_P);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About holescope"), this, [this] {
        QMessageBox::about(this, tr("About holescope"),
                           tr("<b>holescope</b> %1<br>Forensics of memory-budgeted training: DTR replays exactly as simrd makes "
                              "them.<br>GPL-3.0-or-later.")
                               .arg(QApplication::applicationVersion()));
    });

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->addAction(open);
    bar->addAction(save);
    bar->addSeparator();
    bar->addAction(previousHole);
    bar->addAction(nextHole);
    bar->addAction(resetZoom);
    bar->addAction(compare);

    connect(&m_recent, &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    for (const QString& path : m_recent.files())
        m_recentMenu->addAction(QDir::toNativeSeparators(path), this, [this, path] { openPath(path); });
    m_recentMenu->setEnabled(!m_recent.files().isEmpty());
}

void MainWindow::connectSession()
{
    connect(m_session, &Session::traceChanged, this, [this] {
        const OpenTracePtr& t = m_session->trace();
        m_summaryModel->setSummary(t ? std::optional(summarizeTrace(*t)) : std::nullopt);
        m_plot->setTrace(t ? QString::fromStdString(t->name) : QString(), t ? t->trace.baseline : Baseline{});
        m_controls->setTraceLoaded(t != nullptr);
        updateTitle();
    });
    connect(m_session, &Session::settingsChanged, this, [this] {
        m_controls->setSettings(m_session->settings());
        m_plot->setRange(m_session->settings().from, m_session->settings().to);
    });
    connect(m_session, &Session::sweepStarted, this, [this] {
        const Baseline b = m_session->trace() ? m_session->trace()->trace.baseline : Baseline{};
        m_pointsModel->setPoints({}, b);
        m_holesModel->setHoles({});
        m_plot->setHoles({});
        m_plot->setPoints({});
        m_plot->setPolicyName(QString::fromStdString(m_session->settings().policy));
    });
    connect(m_session, &Session::pointsAdded, this, [this](const std::vector<SweepPoint>& batch) {
        m_pointsModel->appendPoints(batch);
        m_plot->addPoints(batch);
    });
    connect(m_session, &Session::sweepFinished, this, [this] {
        const Baseline b = m_session->trace() ? m_session->trace()->trace.baseline : Baseline{};
        m_pointsModel->setPoints(m_session->points(), b);
        m_holesModel->setHoles(m_session->holes());
        m_plot->setPolicyName(QString::fromStdString(m_session->swept() ? m_session->swept()->policy : m_session->settings().policy));
        m_plot->setPoints(m_session->points());
        m_plot->setHoles(m_session->holes());
        m_plot->setSelection(m_session->budgetA(), m_session->budgetB());
        if (m_session->points().empty())
            m_status->clear();
        updateSweepStatus();
    });
    connect(m_session, &Session::settingsChanged, this, &MainWindow::updateSweepStatus);
    connect(m_session, &Session::protectChanged, this, &MainWindow::updateSweepStatus);
    connect(m_session, &Session::selectionChanged, this, [this] {
        m_plot->setSelection(m_session->budgetA(), m_session->budgetB());
        updateSelectionText();
    });
    connect(m_session, &Session::protectChanged, this, &MainWindow::updateSelectionText);
    connect(m_session, &Session::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_session, &Session::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_plot, &OutcomePlot::budgetPicked, this, [this](qint64 budget, bool asB) {
        if (asB)
            m_session->setBudgetB(budget);
        else
            m_session->setBudgetA(budget);
    });
    connect(m_controls, &SweepControls::settingsEdited, this, [this] { m_session->setSettings(m_controls->settings()); });
    connect(m_controls, &SweepControls::runRequested, this, &MainWindow::startSweep);
    connect(m_controls, &SweepControls::cancelRequested, this, &MainWindow::cancelSweep);
}

void MainWindow::connectJobs()
{
    connect(m_loadJob, &TraceLoadJob::stageChanged, this, [this](const QString& stage) {
        m_status->setText(stage);
        m_loadBar->setVisible(true);
        emit busyChanged(true);
    });
    connect(m_loadJob, &TraceLoadJob::loaded, this, [this](OpenTracePtr trace) {
        m_loadBar->setVisible(false);
        // The sweep and pair of the trace being replaced would report into the new session.
        m_sweepJob->discard();
        m_pairJob->discard();
        m_controls->setRunning(false);
        m_pairView->setBusy(false);
        m_status->setText(tr("Loaded %1").arg(QString::fromStdString(trace->name)));
        if (m_pendingSession) {
            const SessionDocument doc = *m_pendingSession;
            m_pendingSession.reset();
            // A session's sweep is of one trace: another one (edited, or a file put in its place)
            // would show those points at its own peak, and holes it does not have.
            if (!doc.traceDigest.empty() && doc.traceDigest != trace->digest) {
                reportError(tr("%1: the session was saved with another trace than %2 now holds (trace digest %3, not %4); "
                               "sweep it again from the trace")
                                .arg(m_pendingSessionPath, QString::fromStdString(trace->path), QString::fromStdString(trace->digest),
                                     QString::fromStdString(doc.traceDigest)));
                m_pendingIsRecovery = false;
                emit busyChanged(isBusy());
                return;
            }
            const auto unknown = unknownStorages(trace->trace.program, doc.protect);
            if (!unknown.empty()) {
                reportError(tr("%1: field interventions.protect names storage %2, which %3 does not have")
                                .arg(m_pendingSessionPath)
                                .arg(unknown.front())
                                .arg(QString::fromStdString(trace->name)));
                emit busyChanged(isBusy());
                return;
            }
            if (m_pendingIsRecovery) {
                // Recovered work is unsaved work: no file yet, and marked modified.
                m_session->restore(doc, std::move(trace), QString());
                m_session->markModified();
                m_pendingIsRecovery = false;
            } else {
                m_session->restore(doc, std::move(trace), m_pendingSessionPath);
                m_recent.add(m_pendingSessionPath);
            }
        } else {
            m_recent.add(QString::fromStdString(trace->path));
            m_session->setTrace(std::move(trace));
            m_session->setSettings(m_controls->settings());
        }
        emit busyChanged(isBusy());
    });
    connect(m_loadJob, &TraceLoadJob::failed, this, [this](const QString& message) {
        m_loadBar->setVisible(false);
        m_pendingSession.reset();
        m_pendingIsRecovery = false;
        m_status->setText(tr("Could not load the trace"));
        reportError(message);
        emit busyChanged(isBusy());
    });
    connect(m_sweepJob, &SweepJob::pointsArrived, m_session, &Session::addPoints);
    connect(m_sweepJob, &SweepJob::progress, m_controls, &SweepControls::setProgress);
    connect(m_sweepJob, &SweepJob::finished, this, [this](const SweepResult& result) {
        m_controls->setRunning(false);
        m_session->finishSweep(result.points, result.stopped);
        emit busyChanged(isBusy());
    });
}

void MainWindow::connectPair()
{
    connect(m_pairJob, &PairJob::pairReady, this, [this](PairDataPtr pair) {
        m_pairView->setBusy(false);
        m_pairView->setPair(std::move(pair));
        emit busyChanged(isBusy());
    });
    connect(m_pairJob, &PairJob::culpritsReady, this, [this](const PairExplanation& x) {
        m_pairView->setBusy(false);
        m_pairView->setCulprits(x);
        emit busyChanged(isBusy());
    });
    connect(m_pairView, &PairView::protectRequested, this, [this](const std::vector<int32_t>& storages) {
        std::vector<int32_t> protect = m_session->protect();
        protect.insert(protect.end(), storages.begin(), storages.end());
        m_session->setProtect(protect);
    });
    connect(m_pairView, &PairView::clearProtectRequested, this, [this] { m_session->setProtect({}); });
    connect(m_pairView, &PairView::culpritSearchRequested, this, [this] {
        if (!findCulprits())
            reportError(tr("The culprit search needs a pair where one budget fails and the other completes."));
    });
    connect(m_pairView, &PairView::exportRequested, this, &MainWindow::exportFigure);
    connect(m_pairView, &PairView::probeRequested, this, [this](int32_t storage) {
        if (m_pairView->pair() && m_session->trace())
            m_pairJob->startProbe(m_session->trace(), m_pairView->pair(), storage);
    });
    connect(m_pairJob, &PairJob::probeReady, m_pairView, &PairView::setContests);
    // The pair on display must show the interventions in force, not those it was replayed with.
    connect(m_session, &Session::protectChanged, this, [this] {
        if (m_pairView->pair())
            comparePair();
    });
    // Likewise the policy, the overhead limit and the caps (the sweep range does not enter a pair).
    connect(m_session, &Session::settingsChanged, this, [this] {
        const PairDataPtr pair = m_pairView->pair();
        if (!pair)
            return;
        if (!sameRulesButProtect(replayOptionsFor(m_session->settings(), m_session->protect()), pair->options))
            comparePair();
    });
    connect(m_session, &Session::traceChanged, this, [this] { m_pairView->setTrace(m_session->trace()); });
}

bool MainWindow::comparePair()
{
    const OpenTracePtr trace = m_session->trace();
    if (!trace || !m_session->budgetA() || !m_session->budgetB())
        return false;
    const ReplayOptions options = replayOptionsFor(m_session->settings(), m_session->protect());
    m_pairView->setBusy(true, tr("replaying A and B…"));
    m_pairJob->start(trace, *m_session->budgetA(), *m_session->budgetB(), options);
    m_pages->setCurrentWidget(m_pairView);
    emit busyChanged(true);
    return true;
}

bool MainWindow::findCulprits()
{
    const PairDataPtr pair = m_pairView->pair();
    if (!pair || !pair->explanation || !m_session->trace())
        return false;
    ExplainRequest request;
    request.replay = pair->options;
    request.failBudget = pair->aFails ? pair->a.result.budget : pair->b.result.budget;
    request.okBudget = pair->aFails ? pair->b.result.budget : pair->a.result.budget;
    // More than the CLI's default of 8: in the window each try is one click away from applying,
    // and the demo's pair at 3,924 / 3,945 bytes has its first rescues beyond the eighth.
    request.culprits = 24;
    m_pairView->setBusy(true, tr("trying protections…"));
    m_pairJob->startCulprits(m_session->trace(), request);
    emit busyChanged(true);
    return true;
}

void MainWindow::showPage(int page)
{
    m_pages->setCurrentIndex(page);
}

void MainWindow::exportFigure()
{
    const bool pair = m_pages->currentWidget() == m_pairView;
    FigureDialog dialog(this);
    // Beside the session, or the trace, rather than wherever the app was started from.
    const QString beside = !m_session->filePath().isEmpty() ? m_session->filePath()
                           : m_session->trace()          ? QString::fromStdString(m_session->trace()->path)
                                                         : QString();
    if (!beside.isEmpty())
        dialog.setPath(QFileInfo(beside).absoluteDir().filePath(pair ? QStringLiteral("pair.pdf") : QStringLiteral("outcome.pdf")));
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString path = QFileInfo(dialog.path()).absoluteFilePath();
    if (QFileInfo::exists(path)
        && QMessageBox::question(this, tr("Export figure"), tr("%1 exists. Replace it?").arg(QDir::toNativeSeparators(path)),
                                 QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
               != QMessageBox::Yes)
        return;
    QString error;
    if (!exportFigureTo(pair ? Figure::Pair : Figure::Outcome, path, dialog.options(), dialog.csvPath(), error)) {
        reportError(error);
        return;
    }
    m_status->setText(tr("Figure written to %1").arg(QDir::toNativeSeparators(path)));
}

bool MainWindow::exportFigureTo(Figure figure, const QString& path, const FigureOptions& options, const QString& csvPath, QString& error)
{
    QCustomPlot* plot = figure == Figure::Pair ? m_pairView->timeline().plot() : m_plot->plot();
    if (figure == Figure::Pair && !m_pairView->pair()) {
        error = tr("There is no pair to export: compare budgets A and B first.");
        return false;
    }
    FigureOptions sized = options;
    if (figure == Figure::Pair && sized.heightInches <= 0)
        sized.heightInches = pairFigureHeight(sized.preset);
    // The data first, as the CLI writes them: a figure refused (no room at that size) leaves them written.
    if (!csvPath.isEmpty() && !writeTextFile(csvPath, figureData(figure), error))
        return false;
    // The pair's cursor marks where the user is looking, which a reader of the figure cannot know.
    if (figure == Figure::Pair)
        m_pairView->timeline().setCursorVisible(false);
    const bool exported = exportPlot(plot, path, sized, error);
    if (figure == Figure::Pair)
        m_pairView->timeline().setCursorVisible(true);
    return exported;
}

std::string MainWindow::figureData(Figure figure) const
{
    if (figure == Figure::Pair)
        return pairCsv(*m_pairView->pair());
    const Baseline b = m_session->trace() ? m_session->trace()->trace.baseline : Baseline{};
    // The points the figure shows: those of the view (zoomed onto a hole, say).
    std::vector<SweepPoint> shown;
    const auto [lower, upper] = m_plot->viewRatios();
    for (const SweepPoint& p : m_session->points())
        if (const double x = ratioOfPeak(p.budget, b.memory); x >= lower && x <= upper)
            shown.push_back(p);
    return outcomeCsv(shown, b);
}

void MainWindow::exportTraceEvents()
{
    if (!m_pairView->pair()) {
        reportError(tr("There is no pair to export: compare budgets A and B first."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the pair as trace events"), {}, tr("Trace-event JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportTraceEventsTo(path, error))
        reportError(error);
    else
        m_status->setText(tr("Trace events written to %1; open them in ui.perfetto.dev or chrome://tracing.").arg(QDir::toNativeSeparators(path)));
}

bool MainWindow::exportTraceEventsTo(const QString& path, QString& error)
{
    const PairDataPtr pair = m_pairView->pair();
    if (!pair || !m_session->trace()) {
        error = tr("There is no pair to export: compare budgets A and B first.");
        return false;
    }
    // A few hundred milliseconds on the largest traces; a busy cursor says so.
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const RunRecord* runs[] = {&pair->a, &pair->b};
    const std::string text = traceEventsJson(m_session->trace()->name, m_session->trace()->trace, pair->options, runs).dump() + "\n";
    const bool ok = writeTextFile(path, text, error);
    QApplication::restoreOverrideCursor();
    return ok;
}

// From Open Recent and drops: a trace replaces the session as a session does, so both ask first.
void MainWindow::openPath(const QString& path)
{
    if (!maybeSave())
        return;
    if (path.endsWith(QLatin1Char('.') + QLatin1String(kSessionSuffix)))
        openSession(path);
    else
        openTrace(path);
}

void MainWindow::openTrace(const QString& path)
{
    if (!QFileInfo::exists(path)) {
        m_recent.remove(path);
        reportError(tr("%1: no such file").arg(path));
        return;
    }
    m_pendingSession.reset();
    m_pendingIsRecovery = false;
    m_loadJob->start(path);
}

void MainWindow::openSession(const QString& path)
{
    std::string error;
    const auto doc = readSessionFile(path.toStdString(), error);
    if (!doc) {
        reportError(QString::fromStdString(error));
        return;
    }
    // Settings the controls would round or clamp (a session edited by hand, to 20 of the peak
    // say) would show one sweep and run another: refused, naming the field.
    if (const auto change = m_controls->firstChange(doc->settings)) {
        const auto shortest = [](double v) { return QString::number(v, 'g', QLocale::FloatingPointShortest); };
        reportError(tr("%1: field sweep_settings.%2 is %3, which the sweep controls would hold as %4")
                        .arg(path, QLatin1String(sessionFieldName(change->field)), shortest(change->given), shortest(change->held)));
        return;
    }
    QString trace = QString::fromStdString(doc->tracePath);
    if (QFileInfo(trace).isRelative())
        trace = QFileInfo(path).absoluteDir().filePath(trace);
    if (!QFileInfo::exists(trace)) {
        reportError(tr("%1: the session's trace %2 is missing").arg(path, trace));
        return;
    }
    m_pendingSession = doc;
    m_pendingSessionPath = path;
    m_loadJob->start(trace);
}

bool MainWindow::saveSession(const QString& path)
{
    // Sessions are told from traces by their suffix: "hole-0.39" must become "hole-0.39.holescope".
    QString target = path;
    if (QFileInfo(target).suffix() != QLatin1String(kSessionSuffix))
        target += QLatin1Char('.') + QLatin1String(kSessionSuffix);
    QString error;
    if (!m_session->save(target, error)) {
        reportError(error);
        return false;
    }
    m_recent.add(target);
    m_status->setText(tr("Saved %1").arg(QFileInfo(target).fileName()));
    return true;
}

void MainWindow::startSweep()
{
    const OpenTracePtr trace = m_session->trace();
    if (!trace)
        return;
    const SweepSettings settings = m_controls->settings();
    if (const QString error = m_controls->policyError(); !error.isEmpty()) {
        reportError(error);
        return;
    }
    m_session->setSettings(settings);
    m_plot->setRange(settings.from, settings.to);
    m_session->beginSweep();
    m_controls->setRunning(true);
    m_sweepJob->start(trace, sweepSpecFor(trace->trace.baseline, settings, m_session->protect()));
    emit busyChanged(true);
}

void MainWindow::cancelSweep()
{
    m_sweepJob->cancel();
}

bool MainWindow::goToHole(bool forward)
{
    const int index = m_plot->focusHole(forward);
    if (index < 0) {
        m_status->setText(m_session->holes().empty() ? tr("No holes in this sweep") : tr("No hole further that way"));
        return false;
    }
    return goToHoleAt(index);
}

void MainWindow::pickPoint(int row, bool asB)
{
    const auto& points = m_pointsModel->points();
    if (row < 0 || row >= static_cast<int>(points.size()))
        return;
    const int64_t budget = points[static_cast<size_t>(row)].budget;
    if (asB)
        m_session->setBudgetB(budget);
    else
        m_session->setBudgetA(budget);
}

bool MainWindow::goToHoleAt(int index)
{
    if (!m_plot->focusHoleAt(index))
        return false;
    m_holesTable->selectRow(index);
    m_holesTable->scrollTo(m_holesModel->index(index, 0));
    const Hole& h = m_session->holes()[static_cast<size_t>(index)];
    const auto& points = m_session->points();
    const auto first = std::lower_bound(points.begin(), points.end(), h.loBudget,
                                        [](const SweepPoint& p, int64_t b) { return p.budget < b; });
    if (first != points.begin())
        m_session->setBudgetA(std::prev(first)->budget);
    m_session->setBudgetB(h.loBudget);
    m_status->setText(tr("Hole %1 of %2: %3 to %4 bytes").arg(index + 1).arg(m_session->holes().size()).arg(bytesText(h.loBudget), bytesText(h.hiBudget)));
    return true;
}

bool MainWindow::restoreAutosave()
{
    if (m_autosave == nullptr)
        return false;
    std::string error;
    const auto doc = SessionAutosave::recover(m_autosave->path(), error);
    if (!doc) {
        if (!error.empty())
            reportError(QString::fromStdString(error));
        return false;
    }
    const QString trace = QString::fromStdString(doc->tracePath);
    if (!QFileInfo::exists(trace)) {
        reportError(tr("%1: the unsaved session's trace %2 is missing").arg(m_autosave->path(), trace));
        return false;
    }
    m_pendingSession = doc;
    m_pendingSessionPath = m_autosave->path();
    m_pendingIsRecovery = true;
    m_loadJob->start(trace);
    return true;
}

bool MainWindow::isBusy() const
{
    return m_loadJob->isRunning() || m_sweepJob->isRunning() || m_pairJob->isRunning() || m_pendingSession.has_value();
}

void MainWindow::waitUntilIdle()
{
    while (m_loadJob->isRunning() || m_sweepJob->isRunning() || m_pairJob->isRunning()) {
        m_loadJob->waitForFinished();
        m_sweepJob->waitForFinished();
        m_pairJob->waitForFinished();
    }
    QCoreApplication::processEvents();
}

void MainWindow::reportError(const QString& message)
{
    emit errorOccurred(message);
    if (m_interactive)
        QMessageBox::warning(this, tr("holescope"), message);
}

void MainWindow::updateTitle()
{
    QString title = QStringLiteral("holescope");
    if (const OpenTracePtr& t = m_session->trace())
        title = QString::fromStdString(t->name) + QStringLiteral(" — ") + title;
    if (!m_session->filePath().isEmpty())
        title = QFileInfo(m_session->filePath()).fileName() + QStringLiteral(": ") + title;
    setWindowTitle(title + (m_session->isModified() && m_session->trace() ? QStringLiteral(" *") : QString()));
}

void MainWindow::updateSelectionText()
{
    auto budget = [this](std::optional<int64_t> b) {
        if (!b)
            return tr("none (click a point)");
        const int64_t peak = m_session->trace() ? m_session->trace()->trace.baseline.memory : 0;
        return tr("%1 B (%2)").arg(bytesText(*b)).arg(ratioOfPeak(*b, peak), 0, 'f', kRatioDigits);
    };
    QString protect;
    for (int32_t id : m_session->protect())
        protect += (protect.isEmpty() ? QString() : QStringLiteral(", ")) + QString::number(id);
    m_selection->setText(tr("<b>Budget A</b>: %1<br><b>Budget B</b> (shift-click): %2<br><b>Never evicted</b>: %3")
                             .arg(budget(m_session->budgetA()), budget(m_session->budgetB()), protect.isEmpty() ? tr("none") : protect));
}

QString MainWindow::statusText() const
{
    return m_status->text();
}

// The sweep's counts, and a word when the points no longer answer for the current settings.
void MainWindow::updateSweepStatus()
{
    if (m_session->points().empty() || m_sweepJob->isRunning())
        return;
    const std::vector<SweepPoint>& points = m_session->points();
    const size_t holes = m_session->holes().size();
    // As the CLI's holes: where bytes between the points were only sampled, narrower holes may hide.
    const bool sampled = certifiedBytes(points, points.front().budget, points.back().budget) < points.back().budget - points.front().budget + 1;
    // A hole lies between completing budgets: where none completes, "no hole" would read as good news.
    QString text = holes == 0 && everyPointFails(points) ? tr("%L1 points, none completes, so no hole (a hole lies between completing budgets)").arg(points.size())
                   : holes == 0 && sampled ? tr("%L1 points, no hole among them").arg(points.size())
                                           : tr("%L1 points, %2%L3 %4")
                                                 .arg(points.size())
                                                 .arg(sampled ? tr("at least ") : QString())
                                                 .arg(holes)
                                                 .arg(holes == 1 ? tr("hole") : tr("holes"));
    if (m_session->sweepStopped())
        text += tr(" (sweep cancelled before the end)");
    if (m_session->sweepIsStale()) {
        const SweptWith& w = *m_session->swept();
        QStringList ids;
        for (int32_t id : w.protect)
            ids << QString::number(id);
        text += tr(" — swept with policy %1%2, never evicted: %3; the settings or interventions changed since, sweep again")
                    .arg(QString::fromStdString(w.policy),
                         w.overheadLimit ? tr(", overhead limit %1").arg(*w.overheadLimit) : QString(),
                         ids.isEmpty() ? tr("none") : ids.join(QStringLiteral(", ")));
    }
    m_status->setText(text);
}

bool MainWindow::maybeSave()
{
    if (!m_session->isModified() || !m_session->trace())
        return true;
    if (!m_interactive)
        return true;
    const auto answer = QMessageBox::question(this, tr("holescope"), tr("The session has changes that are not saved. Save them?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Discard)
        return true;
    QString path = m_session->filePath();
    if (path.isEmpty())
        path = QFileDialog::getSaveFileName(this, tr("Save the session"), {}, tr("holescope sessions (*.holescope)"));
    return !path.isEmpty() && saveSession(path);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_sweepJob->cancel();
    if (m_autosave != nullptr)
        m_autosave->discard();   // saved, or deliberately discarded
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile())
        openPath(urls.first().toLocalFile());
}

} // namespace holescope
