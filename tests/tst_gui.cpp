// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop application, offscreen: its models, loading (and refusing) files, sweeping and
// cancelling, picking budgets, sessions, and the headless screenshot mode.
#include "MainWindow.h"
#include "RecentFiles.h"
#include "ScreenshotRun.h"
#include "export/CensusFigure.h"
#include "export/FigureDialog.h"
#include "export/FigureExport.h"
#include "export/SvgClip.h"
#include "outcome/HolesModel.h"
#include "outcome/OutcomePlot.h"
#include "outcome/OutcomeStyle.h"
#include "outcome/SweepControls.h"
#include "outcome/SweepPointsModel.h"
#include "pair/PairView.h"
#include "session/Session.h"
#include "session/SessionAutosave.h"
#include "session/SweepSpecFor.h"
#include "summary/TraceSummaryModel.h"
#include "support/BadTraces.h"
#include "support/SkipReport.h"
#include "synth/TraceSynth.h"

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <limits>
#include <map>

using namespace holescope;

namespace {

const QString kDemo = QStringLiteral(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log");

void writeText(const QString& path, const std::string& text)
{
    std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The demo trace's hole (3,936 to 4,143 bytes) lies between 0.39 and 0.42 of its peak.
SweepSettings demoSweep()
{
    SweepSettings s;
    s.from = 0.3;
    s.to = 0.6;
    s.step = 0.002;
    return s;
}

// A sweep point of one budget, its own certified interval, for the plot's tests.
SweepPoint point(int64_t budget, Outcome outcome, int64_t remat = 0)
{
    SweepPoint s{};
    s.budget = budget;
    s.outcome = outcome;
    s.rematCompute = remat;
    s.certifiedLo = s.certifiedHi = budget;
    return s;
}

// An outcome plot on screen, 900 x 400, of a trace whose peak is 10^9 bytes.
bool showPlotOfTrace(OutcomePlot& plot, const QString& name, Baseline baseline = Baseline{.memory = 1'000'000'000, .compute = 100})
{
    plot.resize(900, 400);
    plot.show();
    plot.setTrace(name, baseline);
    return QTest::qWaitForWindowExposed(&plot);
}

// Shows the points, and the holes among them, in a plot of this size over 0.3 to 0.6 of the
// peak, laid out twice: the second layout has the room the first one's labels asked for.
bool showPointsAndHoles(OutcomePlot& plot, QSize size, const QString& name, const std::vector<SweepPoint>& points, const Baseline& b)
{
    plot.resize(size);
    plot.show();
    plot.setTrace(name, b);
    if (!QTest::qWaitForWindowExposed(&plot))
        return false;
    plot.setRange(0.3, 0.6);
    plot.setPoints(points);
    plot.setHoles(findHoles(points, b));
    plot.plot()->replot();
    plot.plot()->replot();
    return true;
}

// Where a point lies under one of the labels (within 3 pixels), as "x,y"; empty where none does.
QString pointUnderLabels(QCustomPlot* p, const std::vector<SweepPoint>& points, const Baseline& b, const std::vector<QRectF>& labels)
{
    for (const SweepPoint& point : points) {
        const QPointF at(p->xAxis->coordToPixel(ratioOfPeak(point.budget, b.memory)), p->yAxis->coordToPixel(overheadOf(point, b)));
        for (const QRectF& label : labels)
            if (label.adjusted(-3, -3, 3, 3).contains(at))
                return QStringLiteral("%1,%2").arg(at.x()).arg(at.y());
    }
    return {};
}

} // namespace

class GuiTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<RecentFiles> m_recent;

    std::unique_ptr<MainWindow> newWindow()
    {
        auto w = std::make_unique<MainWindow>(*m_recent, /*interactive=*/false);
        w->show();
        return w;
    }

    void loadDemoAndSweep(MainWindow& w)
    {
        w.openTrace(kDemo);
        w.waitUntilIdle();
        QVERIFY(w.session().trace());
        w.sweepControls().setSettings(demoSweep());
        QSignalSpy batches(&w.session(), &Session::pointsAdded);
        w.startSweep();
        w.waitUntilIdle();
        QVERIFY(!batches.isEmpty());   // points came in batches before the end
    }

    // A window with a made-up U-Net of 400 layers loaded and a sweep of 16,001 budgets set in its
    // controls: once started, far more than can run before what the test does next.
    std::unique_ptr<MainWindow> windowSweepingLong()
    {
        const QString big = m_dir.filePath("big.log");
        if (!QFileInfo::exists(big)) {
            SynthSpec spec;
            spec.shape = SynthSpec::Shape::UNet;
            spec.layers = 400;
            writeText(big, synthesizeTrace(spec));
        }
        auto w = newWindow();
        w->openTrace(big);
        w->waitUntilIdle();
        SweepSettings s;
        s.from = 0.2;
        s.to = 1.0;
        s.step = 0.00005;
        w->sweepControls().setSettings(s);
        return w;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_settings = std::make_unique<QSettings>(m_dir.filePath("settings.ini"), QSettings::IniFormat);
        m_recent = std::make_unique<RecentFiles>(*m_settings);
    }

    void modelsPassTheTester()
    {
        auto w = newWindow();
        QAbstractItemModelTester summary(&w->summaryModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester points(&w->pointsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester holes(&w->holesModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        loadDemoAndSweep(*w);
        QCOMPARE(w->summaryModel().rowCount(), 11);
        QCOMPARE(w->summaryModel().index(7, 1).data().toString(), QString("10,064 B"));   // the demo's peak
        QCOMPARE(w->pointsModel().rowCount(), 151);   // 0.300, 0.302, ..., 0.600
        QCOMPARE(w->holesModel().rowCount(), 1);
        QCOMPARE(w->holesModel().index(0, HolesModel::Outcome_).data().toString(), QString("out of memory"));   // as the legend and the pair say it
        // A 0.002 grid leaves the hole's edges sampled: no width is claimed for it.
        QCOMPARE(w->holesModel().index(0, HolesModel::Exact).data().toString(), QString("sampled"));
        QCOMPARE(w->holesModel().index(0, HolesModel::Width).data().toString(), QString());
        // Narrower holes may hide between the samples, as the CLI's holes says.
        QCOMPARE(w->statusText(), QString("151 points, at least 1 hole"));
        {
            // Where every budget fails, "no hole among them" read as good news: it says why.
            auto failing = newWindow();
            failing->openTrace(kDemo);
            failing->waitUntilIdle();
            SweepSettings low = demoSweep();
            low.to = 0.35;
            failing->sweepControls().setSettings(low);
            failing->startSweep();
            failing->waitUntilIdle();
            QCOMPARE(failing->statusText(), QString("26 points, none completes, so no hole (a hole lies between completing budgets)"));
        }
        // A second sweep streams rows in again, and a new trace empties everything.
        w->startSweep();
        w->waitUntilIdle();
        QCOMPARE(w->pointsModel().rowCount(), 151);
        w->summaryModel().setSummary(std::nullopt);
        QCOMPARE(w->summaryModel().rowCount(), 0);
    }

    // The time beside the progress bar: what is left once a replay has ended, and until then
    // how long the sweep has run (one replay at a thrashing budget can take minutes).
    void sweepTimeShowsProgress()
    {
        auto w = newWindow();
        auto* time = w->sweepControls().findChild<QLabel*>(QStringLiteral("sweepTime"));
        QVERIFY(time);
        w->sweepControls().setRunning(true);
        w->sweepControls().setProgress(0, 40, -1, 12.3);
        QCOMPARE(time->text(), QString("13 s so far"));
        w->sweepControls().setProgress(10, 40, 65, 21.7);
        QCOMPARE(time->text(), QString("1 min 5 s left"));
        w->sweepControls().setRunning(false);
        QCOMPARE(time->text(), QString());
    }

    // The sweep on the demo finds its one hole; its failing samples bracket 3,936 to 4,143 bytes.
    void sweepFindsTheDemoHole()
    {
        auto w = newWindow();
        loadDemoAndSweep(*w);
        const auto& holes = w->session().holes();
        QCOMPARE(holes.size(), size_t{1});
        QVERIFY(holes[0].loBudget >= 3936 && holes[0].hiBudget <= 4143);
        QVERIFY(!holes[0].exact);
        QVERIFY(w->goToHole(true));
        QCOMPARE(w->session().budgetB(), std::optional<int64_t>(holes[0].loBudget));
        QVERIFY(w->session().budgetA().has_value());
        QVERIFY(*w->session().budgetA() < 3936);   // the completing sample below the hole
        QCOMPARE(w->holesTable().currentIndex().row(), 0);   // its row in the holes table
        QVERIFY(!w->goToHole(true));   // there is no second hole
        QVERIFY(!w->goToHoleAt(1));
        // A figure exported from the zoom has the zoom's points behind it, not the whole sweep's.
        QString error;
        const QString csv = m_dir.filePath("zoomed.csv");
        QVERIFY2(w->exportFigureTo(MainWindow::Figure::Outcome, m_dir.filePath("zoomed.png"), FigureOptions{}, csv, error), qPrintable(error));
        const auto [lower, upper] = w->outcomePlot().viewRatios();
        const auto inView = std::count_if(w->session().points().begin(), w->session().points().end(), [&](const SweepPoint& p) {
            const double x = ratioOfPeak(p.budget, 10064);
            return x >= lower && x <= upper;
        });
        QVERIFY(inView > 0 && inView < 151);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().count('\n'), inView + 1);   // and the header
        f.close();
        // A size too small for the figure is refused, naming one that fits; the data are written.
        QVERIFY(QFile::remove(csv));
        FigureOptions strip;
        strip.heightInches = 1.2;
        QVERIFY(!w->exportFigureTo(MainWindow::Figure::Outcome, m_dir.filePath("strip.png"), strip, csv, error));
        QVERIFY2(error.contains("strip.png: a figure of 3.5 x 1.2 inches is too small for its legend, axes and labels at 8 pt: 3.5 x "),
                 qPrintable(error));
        QVERIFY(!QFileInfo::exists(m_dir.filePath("strip.png")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().count('\n'), inView + 1);
    }

    // A click on a sweep point's row makes its budget A, Shift+click B; a click on a hole's row
    // selects the hole's edges, as Next Hole does.
    void tablesPickBudgets()
    {
        auto w = newWindow();
        loadDemoAndSweep(*w);
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        const auto click = [](QTableView& table, int row, Qt::KeyboardModifiers modifiers) {
            // The table's tab (the tab widget holds it in a stack) comes to the front first.
            auto* tabs = qobject_cast<QTabWidget*>(table.parentWidget()->parentWidget());
            QVERIFY(tabs);
            tabs->setCurrentWidget(&table);
            QTRY_VERIFY(table.isVisible());
            table.scrollTo(table.model()->index(row, 0));
            const QRect cell = table.visualRect(table.model()->index(row, 0));
            QVERIFY(table.viewport()->rect().contains(cell));
            QTest::mouseClick(table.viewport(), Qt::LeftButton, modifiers, cell.center());
        };
        const auto& points = w->pointsModel().points();
        click(w->pointsTable(), 3, {});
        QCOMPARE(w->session().budgetA(), std::optional<int64_t>(points[3].budget));
        QVERIFY(!w->session().budgetB().has_value());
        click(w->pointsTable(), 7, Qt::ShiftModifier);
        QCOMPARE(w->session().budgetB(), std::optional<int64_t>(points[7].budget));
        QCOMPARE(w->session().budgetA(), std::optional<int64_t>(points[3].budget));

        const Hole hole = w->session().holes().at(0);
        click(w->holesTable(), 0, {});
        QCOMPARE(w->session().budgetB(), std::optional<int64_t>(hole.loBudget));
        QVERIFY(*w->session().budgetA() < hole.loBudget);
        QCOMPARE(w->holesTable().currentIndex().row(), 0);
    }

    void badTraceLeavesTheStateIntact()
    {
        auto w = newWindow();
        loadDemoAndSweep(*w);
        const size_t points = w->session().points().size();
        const QString bad = m_dir.filePath("bad.log");
        writeText(bad, "{\"INSTRUCTION\":\"ANNOTATE\",\"ANNOTATION\":\"START\"}\n{\"INSTRUCTION\":\"CALL\",\"NAME\":\"f\"\n");
        QSignalSpy errors(w.get(), &MainWindow::errorOccurred);
        w->openTrace(bad);
        w->waitUntilIdle();
        QCOMPARE(errors.count(), 1);
        const QString message = errors.at(0).at(0).toString();
        QVERIFY2(message.contains("bad.log:2"), qPrintable(message));
        QCOMPARE(QString::fromStdString(w->session().trace()->name), QString("demo-unet.log"));
        QCOMPARE(w->session().points().size(), points);
        QCOMPARE(w->pointsModel().rowCount(), static_cast<int>(points));

        w->openTrace(m_dir.filePath("nosuch.log"));
        QCOMPARE(errors.count(), 2);
        QVERIFY(errors.at(1).at(0).toString().contains("nosuch.log: no such file"));
        QCOMPARE(QString::fromStdString(w->session().trace()->name), QString("demo-unet.log"));
    }

    // Dropping a trace on the window opens it, and the recent files list it first.
    void dropOpensATrace()
    {
        auto w = newWindow();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(kDemo)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(w.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(w.get(), &drop);
        w->waitUntilIdle();
        QVERIFY(w->session().trace());
        QCOMPARE(QString::fromStdString(w->session().trace()->name), QString("demo-unet.log"));
        QCOMPARE(m_recent->files().first(), QFileInfo(kDemo).absoluteFilePath());
    }

    // Every class of bad input: a message naming the file, line and field, and nothing changed.
    void everyBadFileIsRefusedCleanly_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        for (const test::BadTrace& b : test::badTraces("bad.log"))
            QTest::newRow(b.tag.c_str()) << QByteArray::fromStdString(b.text) << QString::fromStdString(b.message);
    }

    void everyBadFileIsRefusedCleanly()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        auto w = newWindow();
        loadDemoAndSweep(*w);
        const SessionDocument before = w->session().document();
        const QString bad = m_dir.filePath("bad.log");
        writeText(bad, text.toStdString());
        QSignalSpy errors(w.get(), &MainWindow::errorOccurred);
        w->openTrace(bad);
        w->waitUntilIdle();
        QCOMPARE(errors.count(), 1);
        const QString got = errors.at(0).at(0).toString();
        QVERIFY2(got.contains(message), qPrintable(got));
        QVERIFY(w->session().document() == before);
        QCOMPARE(w->pointsModel().rowCount(), 151);
    }

    void aDirectoryIsNotATrace()
    {
        auto w = newWindow();
        QSignalSpy errors(w.get(), &MainWindow::errorOccurred);
        w->openTrace(m_dir.path());
        w->waitUntilIdle();
        QCOMPARE(errors.count(), 1);
        QVERIFY2(errors.at(0).at(0).toString().contains("is a directory"), qPrintable(errors.at(0).at(0).toString()));
        QVERIFY(!w->session().trace());
    }

    // Unsaved work is copied aside, comes back after a crash, and goes once saved.
    void autosaveKeepsUnsavedWork()
    {
        const QString copy = m_dir.filePath("autosave/autosave.holescope");
        SessionDocument worked;
        {
            MainWindow w(*m_recent, /*interactive=*/false, copy);
            loadDemoAndSweep(w);
            w.session().setBudgetA(3900);
            w.session().setProtect({12});
            QVERIFY(w.autosave()->saveNow());
            QVERIFY(QFile::exists(copy));
            worked = w.session().document();
            // The window goes away without closing, as in a crash: the copy stays.
        }
        QVERIFY(QFile::exists(copy));
        MainWindow again(*m_recent, /*interactive=*/false, copy);
        QVERIFY(again.restoreAutosave());
        again.waitUntilIdle();
        QVERIFY(again.session().trace());
        SessionDocument restored = again.session().document();
        restored.tracePath = worked.tracePath;   // the copy names the trace absolutely
        QVERIFY(restored == worked);
        QVERIFY(again.session().isModified());
        QVERIFY(again.session().filePath().isEmpty());
        QVERIFY(again.saveSession(m_dir.filePath("recovered.holescope")));
        QVERIFY(!QFile::exists(copy));   // saved: the copy is gone
        MainWindow none(*m_recent, /*interactive=*/false, copy);
        QVERIFY(!none.restoreAutosave());
    }

    // What the window refuses, it says: a comparison without budgets, a culprit search or an
    // export without a pair.
    void requestsWithoutAPairAreRefused()
    {
        MainWindow w(*m_recent, /*interactive=*/false);
        loadDemoAndSweep(w);
        QSignalSpy errors(&w, &MainWindow::errorOccurred);
        const auto actions = w.findChildren<QAction*>();
        const auto compare = std::find_if(actions.begin(), actions.end(), [](const QAction* a) { return a->text() == "&Compare A and B"; });
        QVERIFY(compare != actions.end());
        (*compare)->trigger();
        QCOMPARE(errors.count(), 1);
        QCOMPARE(errors.at(0).at(0).toString(), QString("Select budget A (click a point) and budget B (shift-click) first."));
        emit w.pairView().culpritSearchRequested();
        QCOMPARE(errors.count(), 2);
        QCOMPARE(errors.at(1).at(0).toString(), QString("The culprit search needs a pair where one budget fails and the other completes."));
        QString error;
        QVERIFY(!w.exportFigureTo(MainWindow::Figure::Pair, m_dir.filePath("nopair.png"), FigureOptions{}, QString(), error));
        QCOMPARE(error, QString("There is no pair to export: compare budgets A and B first."));
        error.clear();
        QVERIFY(!w.exportTraceEventsTo(m_dir.filePath("nopair.json"), error));
        QCOMPARE(error, QString("There is no pair to export: compare budgets A and B first."));
        QVERIFY(!QFile::exists(m_dir.filePath("nopair.png")) && !QFile::exists(m_dir.filePath("nopair.json")));
    }

    // An autosave that cannot be written says so in the status bar (the work itself is intact); an
    // unsaved session whose trace has gone since is refused, naming both.
    void autosaveFailuresAreTold()
    {
        writeText(m_dir.filePath("not-a-folder"), "a file where the autosave wants a folder\n");
        {
            MainWindow w(*m_recent, /*interactive=*/false, m_dir.filePath("not-a-folder/autosave.holescope"));
            loadDemoAndSweep(w);
            w.session().setBudgetA(3900);
            QTRY_VERIFY_WITH_TIMEOUT(w.statusText().startsWith("Autosave failed: "), 10000);
            QVERIFY2(w.statusText().contains("not-a-folder/autosave.holescope"), qPrintable(w.statusText()));
        }
        const QString trace = m_dir.filePath("goes-away.log");
        QVERIFY(QFile::copy(kDemo, trace));
        const QString copy = m_dir.filePath("autosave-gone/autosave.holescope");
        {
            MainWindow w(*m_recent, /*interactive=*/false, copy);
            w.openTrace(trace);
            w.waitUntilIdle();
            w.session().setBudgetA(3900);
            QVERIFY(w.autosave()->saveNow());
        }
        QVERIFY(QFile::remove(trace));
        MainWindow again(*m_recent, /*interactive=*/false, copy);
        QSignalSpy errors(&again, &MainWindow::errorOccurred);
        QVERIFY(!again.restoreAutosave());
        QCOMPARE(errors.count(), 1);
        QCOMPARE(errors.at(0).at(0).toString(), copy + ": the unsaved session's trace " + trace + " is missing");
        QVERIFY(!again.session().trace());
    }

    void sweepCanBeCancelled()
    {
        auto w = windowSweepingLong();
        QVERIFY(w->session().trace());
        QSignalSpy busy(w.get(), &MainWindow::busyChanged);
        w->startSweep();
        QVERIFY(w->isBusy());
        w->cancelSweep();   // before the workers can get far: the cancel must reach them
        QTRY_VERIFY_WITH_TIMEOUT(!w->isBusy(), 20000);
        QVERIFY(w->session().sweepStopped());
        QVERIFY(w->session().points().size() < 16001);
        QVERIFY(!busy.isEmpty());
        QCOMPARE(busy.last().at(0).toBool(), false);
    }

    // Opening another trace while a sweep runs: the sweep is dropped, and none of its points
    // reach the new trace's session (they did, with ratios of the wrong peak).
    void openingATraceDropsTheRunningSweep()
    {
        auto w = windowSweepingLong();
        w->startSweep();
        QVERIFY(w->isBusy());
        w->openTrace(kDemo);
        QTRY_VERIFY_WITH_TIMEOUT(w->session().trace() && w->session().trace()->name == "demo-unet.log", 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!w->isBusy(), 20000);
        QTest::qWait(300);   // past the job's next hand-over of points
        QVERIFY(w->session().points().empty());
    }

    void clicksPickBudgets()
    {
        auto w = newWindow();
        loadDemoAndSweep(*w);
        QCustomPlot* plot = w->outcomePlot().plot();
        plot->replot();
        const SweepPoint p = w->session().points()[75];
        const Baseline& b = w->session().trace()->trace.baseline;
        const double overhead = static_cast<double>(b.compute + p.rematCompute) / static_cast<double>(b.compute);
        const QPoint at(static_cast<int>(plot->xAxis->coordToPixel(ratioOfPeak(p.budget, b.memory))),
                        static_cast<int>(plot->yAxis->coordToPixel(overhead)));
        QVERIFY(w->outcomePlot().pointNear(at).has_value());
        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(w->session().budgetA(), std::optional<int64_t>(w->outcomePlot().pointNear(at)->budget));
        QTest::mouseClick(plot, Qt::LeftButton, Qt::ShiftModifier, at);
        QCOMPARE(w->session().budgetB(), w->session().budgetA());
    }

    // Holes at both ends of the view and three close together in its middle: every label is
    // whole inside the plot (one centred on a hole at the edge would be cut off), the first of
    // the middle ones stays centred, and none covers another (they stack in rows).
    void holeLabelsStayInsideThePlot()
    {
        OutcomePlot plot;
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("edges")));
        plot.setRange(0.1, 1.0);
        auto hole = [](double lo, double hi) {
            Hole h{};
            h.loRatio = lo;
            h.hiRatio = hi;
            h.loBudget = static_cast<int64_t>(lo * 1e9);
            h.hiBudget = static_cast<int64_t>(hi * 1e9);
            h.outcome = Outcome::Oom;
            return h;
        };
        plot.setHoles({hole(0.0820, 0.1060), hole(0.5, 0.51), hole(0.512, 0.514), hole(0.516, 0.52), hole(0.9990, 1.0150)});
        QCustomPlot* p = plot.plot();
        p->replot();
        const QRect area = p->axisRect()->rect();
        std::vector<QCPItemText*> labels;
        for (int i = 0; i < p->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->text().startsWith(QStringLiteral("hole")))
                labels.push_back(t);
        QCOMPARE(labels.size(), size_t{5});
        auto rectOf = [](QCPItemText* t) { return QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()); };
        for (QCPItemText* t : labels) {
            QVERIFY2(t->visible(), qPrintable(t->text()));
            // The box lets the hole's shading and the grey regime show through: a nearly opaque one blanked them.
            QVERIFY2(t->brush().color().alpha() <= 150, qPrintable(t->text()));
            QVERIFY2(QRectF(area).contains(rectOf(t)), qPrintable(t->text() + QString(" %1,%2 %3x%4 in %5,%6 %7x%8").arg(rectOf(t).x()).arg(rectOf(t).y()).arg(rectOf(t).width()).arg(rectOf(t).height()).arg(area.x()).arg(area.y()).arg(area.width()).arg(area.height())));
            for (QCPItemText* u : labels)
                QVERIFY2(t == u || !rectOf(t).intersects(rectOf(u)), qPrintable(t->text() + " / " + u->text()));
        }
        QCOMPARE(labels[0]->text(), QStringLiteral("hole 1\n0.0820–0.1060"));
        const double middle = p->xAxis->coordToPixel(0.505);
        QVERIFY(std::abs(labels[1]->top->pixelPosition().x() - middle) < 1.0);
        // Budget B picked at the middle hole's low edge: its mark's label, at the top, stays clear.
        plot.setSelection(std::nullopt, int64_t{500'000'000});
        p->replot();
        QCPItemText* mark = nullptr;
        for (int i = 0; i < p->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->text() == QStringLiteral("B"))
                mark = t;
        QVERIFY(mark && mark->visible());
        for (QCPItemText* t : labels)
            QVERIFY2(!rectOf(t).intersects(rectOf(mark)), qPrintable(t->text()));
        // Zoomed so that the first hole's middle is out of view, its label goes with it.
        p->xAxis->setRange(0.3, 0.7);
        p->replot();
        QVERIFY(labels[0]->top->pixelPosition().x() < area.left());
    }

    // The labels of holes and budget marks sit above every point: the value axis leaves them
    // room (the demo's completing points at 0.388 and 0.390 were under its hole's label).
    void holeLabelsHideNoPoint()
    {
        OutcomePlot plot;
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("points")));
        plot.setRange(0.3, 0.6);
        std::vector<SweepPoint> points;
        for (int k = 0; k <= 30; ++k) {
            SweepPoint p{};
            p.budget = 300'000'000 + k * 10'000'000;
            p.outcome = k >= 10 && k <= 12 ? Outcome::Oom : Outcome::Complete;
            p.rematCompute = k == 9 || k == 10 ? 180 : 30;   // the highest points, at the hole's edge
            points.push_back(p);
        }
        plot.setPoints(points);
        plot.setHoles(findHoles(points, Baseline{.memory = 1'000'000'000, .compute = 100}));
        plot.setSelection(int64_t{390'000'000}, int64_t{400'000'000});
        QCustomPlot* p = plot.plot();
        p->replot();
        p->replot();   // the second layout has the room the first one's labels asked for
        std::vector<QRectF> labels;
        for (int i = 0; i < p->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->visible() && !t->text().startsWith(QStringLiteral("Choose")))
                labels.emplace_back(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition());
        QCOMPARE(labels.size(), size_t{3});   // the hole's, A's and B's
        for (const SweepPoint& point : points) {
            const QPointF at(p->xAxis->coordToPixel(ratioOfPeak(point.budget, 1'000'000'000)), p->yAxis->coordToPixel(overheadOf(point, Baseline{.memory = 1'000'000'000, .compute = 100})));
            for (const QRectF& label : labels)
                QVERIFY2(!label.adjusted(-3, -3, 3, 3).contains(at), qPrintable(QString("point at %1,%2").arg(at.x()).arg(at.y())));
        }
    }

    // The value axis has as many ticks as its height gives room for: QCustomPlot aims at five
    // whatever the height, and a short figure's labels overlapped. Tall, it keeps four or more.
    void valueTicksHaveRoom()
    {
        OutcomePlot plot;
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("ticks")));
        std::vector<SweepPoint> points;
        for (int k = 0; k <= 10; ++k) {
            SweepPoint p{};
            p.budget = 300'000'000 + k * 10'000'000;
            p.outcome = Outcome::Complete;
            p.rematCompute = 10 * k;   // overheads 1 to 2
            points.push_back(p);
        }
        plot.setPoints(points);
        QCustomPlot* p = plot.plot();
        const auto spacing = [p] {
            p->replot();
            p->replot();   // the second layout has the ticks the first one chose
            const QVector<double> ticks = p->yAxis->tickVector();
            double least = std::numeric_limits<double>::infinity();
            for (qsizetype i = 1; i < ticks.size(); ++i)
                least = std::min(least, std::abs(p->yAxis->coordToPixel(ticks[i]) - p->yAxis->coordToPixel(ticks[i - 1])));
            return std::pair{ticks.size(), least};
        };
        const int label = QFontMetrics(p->yAxis->tickLabelFont()).height();
        const auto [tallTicks, tallSpacing] = spacing();
        QVERIFY2(tallTicks >= 4, qPrintable(QString::number(tallTicks)));
        plot.resize(900, 150);
        QVERIFY(QTest::qWaitFor([&] { return p->axisRect()->rect().height() < 6 * label; }));
        const auto [shortTicks, shortSpacing] = spacing();
        QVERIFY2(shortTicks >= 2 && shortTicks < tallTicks, qPrintable(QString("%1 ticks").arg(shortTicks)));
        QVERIFY2(shortSpacing >= label, qPrintable(QString("ticks %1 px apart, labels %2 px high, axis %3 px").arg(shortSpacing).arg(label).arg(p->axisRect()->rect().height())));
    }

