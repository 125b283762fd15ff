// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "summary/TraceSummary.h"

#include <QAbstractTableModel>

#include <optional>

namespace holescope {

// Two columns, figure and value, one row per figure; no rows without a trace.
class TraceSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    void setSummary(std::optional<TraceSummary> summary);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<TraceSummary> m_summary;
};

} // namespace holescope
