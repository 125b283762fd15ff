// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "outcome/OutcomeStyle.h"
#include "pair/PairData.h"

#include <QWidget>

#include <array>
#include <vector>

class QCPLegend;
class QCustomPlot;
class QCPAxisRect;
class QCPItemStraightLine;
class QCPItemText;

namespace holescope {

// Two runs over the operators, A above B, on one x axis: memory in use, pinned and evictable
// bytes against the budget, eviction and rebuild marks, and a lane with the rebuild nesting.
// The first divergence and the failure are marked, and the operators where the two runs hold
// different storages are shaded. One cursor runs through all lanes; a click moves it.
class PairTimeline : public QWidget {
    Q_OBJECT
public:
    explicit PairTimeline(QWidget* parent = nullptr);
    ~PairTimeline() override;

    void setPair(PairDataPtr pair);
    void clear();
    // Operator numbers count as in the events: operator N is the N-th model operator.
    void setCursor(int64_t op);
    // The cursor on an event of run `run` (0 A, 1 B) at its clock: on the clock axis that run's
    // lanes put it at the event itself (a failure after a cascade of rebuilds, say), not at its
    // operator's start; the other run's lanes at the operator's start.
    void setCursor(int64_t op, int run, int64_t clock);
    int64_t cursor() const { return m_cursor; }
    // The cursor follows the user's place in the tables; a figure for a paper leaves it out.
    void setCursorVisible(bool visible);
    // The cursor's x position in lane `lane` (0 A memory, 1 A depth, 2 B memory, 3 B depth).
    double cursorX(int lane) const;
    void showOperators(double from, double to);
    // The x axis: operators (default) or each run's clock (ns); the runs' clocks differ, so in
    // clock mode one operator sits at a different x in A and in B.
    void setUseClock(bool clock);
    bool usesClock() const { return m_clock; }

    QCustomPlot* plot() const { return m_plot; }

signals:
    void cursorMoved(qint64 op);

private:
    void buildLanes();
    // Returns the run's largest byte figure (in use or budget) and deepest nesting, so that A's
    // and B's lanes can share their scales.
    struct LaneTops {
        double memory;
        int32_t depth;
    };
    LaneTops fillRun(int run, const RunRecord& record, int64_t budget, const ByteUnit& unit);
    void addLegendKeys();
    // Where a failed run's failure is drawn on the x axis.
    double failureX(const RunRecord& record) const;
    void labelDepthAtFailure(int run, double x, int32_t depth);
    void markPair(const PairData& pair);
    // Where operator `op` starts on the x axis, in run `run`.
    double xOf(int run, int64_t op) const;
    int64_t opAt(int run, double x) const;
    void fitLaneTitles();
    // Row stretches that give A's and B's lanes of a kind one height inside their margins;
    // whether they changed.
    bool equalizeLanes();

    QCustomPlot* m_plot;
    QCPLegend* m_legend = nullptr;   // a row above the lanes: it covers no curve
    std::array<QCPAxisRect*, 4> m_lanes{};
    std::array<QCPItemStraightLine*, 4> m_cursorLines{};
    // Each run's title in its memory lane: the first of its texts, longest first, that fits
    // the lane (a figure a column wide has room for a brief one).
    struct LaneTitle {
        QCPItemText* item;
        QCPAxisRect* lane;
        std::array<QString, 3> texts;
    };
    std::vector<LaneTitle> m_titles;
    PairDataPtr m_pair;
    int64_t m_cursor = 0;
    int m_cursorRun = -1;        // the run whose event the cursor is on, -1: none
    int64_t m_cursorClock = -1;  // that event's clock
    bool m_clock = false;
    double m_memoryTop = 0;   // the highest byte figure of either run, in the lanes' unit
    static constexpr double kLeastHeadroom = 1.1;   // room for the eviction marks at the top
    static constexpr double kTitleTop = 0.04;       // a title's top, as a fraction of its lane's height
    static constexpr int kTitlePadding = 1;
};

} // namespace holescope