    // Three close holes (U-Net's at 0.42 to 0.435) in a plot a column wide: their full labels,
    // stacked, would need most of its height and covered points; a shorter form takes their
    // place (the range, or the number), and no point is under a label. The window's width keeps
    // the full form.
    void holeLabelsShortenWhenRoomIsShort()
    {
        std::vector<SweepPoint> points;
        for (int k = 0; k <= 60; ++k) {
            SweepPoint p{};
            p.budget = 300'000'000 + k * 5'000'000;
            const bool inHole = k == 24 || k == 26 || k == 27 || k == 30 || k == 31 || k == 32;
            p.outcome = k < 20 || inHole ? Outcome::Oom : Outcome::Complete;
            p.rematCompute = k == 31 ? 100 : 50;   // the highest point, inside the third hole
            p.certifiedLo = p.certifiedHi = p.budget;
            points.push_back(p);
        }
        const Baseline b{.memory = 1'000'000'000, .compute = 100};
        const std::vector<Hole> holes = findHoles(points, b);
        QCOMPARE(holes.size(), size_t{3});
        for (const auto& [size, form] : {std::pair{QSize(340, 250), QStringLiteral("^(0\\.4\\d{3}(–0\\.4\\d{3})?|[123])$")}, std::pair{QSize(1400, 700), QStringLiteral("^hole [123]\n")}}) {
            OutcomePlot plot;
            QVERIFY(showPointsAndHoles(plot, size, QStringLiteral("close holes"), points, b));
            QCustomPlot* p = plot.plot();
            std::vector<QRectF> labels;
            for (int i = 0; i < p->itemCount(); ++i)
                if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->visible() && !t->text().startsWith(QStringLiteral("Choose"))) {
                    QVERIFY2(t->text().contains(QRegularExpression(form)), qPrintable(t->text()));
                    labels.emplace_back(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition());
                }
            QCOMPARE(labels.size(), size_t{3});
            QCOMPARE(pointUnderLabels(p, points, b, labels), QString());
        }
    }

