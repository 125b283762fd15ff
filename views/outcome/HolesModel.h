// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Holes.h"

#include <QAbstractTableModel>

#include <vector>

namespace holescope {

// One row per feasibility hole, ascending by budget.
class HolesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { From, To, FromRatio, ToRatio, Width, Outcome_, Exact, Executions, FailureOp, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setHoles(std::vector<Hole> holes);
    const std::vector<Hole>& holes() const { return m_holes; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Hole> m_holes;
};

} // namespace holescope
