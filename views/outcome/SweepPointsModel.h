// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Baseline.h"
#include "sweep/Sweep.h"

#include <QAbstractTableModel>

#include <vector>

namespace holescope {

// One row per sweep point, in the order they were given (ascending budget once a sweep ends).
class SweepPointsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Budget, Ratio, Outcome_, Overhead, Evictions, OpsDone, MaxDepth, SameExecution, ColumnCount };
    static constexpr int BudgetRole = Qt::UserRole + 1;   // the budget in bytes, as qlonglong

    using QAbstractTableModel::QAbstractTableModel;

    void setPoints(std::vector<SweepPoint> points, const Baseline& baseline);
    void appendPoints(const std::vector<SweepPoint>& batch);
    const std::vector<SweepPoint>& points() const { return m_points; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<SweepPoint> m_points;
    Baseline m_baseline;
};

} // namespace holescope