    // Thirty holes in a plot a column wide (ResNet-32's 36 under foresight): even their numbers
    // would fill the plot, and came down over the points; those that fit the top half are shown
    // and the rest left out (the holes table lists them all), and no point is under a label.
    void manyHoleNumbersKeepToTheTopHalf()
    {
        std::vector<SweepPoint> points;
        for (int k = 0; k <= 60; ++k) {
            SweepPoint p{};
            p.budget = 300'000'000 + k * 5'000'000;
            p.outcome = k % 2 == 1 ? Outcome::Oom : Outcome::Complete;   // a hole at every odd step
            p.rematCompute = 50 + k;
            p.certifiedLo = p.certifiedHi = p.budget;
            points.push_back(p);
        }
        const Baseline b{.memory = 1'000'000'000, .compute = 100};
        const std::vector<Hole> holes = findHoles(points, b);
        QCOMPARE(holes.size(), size_t{30});
        OutcomePlot plot;
        QVERIFY(showPointsAndHoles(plot, QSize(340, 200), QStringLiteral("many holes"), points, b));
        QCustomPlot* p = plot.plot();
        const QRect area = p->axisRect()->rect();
        std::vector<QRectF> labels;
        int hidden = 0;
        for (int i = 0; i < p->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->text().contains(QRegularExpression(QStringLiteral("^\\d+$")))) {
                if (!t->visible()) {
                    ++hidden;
                    continue;
                }
                labels.emplace_back(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition());
                QVERIFY2(labels.back().bottom() <= area.top() + area.height() / 2.0 + 1,
                         qPrintable(QString("label down to %1, plot %2 to %3").arg(labels.back().bottom()).arg(area.top()).arg(area.bottom())));
            }
        QVERIFY2(!labels.empty() && hidden > 0, qPrintable(QString("%1 shown, %2 left out").arg(labels.size()).arg(hidden)));
        QCOMPARE(labels.size() + static_cast<size_t>(hidden), size_t{30});
        QCOMPARE(pointUnderLabels(p, points, b, labels), QString());
    }

    // Failures at overhead 1 beside failures at 60 (TreeLSTM's low budgets): their marks, 6 px
    // wide, stay whole above the x axis, and the baseline at 1 clear of it.
    void pointsAtTheBaselineStayWhole()
    {
        OutcomePlot plot;
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("tall")));
        plot.setRange(0.1, 0.3);
        SweepPoint low{}, high{};
        low.budget = 150'000'000;
        low.outcome = Outcome::Oom;
        low.rematCompute = 0;   // overhead 1
        high.budget = 250'000'000;
        high.outcome = Outcome::Oom;
        high.rematCompute = 5'900;   // overhead 60
        plot.setPoints({low, high});
        QCustomPlot* p = plot.plot();
        p->replot();
        const double bottom = p->axisRect()->rect().bottom();
        QVERIFY2(bottom - p->yAxis->coordToPixel(1.0) >= 3.0, qPrintable(QStringLiteral("%1 px below the baseline").arg(bottom - p->yAxis->coordToPixel(1.0))));
        QVERIFY(p->yAxis->range().upper > 60);
    }

    // In a plot a column wide, the legend wraps into as many columns as fit: no cell is
    // narrower than its text (QCustomPlot squeezes a legend wider than the plot, which cut
    // "out of memory" and the floor's key off in PNG figures).
    void legendCellsKeepTheirText()
    {
        OutcomePlot plot;
        Baseline baseline;
        baseline.memory = 1'000'000'000;
        baseline.compute = 100;
        baseline.constBytes = 100'000'000;
        baseline.floor = 150'000'000;
        plot.resize(340, 400);
        plot.show();
        plot.setTrace(QStringLiteral("narrow"), baseline);
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.setRange(0.05, 1.0);
        plot.setPoints({point(200'000'000, Outcome::Oom), point(300'000'000, Outcome::OverheadExceeded), point(400'000'000, Outcome::Complete)});
        QCustomPlot* p = plot.plot();
        p->replot();
        QVERIFY(p->legend->itemCount() >= 4);
        QVERIFY2(p->legend->wrap() < p->legend->itemCount(), "the legend did not wrap");
        for (int i = 0; i < p->legend->itemCount(); ++i) {
            QCPAbstractLegendItem* item = p->legend->item(i);
            if (!item)   // a wrapped grid's last row has empty cells
                continue;
            QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width(), qPrintable(QString::number(i)));
            QVERIFY2(item->outerRect().right() <= p->viewport().right(), qPrintable(QString::number(i)));
        }
    }

    // The export dialog's resolution applies to PNG only: idle while the file is a PDF or SVG.
    void figureDialogResolutionIsForPng()
    {
        FigureDialog d;
        auto* path = d.findChild<QLineEdit*>();
        auto* dpi = d.findChild<QSpinBox*>();
        QVERIFY(path && dpi);
        QCOMPARE(path->text(), QStringLiteral("figure.pdf"));
        QVERIFY(!dpi->isEnabled());
        path->setText(QStringLiteral("figure.PNG"));
        QVERIFY(dpi->isEnabled());
        path->setText(QStringLiteral("figure.svg"));
        QVERIFY(!dpi->isEnabled());
    }

    // The census figure names each trace by its model, unless two share it (then by file, and
    // by path when the files share their names too): two "demo" keys told nothing apart.
    void censusLegendTellsTracesApart()
    {
        QCustomPlot plot;
        std::vector<CensusRow> rows;
        for (const char* trace : {"a/inceptionv4-64-1.log", "a/demo-unet.log", "b/demo-chain.log", "c/same.log", "d/same.log"}) {
            CensusRow r;
            r.trace = trace;
            r.policy = "dtr";
            rows.push_back(r);
        }
        drawCensus(&plot, CensusSpec{}, rows);
        QStringList names;
        for (int i = 0; i < plot.plottableCount(); ++i)
            if (qobject_cast<QCPBars*>(plot.plottable(i)))
                names << plot.plottable(i)->name();
        QCOMPARE(names, (QStringList{"inceptionv4", "demo-unet", "demo-chain", "c/same.log", "d/same.log"}));
    }

    // A census row with no hole because no grid budget completes is crossed out at its bar, so it
    // does not read as monotone's empty bar; the subtitle gives the grid and the limit, and a
    // floored monotone is ticked with its star, as in the table.
    void censusFigureTellsNothingCompletesFromNoHole()
    {
        QCustomPlot plot;
        std::vector<CensusRow> rows;
        for (const char* trace : {"a.log", "b.log"})
            for (const char* policy : {"dtr", "monotone", "formula:0/0"}) {
                CensusRow r;
                r.trace = trace;
                r.policy = policy;
                r.holes = std::string(policy) == "dtr" ? 2 : 0;
                if (std::string(policy) != "formula:0/0")
                    r.smallestComplete = 100;
                if (std::string(policy) == "monotone")
                    r.monotoneFloor = 100;
                rows.push_back(r);
            }
        CensusSpec spec;
        spec.from = 0.1;
        spec.to = 0.5;
        spec.step = 0.05;
        spec.overheadLimit = 2.0;
        drawCensus(&plot, spec, rows);
        // Two traces, bars 0.4 wide: at policy 2 they stand at 1.8 and 2.2.
        QCPGraph* crosses = nullptr;
        for (int i = 0; i < plot.graphCount(); ++i)
            if (plot.graph(i)->name() == QStringLiteral("no grid budget completes"))
                crosses = plot.graph(i);
        QVERIFY(crosses);
        QCOMPARE(crosses->data()->size(), 2);
        QCOMPARE(crosses->data()->at(0)->key, 1.8);
        QCOMPARE(crosses->data()->at(1)->key, 2.2);
        // ...which is where QCustomPlot draws those bars (row 2 of each trace's bars).
        plot.resize(800, 500);
        plot.replot();
        std::vector<QCPBars*> bars;
        for (int i = 0; i < plot.plottableCount(); ++i)
            if (auto* b = qobject_cast<QCPBars*>(plot.plottable(i)))
                bars.push_back(b);
        QCOMPARE(bars.size(), size_t{2});
        for (int t = 0; t < 2; ++t)
            QVERIFY(std::abs(bars[static_cast<size_t>(t)]->dataPixelPosition(2).x() - crosses->dataPixelPosition(t).x()) < 1.0);
        auto* title = qobject_cast<QCPTextElement*>(plot.plotLayout()->element(0, 0));
        QVERIFY(title);
        QCOMPARE(title->text(), QStringLiteral("ratios 0.100000 to 0.500000 every 0.050000, overhead limit 2.00; "
                                               "* searched down to DTR's smallest completing grid budget only"));
        auto ticker = plot.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticker);
        QCOMPARE(ticker->ticks().value(1.0), QStringLiteral("monotone*"));
        // Where everything completes, no cross and no legend entry for one.
        for (CensusRow& r : rows)
            r.smallestComplete = 100;
        QCustomPlot plain;
        drawCensus(&plain, spec, rows);
        QCOMPARE(plain.graphCount(), 0);
        // A row with no completing budget where some were left unresolved is told apart: nothing
        // is known of those budgets.
        rows[2].smallestComplete.reset();
        rows[2].unresolved = 3;
        rows[5].smallestComplete.reset();
        QCustomPlot capped;
        drawCensus(&capped, spec, rows);
        QCOMPARE(capped.graphCount(), 2);
        QCOMPARE(capped.graph(0)->name(), QStringLiteral("no grid budget completes"));
        QCOMPARE(capped.graph(0)->data()->size(), 1);
        QCOMPARE(capped.graph(0)->data()->at(0)->key, 2.2);
        QCOMPARE(capped.graph(0)->scatterStyle().shape(), QCPScatterStyle::ssCross);
        QCOMPARE(capped.graph(1)->name(), QStringLiteral("none completes, some unresolved"));
        QCOMPARE(capped.graph(1)->data()->size(), 1);
        QCOMPARE(capped.graph(1)->data()->at(0)->key, 1.8);
        QCOMPARE(capped.graph(1)->scatterStyle().shape(), QCPScatterStyle::ssCrossCircle);
    }

    // A hole narrower than a label's four decimals is labelled with as many more as tell its
    // edges apart.
    void narrowHoleLabelTellsItsEdgesApart()
    {
        OutcomePlot plot;
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("narrow")));
        plot.setRange(0.4, 0.45);
        Hole h{};
        h.loRatio = 0.42361;
        h.hiRatio = 0.42364;
        h.loBudget = 423'610'000;
        h.hiBudget = 423'640'000;
        h.outcome = Outcome::Oom;
        plot.setHoles({h});
        QStringList texts;
        for (int i = 0; i < plot.plot()->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(plot.plot()->item(i)); t && t->text().startsWith(QStringLiteral("hole")))
                texts << t->text();
        QCOMPARE(texts, QStringList{QStringLiteral("hole 1\n0.42361–0.42364")});
    }

    // A hole known from one failing sample is shaded over the span between the completing
    // samples around it (it had no width), and labelled with that one ratio.
    void sampledHoleOfOnePointIsShaded()
    {
        OutcomePlot plot;
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("one")));
        plot.setRange(0.3, 0.6);
        const std::vector<SweepPoint> points{point(400'000'000, Outcome::Complete), point(426'000'000, Outcome::Oom),
                                             point(450'000'000, Outcome::Complete)};
        plot.setPoints(points);
        const auto holes = findHoles(points, Baseline{.memory = 1'000'000'000});
        QCOMPARE(holes.size(), size_t{1});
        QVERIFY(!holes[0].exact);
        plot.setHoles(holes);
        QCustomPlot* p = plot.plot();
        p->replot();
        bool shaded = false, labelled = false;
        for (int i = 0; i < p->itemCount(); ++i) {
            if (auto* r = qobject_cast<QCPItemRect*>(p->item(i)); r && r->pen().color() == QColor(214, 39, 40)) {
                QCOMPARE(r->topLeft->coords().x(), 0.400000001);
                QCOMPARE(r->bottomRight->coords().x(), 0.449999999);
                shaded = true;
            }
            if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->text() == QStringLiteral("hole 1\n0.4260"))
                labelled = true;
        }
        QVERIFY(shaded);
        QVERIFY(labelled);
    }

    // A refined sweep knows a hole's edges to the byte though budgets inside were not all
    // examined: its edges are drawn solid, as the table (and the CLI) call them exact, and the
    // table gives its width; a hole between samples keeps dashed edges and no width.
    void holeEdgesAreSolidWhereKnownToTheByte()
    {
        OutcomePlot plot;
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("edges")));
        plot.setRange(0.1, 0.6);
        auto run = [](int64_t lo, int64_t hi, Outcome o) {
            SweepPoint s = point(lo, o);
            s.certifiedHi = hi;
            return s;
        };
        // Hole 1: exact edges at 200 and 299 MB, 250 to 259 MB not examined. Hole 2: sampled.
        const std::vector<SweepPoint> points{run(100'000'000, 199'999'999, Outcome::Complete), run(200'000'000, 249'999'999, Outcome::Oom),
                                             run(260'000'000, 299'999'999, Outcome::Oom),      run(300'000'000, 399'999'999, Outcome::Complete),
                                             point(450'000'000, Outcome::Oom),                 point(500'000'000, Outcome::Complete)};
        const std::vector<Hole> holes = findHoles(points, Baseline{.memory = 1'000'000'000});
        QCOMPARE(holes.size(), size_t{2});
        QVERIFY(holes[0].edgesExact() && !holes[0].exact && holes[0].gapsInside);
        QVERIFY(!holes[1].edgesExact());
        plot.setPoints(points);
        plot.setHoles(holes);
        QCustomPlot* p = plot.plot();
        p->replot();
        std::map<double, Qt::PenStyle> edges;   // by the shaded span's left end
        for (int i = 0; i < p->itemCount(); ++i)
            if (auto* r = qobject_cast<QCPItemRect*>(p->item(i)); r && r->pen().color() == QColor(214, 39, 40))
                edges[r->topLeft->coords().x()] = r->pen().style();
        QCOMPARE(edges.size(), size_t{2});
        QCOMPARE(edges.begin()->first, 0.2);
        QCOMPARE(edges.begin()->second, Qt::SolidLine);
        QCOMPARE(std::next(edges.begin())->second, Qt::DashLine);
        HolesModel model;
        model.setHoles(holes);
        QCOMPARE(model.index(0, HolesModel::Exact).data().toString(), QString("exact, inside sampled"));
        QCOMPARE(model.index(0, HolesModel::Width).data().toString(), QString("100,000,000"));
        QCOMPARE(model.index(1, HolesModel::Exact).data().toString(), QString("sampled"));
        QCOMPARE(model.index(1, HolesModel::Width).data().toString(), QString());
    }

    // Runs a time cap cut short while thrashing (overhead 50) leave the value axis to the runs
    // that ended: they are drawn at its top, as triangles of their own legend entry, and a
    // click there still picks them.
    void unresolvedRunsDoNotSquashThePlot()
    {
        OutcomePlot plot;
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("capped")));   // compute 100 ns
        plot.setRange(0.3, 0.6);
        plot.setPoints({point(300'000'000, Outcome::Unresolved, 4900), point(400'000'000, Outcome::Unresolved, 20),
                        point(500'000'000, Outcome::Complete, 30), point(600'000'000, Outcome::Complete, 10)});
        QCustomPlot* p = plot.plot();
        p->replot();
        QVERIFY2(p->yAxis->range().upper < 2.0, qPrintable(QString::number(p->yAxis->range().upper)));
        QStringList names;
        for (int i = 0; i < p->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(p->legend->item(i)))
                names << item->plottable()->name();
        QCOMPARE(names, (QStringList{"complete", "unresolved", "unresolved, above the plot"}));
        const QPoint top(static_cast<int>(p->xAxis->coordToPixel(0.3)), static_cast<int>(p->yAxis->coordToPixel(p->yAxis->range().upper)) + 4);
        const auto picked = plot.pointNear(top);
        QVERIFY(picked.has_value());
        QCOMPARE(picked->budget, int64_t{300'000'000});
        // With nothing that ended, the axis fits the unresolved runs.
        plot.setPoints({point(300'000'000, Outcome::Unresolved, 4900)});
        p->replot();
        QVERIFY(p->yAxis->range().upper > 50.0);
    }

    // Capped runs just under the top of a short plot (the demo at --max-steps 150, a figure a
    // column wide): each mark lies whole inside the frame, whether drawn at its overhead or on
    // the ceiling as "above the plot" (the frame cut the crosses in half; the fit came before the
    // plot's first layout, at a height of 0).
    void cappedRunsStayInsideTheFrame()
    {
        OutcomePlot plot;
        plot.resize(340, 200);
        plot.show();
        plot.setTrace(QStringLiteral("capped"), Baseline{.memory = 1'000'000'000, .compute = 100});
        plot.setRange(0.3, 0.6);
        plot.setPoints({point(300'000'000, Outcome::Oom, 78), point(350'000'000, Outcome::Unresolved, 88), point(400'000'000, Outcome::Unresolved, 86),
                        point(450'000'000, Outcome::Unresolved, 80), point(500'000'000, Outcome::Complete, 50)});
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        QCustomPlot* p = plot.plot();
        p->replot();
        p->replot();
        const QRect frame = p->axisRect()->rect();
        int marks = 0;
        for (int g = 0; g < p->graphCount(); ++g) {
            QCPGraph* graph = p->graph(g);
            if (!graph->name().startsWith(QStringLiteral("unresolved")))
                continue;
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it, ++marks) {
                const double y = p->yAxis->coordToPixel(it->value);
                QVERIFY2(y - graph->scatterStyle().size() / 2 >= frame.top() - 0.5,
                         qPrintable(QString("%1 at %2 (%3 px), frame from %4").arg(graph->name()).arg(it->value).arg(y).arg(frame.top())));
            }
        }
        QCOMPARE(marks, 3);
        // Every run capped (the axis fits them): the highest is drawn at its overhead, not as
        // "above the plot", even in a plot this short.
        plot.setPoints({point(300'000'000, Outcome::Unresolved, 4900), point(350'000'000, Outcome::Unresolved, 2000)});
        p->replot();
        p->replot();
        for (int g = 0; g < p->graphCount(); ++g)
            if (p->graph(g)->name() == QStringLiteral("unresolved, above the plot"))
                QVERIFY(p->graph(g)->data()->isEmpty());
        QVERIFY(p->yAxis->coordToPixel(50.0) - 3 >= p->axisRect()->rect().top() - 0.5);   // half a mark of 6 px
    }

    // Before any sweep: the bytes axis already spans the trace's peak, the plot says what to do,
    // and the title names a policy other than DTR.
    void emptyPlotBeforeASweep()
    {
        OutcomePlot plot;
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("t.log")));   // a peak of 1 GB
        QCustomPlot* p = plot.plot();
        p->replot();
        QCOMPARE(p->xAxis2->label(), QStringLiteral("Budget (GB)"));
        QVERIFY(std::abs(p->xAxis2->range().upper - p->xAxis->range().upper) < 1e-9);
        QVERIFY(std::abs(p->xAxis->range().upper - 1.0) < 0.05);
        auto hint = [p]() -> QCPItemText* {
            for (int i = 0; i < p->itemCount(); ++i)
                if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->text().startsWith(QStringLiteral("Choose a range")))
                    return t;
            return nullptr;
        };
        QVERIFY(hint() && hint()->visible());
        SweepPoint s{};
        s.budget = 500'000'000;
        plot.setPoints({s});
        QVERIFY(!hint()->visible());
        QCPTextElement* title = nullptr;
        for (QCPLayoutElement* e : p->plotLayout()->elements(true))
            if (auto* t = qobject_cast<QCPTextElement*>(e))
                title = t;
        plot.setPolicyName(QStringLiteral("dtr"));
        p->replot();
        QCOMPARE(title->text(), QStringLiteral("t.log"));
        plot.setPolicyName(QStringLiteral("lru"));
        p->replot();
        QCOMPARE(title->text(), QStringLiteral("t.log · policy lru"));
    }

    // The legend names only the outcomes the sweep has; the trace's name sits above the plot.
    void legendNamesTheOutcomesPresent()
    {
        OutcomePlot plot;
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("a-trace.log")));
        QCustomPlot* p = plot.plot();
        // The legend's entries, in order (its grid may have empty cells).
        auto entries = [p] {
            QStringList names;
            for (int i = 0; i < p->legend->itemCount(); ++i)
                if (auto* item = qobject_cast<QCPPlottableLegendItem*>(p->legend->item(i)))
                    names << item->plottable()->name();
            return names;
        };
        p->replot();
        QCOMPARE(entries(), QStringList{});
        plot.setPoints({point(400'000'000, Outcome::Oom), point(500'000'000, Outcome::Complete)});
        p->replot();
        QCOMPARE(entries(), (QStringList{"complete", "out of memory"}));
        plot.addPoints({point(450'000'000, Outcome::Unresolved)});
        p->replot();
        QCOMPARE(entries(), (QStringList{"complete", "out of memory", "unresolved"}));
        QCPTextElement* title = nullptr;
        for (QCPLayoutElement* e : p->plotLayout()->elements(true))
            if (auto* t = qobject_cast<QCPTextElement*>(e))
                title = t;
        QVERIFY(title);
        QCOMPARE(title->text(), QStringLiteral("a-trace.log"));
        QVERIFY(title->outerRect().bottom() <= p->axisRect()->outerRect().top());
    }

    // The shading of simrd's impossible regimes has a key in the legend while the swept range
    // shows it, so that a figure explains its black and grey.
    void legendKeysTheShadedRegimesInRange()
    {
        OutcomePlot plot;
        Baseline baseline;
        baseline.memory = 1'000'000'000;
        baseline.constBytes = 100'000'000;   // constants below 0.1 of the peak
        baseline.bottleneck = 400'000'000;   // simrd's, which the shading does not use,
        baseline.floor = 350'000'000;        // but the floor, to 0.35
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("regimes"), baseline));
        QCustomPlot* p = plot.plot();
        auto entries = [p] {
            p->replot();
            QStringList names;
            for (int i = 0; i < p->legend->itemCount(); ++i)
                if (auto* item = qobject_cast<QCPPlottableLegendItem*>(p->legend->item(i)))
                    names << item->plottable()->name();
            return names;
        };
        SweepPoint oom{};
        oom.budget = 300'000'000;
        oom.outcome = Outcome::Oom;
        plot.setPoints({oom});
        const QString constants = QStringLiteral("< constants");
        const QString bottleneck = QStringLiteral("< constants + largest operator");
        plot.setRange(0.05, 0.6);
        QCOMPARE(entries(), (QStringList{"out of memory", constants, bottleneck}));
        plot.setRange(0.2, 0.6);
        QCOMPARE(entries(), (QStringList{"out of memory", bottleneck}));
        p->xAxis->setRange(0.36, 0.6);   // zoomed past the grey (onto a hole, say)
        QCOMPARE(entries(), (QStringList{"out of memory"}));
        // The grey ends where the sweep starts: its end shows in the margin beside the range, and
        // is keyed (a strip there had no key); a view that starts past it has none.
        plot.setRange(0.35, 0.6);
        QCOMPARE(entries(), (QStringList{"out of memory", bottleneck}));
        p->xAxis->setRange(0.351, 0.6);
        QCOMPARE(entries(), (QStringList{"out of memory"}));
        // With no point yet, the keys alone make the legend: what is drawn is explained.
        plot.setPoints({});
        plot.setRange(0.0, 0.05);
        QCOMPARE(entries(), (QStringList{constants}));
        QVERIFY(p->legend->layout() != nullptr);
        // Their colours are the shading's.
        for (int i = 0; i < p->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(p->legend->item(i)))
                QCOMPARE(static_cast<QCPBars*>(item->plottable())->brush().color(), QColor(0, 0, 0, 170));
    }

    // An SVG figure has no clipping (QSvgGenerator writes none): a shaded regime partly in view
    // must be cut to the axes, where it spilled over the tick labels. The plot is as it was
    // afterwards.
    void svgFiguresDrawNothingOutsideTheAxes()
    {
        OutcomePlot plot;
        Baseline baseline;
        baseline.memory = 1'000'000'000;
        baseline.constBytes = 100'000'000;
        baseline.floor = 350'000'000;   // grey (#808080) from 0.1 to 0.35
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("regimes"), baseline));
        SweepPoint oom{};
        oom.budget = 400'000'000;
        oom.outcome = Outcome::Oom;
        plot.setPoints({oom});
        plot.setRange(0.3, 0.6);   // the grey band runs out of the view on the left
        QCustomPlot* p = plot.plot();
        const int items = p->itemCount();
        const QString svg = m_dir.filePath("regimes.svg");
        QString error;
        QVERIFY2(exportPlot(p, svg, FigureOptions{}, error), qPrintable(error));
        // The band is the tallest grey rect (the legend's key is another); the axis rect still has
        // the figure's layout, in the SVG's units, until the next replot.
        static const QRegularExpression greyRect(QStringLiteral(
            R"re(<g fill="#808080"[^>]*>\s*<rect x="([-\d.]+)" y="[-\d.]+" width="([-\d.]+)" height="([-\d.]+)"/>)re"));
        double bandLeft = 0, bandRight = 0, tallest = -1;
        for (auto it = greyRect.globalMatch(QString::fromUtf8(readFile(svg))); it.hasNext();) {
            const auto m = it.next();
            if (m.captured(3).toDouble() > tallest) {
                tallest = m.captured(3).toDouble();
                bandLeft = m.captured(1).toDouble();
                bandRight = bandLeft + m.captured(2).toDouble();
            }
        }
        QVERIFY2(tallest > 0, "no grey band in the figure");
        const QRect axes = p->axisRect()->rect();
        QVERIFY2(bandLeft >= axes.left() - 0.5, qPrintable(QStringLiteral("band from %1, axes from %2").arg(bandLeft).arg(axes.left())));
        QVERIFY(bandRight > axes.left() && bandRight < axes.right());   // it ends inside the view, at 0.35
        QCOMPARE(p->itemCount(), items);
        for (int i = 0; i < items; ++i)
            if (auto* rect = qobject_cast<QCPItemRect*>(p->item(i)))
                QCOMPARE(rect->topLeft->typeY(), QCPItemPosition::ptAxisRectRatio);   // put back as it was
    }

    // At a slide's 20 pt the legend's keys grow with the font (2.5 times the 8 pt they were made
    // for) and the markers by its square root; at 8 pt both are as on screen, and the plot has
    // its own sizes back after either. Fonts in the SVG fall back to CSS's sans-serif.
    void largeFontFiguresHaveLargerKeysAndMarkers()
    {
        OutcomePlot plot;
        Baseline baseline;
        baseline.memory = 1'000'000'000;
        baseline.constBytes = 100'000'000;
        baseline.floor = 350'000'000;   // a grey regime, whose legend key is a grey rect
        baseline.compute = 100;
        QVERIFY(showPlotOfTrace(plot, QStringLiteral("keys"), baseline));
        SweepPoint done{};
        done.budget = 500'000'000;
        done.outcome = Outcome::Complete;
        done.rematCompute = 50;   // overhead 1.5 over the baseline compute of 100
        plot.setPoints({done});
        plot.setRange(0.3, 0.6);
        QCustomPlot* p = plot.plot();
        static const QRegularExpression disc(QStringLiteral(R"re(<g fill="#1f77b4"[^>]*>\s*<circle [^>]*r="([\d.]+)"/>)re"));
        static const QRegularExpression greyRect(QStringLiteral(R"re(<g fill="#808080"[^>]*>\s*<rect [^>]*width="([\d.]+)" height="([\d.]+)"/>)re"));
        const auto measure = [&](const FigureOptions& options, const QString& name) {
            const QString svg = m_dir.filePath(name);
            QString error;
            if (!exportPlot(p, svg, options, error))
                return std::pair(qQNaN(), QString(error));
            const QString text = QString::fromUtf8(readFile(svg));
            QList<double> radii;
            for (auto it = disc.globalMatch(text); it.hasNext();)
                radii.append(it.next().captured(1).toDouble());
            double key = qInf();   // the band is the tallest grey rect, the legend's key the shortest
            for (auto it = greyRect.globalMatch(text); it.hasNext();) {
                const auto m = it.next();
                if (m.captured(2).toDouble() < key)
                    key = m.captured(1).toDouble();
            }
            // Every text names CSS's generic family last: Qt's own name ("Sans Serif") is none,
            // and a browser drew the figure in its default font.
            static const QRegularExpression family(QStringLiteral("font-family=\"([^\"]*)\""));
            int families = 0;
            for (auto it = family.globalMatch(text); it.hasNext(); ++families)
                if (!it.next().captured(1).endsWith(QStringLiteral(", sans-serif")))
                    return std::pair(qQNaN(), QStringLiteral("a font without a fallback"));
            if (families == 0)
                return std::pair(qQNaN(), QStringLiteral("no font named"));
            const bool oneRadius = !radii.isEmpty() && std::all_of(radii.begin(), radii.end(), [&](double r) { return r == radii.front(); });
            return std::pair(key, oneRadius ? QString::number(radii.front()) : QStringLiteral("radii %1").arg(radii.size()));
        };
        const auto [paperKey, paperRadius] = measure(FigureOptions{}, QStringLiteral("keys8.svg"));
        QVERIFY2(std::abs(paperKey - 18 * 0.67) < 0.1, qPrintable(QString::number(paperKey)));   // QCPBars' key: two thirds of the icon
        QCOMPARE(paperRadius, QStringLiteral("3"));
        FigureOptions slide;
        slide.preset = FigurePreset::Slide;
        slide.fontPoints = 20;
        const auto [slideKey, slideRadius] = measure(slide, QStringLiteral("keys20.svg"));
        QVERIFY2(std::abs(slideKey - 45 * 0.67) < 0.1, qPrintable(QString::number(slideKey)));
        QVERIFY2(std::abs(slideRadius.toDouble() - 3 * std::sqrt(2.5)) < 0.01, qPrintable(slideRadius));
        QCOMPARE(p->legend->iconSize(), QSize(18, 10));
        QCOMPARE(p->graph(0)->scatterStyle().size(), 6.0);
    }

    // A straight line (the pair view's budget and failure lines, the plot's pair markers) is
    // infinite: in an SVG figure it is drawn as the segment inside its axes, and the plot has the
    // line back, and no segment, afterwards.
    void svgStraightLinesStopAtTheAxes()
    {
        QCustomPlot p;
        p.resize(400, 300);
        p.xAxis->setRange(0, 10);
        p.yAxis->setRange(0, 10);
        auto* line = new QCPItemStraightLine(&p);
        line->point1->setCoords(2, 1);   // rises 2 in y for 1 in x: leaves the axes through the top at x = 6.5
        line->point2->setCoords(3, 3);
        line->setPen(QPen(QColor(0x12, 0x34, 0x56), 4));   // QCustomPlot draws a wide pen further beyond its clip
        p.replot();
        const int items = p.itemCount();
        const QString svg = m_dir.filePath("line.svg");
        FigureOptions options;
        QString error;
        QVERIFY2(exportPlot(&p, svg, options, error), qPrintable(error));
        static const QRegularExpression segment(QStringLiteral(
            R"re(<g [^>]*stroke="#123456"[^>]*>\s*<polyline [^>]*points="([-\d.]+),([-\d.]+) ([-\d.]+),([-\d.]+) ")re"));
        const auto m = segment.match(QString::fromUtf8(readFile(svg)));
        QVERIFY2(m.hasMatch(), "no line of the line's colour in the figure");
        // The axis rect keeps the figure's layout, in the SVG's units, until the next replot.
        const QRectF axes = QRectF(p.axisRect()->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
        const QPointF a(m.captured(1).toDouble(), m.captured(2).toDouble()), b(m.captured(3).toDouble(), m.captured(4).toDouble());
        QVERIFY2(axes.contains(a) && axes.contains(b), qPrintable(QStringLiteral("segment (%1,%2)-(%3,%4), axes %5,%6 %7x%8")
                                                                   .arg(a.x()).arg(a.y()).arg(b.x()).arg(b.y())
                                                                   .arg(axes.left()).arg(axes.top()).arg(axes.width()).arg(axes.height())));
        // Its ends are where the line meets the axes: the bottom at x = 1.5 and the top at x = 6.5
        // (within a pixel and a half: the figure and the plot on screen place the axes up to a pixel apart).
        const QPointF low(p.xAxis->coordToPixel(1.5), p.yAxis->coordToPixel(0)), high(p.xAxis->coordToPixel(6.5), p.yAxis->coordToPixel(10));
        const auto near = [](QPointF u, QPointF v) { return std::hypot(u.x() - v.x(), u.y() - v.y()) < 1.5; };
        QVERIFY2((near(a, low) && near(b, high)) || (near(a, high) && near(b, low)),
                 qPrintable(QStringLiteral("segment (%1,%2)-(%3,%4), expected (%5,%6)-(%7,%8)")
                                .arg(a.x()).arg(a.y()).arg(b.x()).arg(b.y()).arg(low.x()).arg(low.y()).arg(high.x()).arg(high.y())));
        QCOMPARE(p.itemCount(), items);
        QVERIFY(line->visible());
    }

    // The part of an infinite line inside a rect, as an SVG figure's lines are cut.
    void linesAreCutToTheirRect()
    {
        const QRectF r(10, 20, 100, 50);
        QPointF from, to;
        QVERIFY(lineThroughRect({50, 0}, {50, 1}, r, from, to));   // vertical, given by two points anywhere
        QCOMPARE(from, QPointF(50, 20));
        QCOMPARE(to, QPointF(50, 70));
        QVERIFY(lineThroughRect({0, 30}, {1, 30}, r, from, to));   // horizontal
        QCOMPARE(from, QPointF(10, 30));
        QCOMPARE(to, QPointF(110, 30));
        QVERIFY(lineThroughRect({10, 20}, {11, 21}, r, from, to));   // diagonal from the corner
        QCOMPARE(from, QPointF(10, 20));
        QCOMPARE(to, QPointF(60, 70));
        QVERIFY(!lineThroughRect({200, 0}, {200, 1}, r, from, to));   // misses
        QVERIFY(!lineThroughRect({5, 5}, {5, 5}, r, from, to));        // no line
    }

    void sessionRoundTripIsLossless()
    {
        SessionDocument doc;
        doc.tracePath = "traces/x.log";
        doc.settings.from = 0.1234567890123;
        doc.settings.to = 0.9;
        doc.settings.step = 0.001;
        doc.settings.refine = 7;
        doc.settings.overheadLimit = 2.0;
        doc.settings.maxSeconds = 12.5;
        doc.settings.policy = "formula:estar_compute/(size*staleness^2)";
        doc.points = {SweepPoint{100, Outcome::Oom, 5, 77, 12, 100, 3, 2, 90, 110, "", 41, true},   // failed after operator 5
                      SweepPoint{200, Outcome::Unresolved, 6, 78, 13, 150, 4, 1, 200, 200, "step cap"},
                      SweepPoint{300, Outcome::Complete, 9, 99, 0, 290, 0, 0, 280, std::numeric_limits<int64_t>::max(), ""}};
        doc.sweepStopped = true;
        doc.budgetA = 100;
        doc.protect = {3, 7};
        doc.swept = SweptWith{"dtr", std::nullopt, 12.5, {3}};
        std::string error;
        const auto back = sessionFromJson(sessionToJson(doc), "x", error);
        QVERIFY2(back.has_value(), error.c_str());
        QVERIFY(*back == doc);

        // Through the window: what is saved comes back, trace relative to the session file.
        auto w = newWindow();
        loadDemoAndSweep(*w);
        w->session().setBudgetA(3900);
        w->session().setBudgetB(4000);
        w->session().setProtect({36, 12});
        const QString path = m_dir.filePath("demo.holescope");
        QVERIFY(w->saveSession(path));
        QVERIFY(!w->session().isModified());
        const SessionDocument saved = w->session().document();
        auto again = newWindow();
        again->openSession(path);
        again->waitUntilIdle();
        QVERIFY(again->session().trace());
        QVERIFY(again->session().document() == saved);
        QCOMPARE(again->session().protect(), (std::vector<int32_t>{12, 36}));
        QCOMPARE(again->holesModel().rowCount(), 1);
        QCOMPARE(again->sweepControls().settings(), demoSweep());
        QVERIFY(!again->session().isModified());
        QCOMPARE(m_recent->files().first(), QFileInfo(path).absoluteFilePath());

        // A name with a dot of its own still gets the suffix sessions are known by, and reopens.
        QVERIFY(w->saveSession(m_dir.filePath("hole-0.39")));
        const QString dotted = m_dir.filePath("hole-0.39.holescope");
        QVERIFY(QFileInfo::exists(dotted));
        QCOMPARE(m_recent->files().first(), QFileInfo(dotted).absoluteFilePath());
        auto third = newWindow();
        third->openSession(dotted);
        third->waitUntilIdle();
        QVERIFY(third->session().document() == saved);
    }

    // Settings and interventions changed after a sweep are for the next one: the session keeps
    // what the points were swept with, the status says they are stale, and a saved session
    // reopens with the plot titled by the sweep's policy, not the policy box's.
    void sweptWithOutlivesTheControls()
    {
        auto w = newWindow();
        loadDemoAndSweep(*w);
        QVERIFY(!w->session().sweepIsStale());
        SweepSettings s = w->session().settings();
        s.policy = "lru";
        w->session().setSettings(s);
        w->session().setProtect({30});
        QVERIFY(w->session().sweepIsStale());
        QVERIFY(*w->session().swept() == (SweptWith{"dtr", std::nullopt, std::nullopt, {}}));
        QVERIFY2(w->statusText().contains("swept with policy dtr, never evicted: none; the settings or interventions changed since"),
                 qPrintable(w->statusText()));
        const QString path = m_dir.filePath("stale.holescope");
        QVERIFY(w->saveSession(path));
        auto again = newWindow();
        again->openSession(path);
        again->waitUntilIdle();
        QVERIFY(again->session().sweepIsStale());
        QCOMPARE(again->session().settings().policy, std::string("lru"));
        QCustomPlot* p = again->outcomePlot().plot();
        p->replot();
        QStringList titles;
        for (QCPLayoutElement* e : p->plotLayout()->elements(true))
            if (auto* t = qobject_cast<QCPTextElement*>(e))
                titles << t->text();
        QCOMPARE(titles, QStringList{QStringLiteral("demo-unet.log")});   // DTR's points: no policy named
    }

    // A run cut short by a cap is the same execution as its neighbours only as far as it went.
    void unresolvedPointSaysHowFarItIsCertified()
    {
        SweepPointsModel model;
        model.setPoints({SweepPoint{3000, Outcome::Unresolved, 40, 5000, 7, 2900, 30, 4, 2990, 3010, "time cap reached (2 s)"},
                         SweepPoint{4000, Outcome::Complete, 99, 9000, 9, 3900, 20, 3, 3990, std::numeric_limits<int64_t>::max(), ""}},
                        Baseline{.memory = 10000});
        QCOMPARE(model.index(0, SweepPointsModel::SameExecution).data().toString(), QString("2,990 – 3,010 until it stopped"));
        QCOMPARE(model.index(0, SweepPointsModel::Outcome_).data(Qt::ToolTipRole).toString(), QString("time cap reached (2 s)"));
        QCOMPARE(model.index(1, SweepPointsModel::SameExecution).data().toString(), QString("from 3,990 up"));
        QVERIFY(model.index(1, SweepPointsModel::Budget).data(Qt::ToolTipRole).isNull());
    }

    // A monotone point says whose execution its figures are (SweepPoint::executionBudget).
    void monotonePointNamesItsExecution()
    {
        SweepPoint fallback{14500, Outcome::Complete, 9, 900, 9, 14199, 2, 0, 14200, 14799, ""};
        fallback.executionBudget = 14199;
        SweepPoint own{14199, Outcome::Complete, 9, 800, 9, 14199, 2, 0, 13800, 14199, ""};
        own.executionBudget = 14199;
        SweepPointsModel model;
        model.setPoints({own, fallback}, Baseline{.memory = 20000});
        QCOMPARE(model.index(0, SweepPointsModel::Budget).data(Qt::ToolTipRole).toString(), QString("Monotone ran DTR's execution at this budget."));
        QCOMPARE(model.index(1, SweepPointsModel::Outcome_).data(Qt::ToolTipRole).toString(),
                 QString("Monotone ran DTR's execution at 14,199 bytes, the largest budget up to this one where DTR completes."));
    }

    // The window fits a laptop screen 1366 pixels wide, on every page.
    void windowFitsALaptopScreen()
    {
        auto w = newWindow();
        loadDemoAndSweep(*w);
        QVERIFY2(w->minimumSizeHint().width() <= 1366, qPrintable(QString::number(w->minimumSizeHint().width())));
        w->session().setBudgetA(3900);
        w->session().setBudgetB(4000);
        QVERIFY(w->comparePair());
        w->waitUntilIdle();
        QVERIFY(w->pairView().pair() != nullptr);
        QVERIFY2(w->minimumSizeHint().width() <= 1366, qPrintable(QString::number(w->minimumSizeHint().width())));
    }

    // Find culprits on the demo's pair at 3,924 / 3,945 bytes: the window tries 24 protections,
    // enough to find the four that rescue it (the first eight rescue nothing); Apply is idle until
    // a line naming storages is chosen.
    void findCulpritsRescuesTheDemoPair()
    {
        auto w = newWindow();
        loadDemoAndSweep(*w);
        w->session().setBudgetA(3924);
        w->session().setBudgetB(3945);
        QVERIFY(w->comparePair());
        w->waitUntilIdle();
        QVERIFY(w->findCulprits());
        w->waitUntilIdle();
        auto* list = w->pairView().findChild<QListWidget*>();
        QVERIFY(list);
        QStringList lines;
        for (int i = 0; i < list->count(); ++i)
            lines << list->item(i)->text().section(QLatin1Char(':'), 0, 0);
        QCOMPARE(lines, (QStringList{"protect 30", "protect 38", "protect 44", "protect 40"}));
        QPushButton* apply = nullptr;
        for (QPushButton* b : w->pairView().findChildren<QPushButton*>())
            if (b->text() == QStringLiteral("Apply the selected protection"))
                apply = b;
        QVERIFY(apply && !apply->isEnabled());
        list->setCurrentRow(0);
        QVERIFY(apply->isEnabled());
    }

    // The time cap set in the controls caps each replay of the sweep, and not a pair's recordings
    // (they take longer than the sweep's replays).
    void timeCapReachesTheSweep()
    {
        SweepControls controls;
        SweepSettings s = demoSweep();
        QVERIFY(!controls.settings().maxSeconds.has_value());
        s.maxSeconds = 12.5;
        controls.setSettings(s);
        QCOMPARE(controls.settings(), s);
        const QList<QCheckBox*> boxes = controls.findChildren<QCheckBox*>();
        auto it = std::find_if(boxes.begin(), boxes.end(), [](QCheckBox* b) { return b->text() == "time cap"; });
        QVERIFY(it != boxes.end());
        QVERIFY((*it)->isChecked());
        (*it)->setChecked(false);
        QVERIFY(!controls.settings().maxSeconds.has_value());

        const Baseline baseline{.memory = 1000000};
        QCOMPARE(sweepSpecFor(baseline, s, {}).replay.maxSeconds, 12.5);
        QCOMPARE(replayOptionsFor(s, {}).maxSeconds, 0.0);
        s.maxSeconds.reset();
        QCOMPARE(sweepSpecFor(baseline, s, {}).replay.maxSeconds, 0.0);
    }

    // A formula longer than the policy box shows from its start ("formula:"), not cut at its left.
    void longPolicyShowsItsStart()
    {
        SweepControls controls;
        SweepSettings s = demoSweep();
        s.policy = "formula:estar_compute / (size * staleness^2) + 0.000001 * evictions * rebuilds";
        controls.setSettings(s);
        auto* box = controls.findChild<QComboBox*>();
        QVERIFY(box && box->lineEdit());
        QCOMPARE(box->currentText(), QString::fromStdString(s.policy));
        QCOMPARE(box->lineEdit()->cursorPosition(), 0);
    }

    // The policy typed in the controls is the one the sweep runs: monotone closes the demo's
    // hole; a formula that does not parse is refused before anything starts.
    void policyChoiceReachesTheSweep()
    {
        auto w = newWindow();
        loadDemoAndSweep(*w);
        QCOMPARE(w->holesModel().rowCount(), 1);
        SweepSettings s = demoSweep();
        s.policy = "monotone";
        w->sweepControls().setSettings(s);
        w->startSweep();
        w->waitUntilIdle();
        QCOMPARE(w->session().settings().policy, std::string("monotone"));
        QCOMPARE(w->holesModel().rowCount(), 0);
        s.policy = "formula:compute/(size";
        w->sweepControls().setSettings(s);
        QVERIFY(w->sweepControls().policyError().contains("bad formula"));
        QSignalSpy errors(w.get(), &MainWindow::errorOccurred);
        w->startSweep();
        QCOMPARE(errors.count(), 1);
        QVERIFY2(errors.at(0).at(0).toString().contains("bad formula"), qPrintable(errors.at(0).at(0).toString()));
        QVERIFY(!w->isBusy());
        QCOMPARE(w->session().settings().policy, std::string("monotone"));
    }

    // Closing with unsaved changes asks first; Cancel keeps the window and the work.
    void closingAsksBeforeLosingWork()
    {
        MainWindow w(*m_recent, /*interactive=*/true);
        w.show();
        loadDemoAndSweep(w);
        QVERIFY(w.session().isModified());
        bool asked = false;
        QTimer::singleShot(0, [&asked] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (box != nullptr) {
                asked = box->text().contains("not saved");
                box->button(QMessageBox::Cancel)->click();
            }
        });
        QVERIFY(!w.close());
        QVERIFY(asked);
        QVERIFY(w.isVisible());
        QCOMPARE(w.session().points().size(), size_t{151});
        // Once saved, it closes without asking.
        QVERIFY(w.saveSession(m_dir.filePath("closing.holescope")));
        QVERIFY(w.close());
    }

    void badSessionsAreRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << "{oops" << "not JSON";
        QTest::newRow("number beyond a double") << R"({"format":"holescope-session/1","sweep_settings":{"from":1e999}})"
                                                << "not JSON: number overflow parsing '1e999'";
        QTest::newRow("format") << R"({"format":"holescope-session/9"})" << "field format is \"holescope-session/9\"";
        QTest::newRow("no trace") << R"({"format":"holescope-session/1"})" << "field trace missing";
        // Built with nlohmann, so that any temporary folder's path is escaped as JSON wants.
        const auto session = [](const QString& trace, double from, nlohmann::json points) {
            nlohmann::json j = {{"format", "holescope-session/1"},
                                {"trace", trace.toStdString()},
                                {"sweep_settings",
                                 {{"from", from}, {"to", 0.5}, {"step", 0.01}, {"exact", false}, {"refine", 0}, {"overhead_limit", nullptr}, {"policy", "DTR"}}},
                                {"sweep", {{"stopped", false}, {"points", std::move(points)}}},
                                {"selection", {{"a", nullptr}, {"b", nullptr}}},
                                {"interventions", {{"protect", nlohmann::json::array()}}}};
            return j;
        };
        const auto text = [](const nlohmann::json& j) { return QString::fromStdString(j.dump()); };
        const auto good = session(kDemo, 0.1, nlohmann::json::array());
        QTest::newRow("from") << text(session(kDemo, -1, nlohmann::json::array())) << "field sweep_settings.from and to must satisfy";
        QTest::newRow("point") << text(session(kDemo, 0.1, nlohmann::json::parse(R"([[1,"fine",0,0,0,0,0,0,0,1,""]])")))
                               << "field sweep.points[0] is not an outcome";
        QTest::newRow("missing trace") << text(session(m_dir.filePath("gone.log"), 0.1, nlohmann::json::array())) << "gone.log is missing";
        // Values the controls would clamp or round: the window would show one sweep and run another.
        nlohmann::json far = good;
        far["sweep_settings"]["to"] = 20;
        QTest::newRow("to beyond the controls") << text(far) << "field sweep_settings.to is 20, which the sweep controls would hold as 10";
        nlohmann::json fine = good;
        fine["sweep_settings"]["step"] = 4e-7;
        QTest::newRow("step finer than the controls") << text(fine) << "field sweep_settings.step is 4e-07, which the sweep controls would hold as 1e-06";
        nlohmann::json belady = good;
        belady["sweep_settings"]["policy"] = "belady";
        QTest::newRow("policy") << text(belady) << "field sweep_settings.policy unknown policy \"belady\"";
        nlohmann::json unknown = good;
        unknown["interventions"]["protect"] = {5000};
        QTest::newRow("unknown storage") << text(unknown) << "field interventions.protect names storage 5000, which demo-unet.log does not have";
        // Saved with a trace that the file at its path no longer is (edited, or another put there).
        nlohmann::json other = good;
        other["trace_digest"] = "0123456789abcdef";
        QTest::newRow("another trace") << text(other) << "the session was saved with another trace than " + kDemo + " now holds";
    }

    void badSessionsAreRefused()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        auto w = newWindow();
        loadDemoAndSweep(*w);
        const SessionDocument before = w->session().document();
        const QString path = m_dir.filePath("bad.holescope");
        writeText(path, text.toStdString());
        QSignalSpy errors(w.get(), &MainWindow::errorOccurred);
        w->openSession(path);
        w->waitUntilIdle();
        QCOMPARE(errors.count(), 1);
        QVERIFY2(errors.at(0).at(0).toString().contains(message), qPrintable(errors.at(0).at(0).toString()));
        QVERIFY(errors.at(0).at(0).toString().contains("bad.holescope"));
        QVERIFY(w->session().document() == before);
    }

    void screenshotModeWritesTheImage()
    {
        const QString out = m_dir.filePath("shot.png");
        QProcess p;
        // As on a server with no login session: Qt's notes about it stay off stderr.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(HOLESCOPE_GUI, {"--screenshot", out, "--sweep", "0.3:0.6:0.002", kDemo});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(p.readAllStandardError()), QStringLiteral("holescope: wrote %1\n").arg(QFileInfo(out).absoluteFilePath()));
        QImage image(out);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 1000 && image.height() >= 700);
        // The hole's light red shading, (214, 39, 40) at alpha 45 over white, is in the picture.
        int shaded = 0;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2) {
                const QColor c = image.pixelColor(x, y);
                shaded += std::abs(c.red() - 248) <= 4 && std::abs(c.green() - 217) <= 6 && std::abs(c.blue() - 217) <= 6 ? 1 : 0;
            }
        QVERIFY2(shaded > 500, qPrintable(QString("only %1 shaded pixels").arg(shaded)));
    }

    // The launcher's interventions and limit reach its sweep, not only its pair: protecting
    // storage 2 closes the demo's hole (holescope-cli holes --protect 2 finds none either).
    void screenshotSweepTakesTheInterventions()
    {
        MainWindow w(*m_recent, /*interactive=*/false);
        ScreenshotRequest request;
        request.output = m_dir.filePath("protected.png");
        request.trace = kDemo;
        request.from = 0.3;
        request.to = 0.6;
        request.step = 0.01;
        request.protect = {2};
        request.overheadLimit = 3.0;
        const auto error = runScreenshot(w, request);
        QVERIFY2(!error, qPrintable(error.value_or(QString())));
        QCOMPARE(w.session().protect(), std::vector<int32_t>{2});
        QCOMPARE(w.session().settings().overheadLimit, std::optional<double>(3.0));
        QCOMPARE(w.pointsModel().rowCount(), 31);
        QCOMPARE(w.holesModel().rowCount(), 0);
    }

    // The launcher sweeps with the very figures it was given: at 3,924 B (0.39) the demo's run
    // has overhead 2.7828 (holescope-cli sweep agrees), within a limit of 2.7835 but over 2.78,
    // to which the limit box used to round it.
    void screenshotKeepsEveryDecimal()
    {
        MainWindow w(*m_recent, /*interactive=*/false);
        ScreenshotRequest request;
        request.output = m_dir.filePath("limit.png");
        request.trace = kDemo;
        request.from = 0.38;
        request.to = 0.40;
        request.step = 0.01;
        request.overheadLimit = 2.7835;
        const auto error = runScreenshot(w, request);
        QVERIFY2(!error, qPrintable(error.value_or(QString())));
        QCOMPARE(w.sweepControls().settings().overheadLimit, std::optional<double>(2.7835));
        const auto& points = w.pointsModel().points();
        QCOMPARE(points.size(), size_t{3});
        QCOMPARE(points[1].budget, int64_t{3924});
        QCOMPARE(points[1].outcome, Outcome::Complete);
    }

    void screenshotErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("sweep") << QStringList{"--screenshot", "x.png", "--sweep", "0.5:0.3:0.01", kDemo} << "--sweep: expected FROM:TO:STEP";
        QTest::newRow("no file") << QStringList{"--screenshot", "x.png"} << "--screenshot needs a trace or a session";
        QTest::newRow("missing") << QStringList{"--screenshot", "x.png", "/nonexistent/t.log"} << "/nonexistent/t.log: no such file";
        QTest::newRow("two files") << QStringList{"a.log", "b.log"} << "give at most one trace or session";
        QTest::newRow("not a png") << QStringList{"--screenshot", "x.pdf", kDemo} << "--screenshot: x.pdf is not named .png, but a PNG is what is written";
        QTest::newRow("no folder") << QStringList{"--screenshot", "/nonexistent/x.png", "--sweep", "0.3:0.6:0.002", kDemo}
                                   << "--screenshot: /nonexistent/x.png: cannot write: no folder /nonexistent";
        QTest::newRow("policy") << QStringList{"--screenshot", "x.png", "--policy", "formula:size+", kDemo} << "--policy: bad formula \"size+\"";
        QTest::newRow("protect unknown with sweep") << QStringList{"--screenshot", "x.png", "--protect", "999", "--sweep", "0.3:0.6:0.01", kDemo}
                                                    << "--protect: 999 is not a storage id of this trace";
        QTest::newRow("protect empty item") << QStringList{"--screenshot", "x.png", "--protect", "4,,5", kDemo}
                                            << "--protect: an empty item (item 2 of \"4,,5\")";
        QTest::newRow("protect negative") << QStringList{"--screenshot", "x.png", "--protect", "-4", "--sweep", "0.3:0.6:0.01", kDemo}
                                          << "--protect: -4 is not a storage id of this trace";
        QTest::newRow("sweep step finer than the controls") << QStringList{"--screenshot", "x.png", "--sweep", "0.3:0.6:1e-9", kDemo}
                                                            << "--sweep: 1e-09 would be shown and used as 1e-06 (the sweep controls hold ratios to 6 decimals";
        QTest::newRow("sweep with 7 decimals") << QStringList{"--screenshot", "x.png", "--sweep", "0.3910512:0.4:0.01", kDemo}
                                               << "--sweep: 0.3910512 would be shown and used as 0.391051";
        QTest::newRow("limit with 5 decimals") << QStringList{"--screenshot", "x.png", "--pair", "0.4:0.39", "--overhead-limit", "2.78351", kDemo}
                                               << "--overhead-limit: 2.78351 would be shown and used as 2.7835 (the sweep controls hold limits to 4 decimals";
        QTest::newRow("pair negative") << QStringList{"--screenshot", "x.png", "--pair", "-0.3:0.4", kDemo}
                                       << "are not two budgets (positive ratios of the peak, or bytes: digits, or digits with a B)";
        QTest::newRow("pair of one budget") << QStringList{"--screenshot", "x.png", "--pair", "0.4:4025", kDemo}
                                            << "--pair: \"0.4:4025\" are the same budget, 4,025 bytes: a pair compares two";
        // Bytes written with a B, as the CLI takes them.
        QTest::newRow("pair of one budget, bytes with a B") << QStringList{"--screenshot", "x.png", "--pair", "4025B:0.4", kDemo}
                                                            << "--pair: \"4025B:0.4\" are the same budget, 4,025 bytes: a pair compares two";
        QTest::newRow("pair with a B alone") << QStringList{"--screenshot", "x.png", "--pair", "B:0.4", kDemo}
                                             << "--pair: \"B:0.4\" are not two budgets";
        // Status 2, as every bad input (Qt's own handling exits with 1).
        QTest::newRow("unknown option") << QStringList{"--screenshot", "x.png", "--bogus", kDemo} << "holescope: Unknown option 'bogus'.";
        QTest::newRow("limit alone") << QStringList{"--screenshot", "x.png", "--overhead-limit", "2", kDemo}
                                     << "--overhead-limit: applies to --sweep or --pair, and neither was given";
        QTest::newRow("protect alone") << QStringList{"--screenshot", "x.png", "--protect", "2", kDemo}
                                       << "--protect: applies to --sweep or --pair, and neither was given";
        QTest::newRow("max-seconds with a pair") << QStringList{"--screenshot", "x.png", "--pair", "0.39:0.4", "--max-seconds", "5", kDemo}
                                                 << "--max-seconds: applies to --sweep, which was not given";
        QTest::newRow("max-seconds 0") << QStringList{"--screenshot", "x.png", "--sweep", "0.3:0.6:0.01", "--max-seconds", "0", kDemo}
                                       << "--max-seconds: expected a positive number of seconds, found \"0\"";
        QTest::newRow("max-seconds x") << QStringList{"--screenshot", "x.png", "--max-seconds", "x", kDemo}
                                       << "--max-seconds: expected a positive number of seconds, found \"x\"";
        QTest::newRow("limit below 1") << QStringList{"--screenshot", "x.png", "--sweep", "0.3:0.6:0.01", "--overhead-limit", "0.5", kDemo}
                                       << "--overhead-limit: expected a number of at least 1, found \"0.5\"";
        QTest::newRow("pair of one") << QStringList{"--screenshot", "x.png", "--pair", "0.4", kDemo}
                                     << "--pair: expected A:B, two budgets (ratios of the peak, or bytes as digits), found \"0.4\"";
        QTest::newRow("screenshot onto a folder") << QStringList{"--screenshot", "folder.png", kDemo}
                                                  << "--screenshot: folder.png: cannot write: it is a folder";
    }

    // With QT_QPA_PLATFORM=offscreen (CI's setting) there is no one to see a window: the app
    // writes the README's screenshot instead of waiting for a user; with no trace it says why.
    void offscreenWithoutScreenshotWritesOne()
    {
        QProcess p;
        p.setWorkingDirectory(m_dir.path());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(HOLESCOPE_GUI, {"--sweep", "0.3:0.6:0.01", kDemo});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains("no display, so no window; writing a screenshot to holescope-screenshot.png instead"));
        QVERIFY(!QImage(m_dir.filePath("holescope-screenshot.png")).isNull());
        p.start(HOLESCOPE_GUI, QStringList{});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains("no display to open a window on; give a trace or a session"));
    }

    void screenshotErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("folder.png")));
        QProcess p;
        p.setWorkingDirectory(m_dir.path());
        p.start(HOLESCOPE_GUI, args);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains(message), qPrintable(err));
        QVERIFY(!QFile::exists(m_dir.filePath("x.png")));
    }
};

HOLESCOPE_GUI_TEST_MAIN(GuiTest)
#include "tst_gui.moc"
