// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/FigureExport.h"
#include "session/SessionDocument.h"

#include <QMainWindow>

#include <optional>

class QLabel;
class QMenu;
class QProgressBar;
class QTableView;
class QTabWidget;

namespace holescope {

class HolesModel;
class OutcomePlot;
class PairJob;
class PairView;
class SessionAutosave;
class RecentFiles;
class Session;
class SweepControls;
class SweepJob;
class SweepPointsModel;
class TraceLoadJob;
class TraceSummaryModel;

// The main window: a trace's summary, the budget-vs-outcome plot with its sweep controls, and
// the tables of points and holes, all showing one Session.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // Interactive: errors and questions are dialogs. Otherwise (screenshots, tests) errors go
    // to errorOccurred only and nothing waits for a person. With an autosave path, unsaved work
    // is copied there a moment after each change.
    MainWindow(RecentFiles& recent, bool interactive, const QString& autosavePath = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    Session& session() { return *m_session; }
    OutcomePlot& outcomePlot() { return *m_plot; }
    SweepControls& sweepControls() { return *m_controls; }
    SweepPointsModel& pointsModel() { return *m_pointsModel; }
    HolesModel& holesModel() { return *m_holesModel; }
    TraceSummaryModel& summaryModel() { return *m_summaryModel; }
    PairView& pairView() { return *m_pairView; }

    void openTrace(const QString& path);
    void openSession(const QString& path);
    bool saveSession(const QString& path);
    void startSweep();
    void cancelSweep();
    // Focuses the next or previous hole and selects its edges: A the completing budget below
    // it, B its lowest failing budget. False when there is none that way.
    bool goToHole(bool forward);
    // The same for the hole at this row of the holes table (a click on the row).
    bool goToHoleAt(int index);
    // A click on a row of the sweep points: its budget becomes A, or B with Shift.
    void pickPoint(int row, bool asB);
    QTableView& pointsTable() { return *m_pointsTable; }
    QTableView& holesTable() { return *m_holesTable; }
    // Records budgets A and B (with the session's overhead limit and interventions) and shows
    // them in the pair view. False when A or B is not selected.
    bool comparePair();
    // Replays the failing budget of the pair with single storages protected.
    bool findCulprits();
    void showPage(int page);   // 0 budgets, 1 pair
    enum class Figure { Outcome, Pair };
    // Writes a figure (format from the file's extension) and, when csvPath is not empty, its data.
    bool exportFigureTo(Figure figure, const QString& path, const FigureOptions& options, const QString& csvPath, QString& error);
    // Writes the pair's two recorded runs as trace-event JSON (Perfetto), A as process 1.
    bool exportTraceEventsTo(const QString& path, QString& error);
    bool isBusy() const;
    // Opens the unsaved work a run that did not end cleanly left in the autosave file, as an
    // unsaved session; false if there is none.
    bool restoreAutosave();
    SessionAutosave* autosave() { return m_autosave; }
    // Blocks until no load and no sweep is running (headless use).
    void waitUntilIdle();

signals:
    void errorOccurred(const QString& message);
    void busyChanged(bool busy);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // The data behind a figure, as CSV.
    std::string figureData(Figure figure) const;
    void createActions();
    void createLayout();
    void connectSession();
    void connectJobs();
    void connectPair();
    void exportFigure();
    void exportTraceEvents();
    void rebuildRecentMenu();
    void reportError(const QString& message);
    void updateTitle();
    void updateSelectionText();
    bool maybeSave();
    void updateSweepStatus();

public:
    QString statusText() const;

private:
    void openPath(const QString& path);

    RecentFiles& m_recent;
    bool m_interactive;
    Session* m_session;
    TraceLoadJob* m_loadJob;
    SweepJob* m_sweepJob;
    TraceSummaryModel* m_summaryModel;
    SweepPointsModel* m_pointsModel;
    HolesModel* m_holesModel;
    OutcomePlot* m_plot;
    SweepControls* m_controls;
    PairJob* m_pairJob;
    PairView* m_pairView;
    QTabWidget* m_pages = nullptr;
    QTabWidget* m_tables = nullptr;
    QTableView* m_pointsTable = nullptr;
    QTableView* m_holesTable = nullptr;
    QLabel* m_selection = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_loadBar = nullptr;
    QMenu* m_recentMenu = nullptr;
    // A session being opened waits here while its trace loads.
    std::optional<SessionDocument> m_pendingSession;
    QString m_pendingSessionPath;
    bool m_pendingIsRecovery = false;
    SessionAutosave* m_autosave = nullptr;
};

} // namespace holescope
