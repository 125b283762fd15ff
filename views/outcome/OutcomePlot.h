// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Baseline.h"
#include "sweep/Holes.h"

#include <QPoint>
#include <QWidget>

#include <limits>
#include <map>
#include <optional>
#include <utility>
#include <vector>

class QCustomPlot;
class QCPBars;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QMouseEvent;

namespace holescope {

// Budget against compute overhead, one point per sweep point coloured by outcome; the budgets
// no policy survives shaded (below the constants in black, then below the largest operator's
// needs on top of them in grey), the
// holes shaded and labelled, budgets A and B marked. Ratio below, bytes above. Drag pans, the
// wheel zooms, hovering tells a point's figures; a click picks budget A, shift-click budget B.
class OutcomePlot : public QWidget {
    Q_OBJECT
public:
    explicit OutcomePlot(QWidget* parent = nullptr);
    ~OutcomePlot() override;

    void setTrace(const QString& name, const Baseline& baseline);
    // The policy the points were swept with; named in the title unless it is DTR, so a figure
    // says what it shows.
    void setPolicyName(const QString& policy);
    void clear();
    void setPoints(const std::vector<SweepPoint>& points);
    void addPoints(const std::vector<SweepPoint>& batch);
    void setHoles(const std::vector<Hole>& holes);
    void setSelection(std::optional<int64_t> a, std::optional<int64_t> b);
    void setRange(double fromRatio, double toRatio);

    // Zooms onto the next (or previous) hole after the one last focused, or onto the hole
    // nearest the middle of the view at first; its index, or -1 when there is none that way.
    int focusHole(bool forward);
    // Zooms onto the hole at this index (of those last set); false when there is none.
    bool focusHoleAt(int index);
    void resetZoom();

    QCustomPlot* plot() const { return m_plot; }
    // The budgets the view shows, as ratios of the peak: [lower, upper].
    std::pair<double, double> viewRatios() const;
    // The point nearest to a position in the plot's pixels, within a few pixels.
    std::optional<SweepPoint> pointNear(const QPoint& pos) const;

signals:
    void budgetPicked(qint64 budget, bool asB);

private:
    void addToGraphs(const SweepPoint& p);
    void fitValueAxis();
    void placeUnresolved(double ceiling);
    double drawnOverhead(const SweepPoint& p) const;
    void showToolTip(QMouseEvent* event);
    void onRelease(QMouseEvent* event);
    void updateBytesAxis();
    void placeLabels();
    void layOutAgain();
    // A hole's label, in the form the room allows: "hole 2" over its range, the range, the number.
    enum class LabelForm { Full, Range, Number };
    QString holeLabelText(size_t index, LabelForm form) const;
    // Stacks the labels as they read now in rows from the top, within `room` pixels of it; the
    // height they take (pixels), and how many in view found no row.
    int stackLabels(const QRect& area, int marks, int room, int& hidden);
    void updateTitle();
    void updateHint();
    void updateLegend();
    // Where the impossible regimes end, as ratios of the peak: below the constants, and below
    // the baseline's floor (see Baseline::floor). Zero without a baseline.
    struct Regimes {
        double constants = 0, floor = 0;
    };
    Regimes regimes() const;
    QCPGraph* graphFor(Outcome outcome) const;

    QCustomPlot* m_plot;
    std::map<Outcome, QCPGraph*> m_graphs;
    QCPBars* m_constantsKey = nullptr;    // legend keys of the shaded regimes
    QCPBars* m_floorKey = nullptr;
    std::vector<SweepPoint> m_points;
    std::vector<Hole> m_holes;
    std::vector<QCPItemText*> m_holeLabels;   // one per hole, at its middle
    Baseline m_baseline;
    QString m_name;
    QString m_policy;
    QCPItemText* m_hint = nullptr;   // what to do while there is nothing to show
    // Pixels at the top of the plot that the budget marks and the hole labels take: the value
    // axis leaves them above the highest point, so no label hides a point.
    int m_labelBand = 0;
    double m_fittedUpper = 0;   // the value axis's top as last fitted (a user's zoom differs)
    int m_fittedHeight = 0;     // the plot area's height (pixels) the value axis was last fitted for
    QCPTextElement* m_title = nullptr;   // the trace's name, above the plot
    double m_from = 0.0, m_to = 1.0;
    // The value axis fits the points that ended (complete or failed). A run a cap cut short
    // reached its overhead on the way, not at an end, and a thrashing one (TreeLSTM's, at 50
    // times the baseline) would squash every other point onto the axis: those above the top are
    // drawn at it, as triangles of their own legend entry.
    double m_maxOverhead = 1.0;      // of the points that ended
    int64_t m_ended = 0;
    double m_maxUnresolved = 0.0;
    double m_unresolvedCeiling = std::numeric_limits<double>::infinity();
    QCPGraph* m_unresolvedAbove = nullptr;
    QCPItemStraightLine* m_lineA = nullptr;
    QCPItemStraightLine* m_lineB = nullptr;
    QCPItemText* m_labelA = nullptr;
    QCPItemText* m_labelB = nullptr;
    QPoint m_pressPos;
    int m_focusedHole = -1;
};

} // namespace holescope
