// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "forensics/PairExplanation.h"
#include "pair/PairData.h"
#include "pair/StorageReport.h"
#include "session/OpenTrace.h"

#include <QWidget>

#include <array>
#include <optional>
#include <vector>

class QAbstractItemModel;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QTimer;

namespace holescope {

class EventFilter;
class EventTableModel;
class PairTimeline;

// The forensic view of budgets A and B: their timelines, their events (A, B, and both merged by
// operator) with stepping that keeps cursor, plots and tables in step, the storage inspector,
// and the interventions with the culprit search.
class PairView : public QWidget {
    Q_OBJECT
public:
    explicit PairView(QWidget* parent = nullptr);
    ~PairView() override;

    void setTrace(OpenTracePtr trace);
    // A new pair; when only the interventions changed, the outcomes before them stay shown.
    void setPair(PairDataPtr pair);
    PairDataPtr pair() const { return m_pair; }
    void setBusy(bool busy, const QString& what = {});
    void setCulprits(const PairExplanation& explanation);

    struct Cursor {
        int run = 0;            // 0 A, 1 B
        uint32_t event = 0;
        int64_t op = 0;
    };
    std::optional<Cursor> cursor() const { return m_cursor; }
    void selectEvent(int run, uint32_t event);
    // In the table shown (A, B or merged), in its order and its filter.
    bool stepEvent(int delta);
    bool nextEviction();
    bool jumpToDivergence();
    bool jumpToFailure();
    void showTable(int which);   // 0 A, 1 B, 2 merged
    void setFilterText(const QString& text);
    int32_t inspectedStorage() const { return m_inspected; }
    void inspectStorage(int32_t id);
    // The inspected storage's contests in each run (from a probe recording).
    void setContests(int32_t id, const std::vector<StorageReport::Contest>& a, const std::vector<StorageReport::Contest>& b);

    PairTimeline& timeline() { return *m_timeline; }
    EventTableModel& eventModel(int which) { return *m_models[static_cast<size_t>(which)]; }
    // The rows a table shows, its filter applied.
    const QAbstractItemModel& shownEvents(int which) const;
    // Whether the table shows its current row within its viewport.
    bool currentRowVisible(int which) const;
    QString summaryText() const;
    // Beside the filter: how many events of the table shown it keeps; empty with no filter.
    QString filterCountText() const;

signals:
    void protectRequested(std::vector<int32_t> storages);   // add these to the interventions
    void clearProtectRequested();
    void culpritSearchRequested();
    void exportRequested();
    void probeRequested(int32_t storage);

private:
    QWidget* createToolRow();
    QWidget* createEventTables();
    QWidget* createSidePanel();
    void updateSummary();
    void updateFilterCount();
    void rowActivated(int which, int row);
    QTableView* currentTable() const;
    int currentWhich() const;
    // The run's first event at or after operator op (its last event if none is).
    uint32_t firstEventFrom(int run, int64_t op) const;

    OpenTracePtr m_trace;
    PairDataPtr m_pair;
    // Outcomes of the pair before the current interventions, for "before / after".
    struct Before {
        std::vector<int32_t> protect;
        QString a, b;   // each run's outcome as the summary words it
    };
    std::optional<Before> m_before;
    std::optional<Cursor> m_cursor;
    int32_t m_inspected = -1;
    std::optional<std::array<std::vector<StorageReport::Contest>, 2>> m_contests;   // of m_inspected
    PairTimeline* m_timeline;
    std::array<EventTableModel*, 3> m_models{};
    std::array<EventFilter*, 3> m_filters{};
    std::array<QTableView*, 3> m_tables{};
    QTabWidget* m_tabs = nullptr;
    QLabel* m_summary = nullptr;
    QLineEdit* m_filter = nullptr;
    QLabel* m_filterCount = nullptr;
    QTextBrowser* m_inspector = nullptr;
    QListWidget* m_culprits = nullptr;
    QLabel* m_culpritHint = nullptr;   // what the list is for, while it is empty
    void updateCulpritHint();
    QPushButton* m_apply = nullptr;
    QLabel* m_busy = nullptr;
    QTimer* m_probeTimer = nullptr;
};

} // namespace holescope
