// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pair/PairData.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <vector>

namespace holescope {

// The recorded events of a pair, one row each: of one run (A or B), or of both merged and
// aligned by operator (each operator's events of A, then B's).
class EventTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Run, Index, Op, Kind, Storage, Bytes, Memory, Detail, ColumnCount };
    enum Role { RunRole = Qt::UserRole + 1, EventRole, OpRole, StorageRole, OperatorNameRole };
    enum class Which { A, B, Merged };

    EventTableModel(const Program* program, Which which, QObject* parent = nullptr);

    void setPair(PairDataPtr pair);
    // The row of event `event` of run `run` (0 A, 1 B); -1 if this model does not list it.
    int rowOf(int run, uint32_t event) const;
    struct Ref {
        int run;
        uint32_t event;
    };
    Ref refAt(int row) const { return m_rows[static_cast<size_t>(row)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setProgram(const Program* program) { m_program = program; }

private:
    QString detail(const RunRecord& record, const RunEvent& e) const;
    int32_t storageOf(const RunEvent& e) const;
    QString operatorName(const RunEvent& e) const;

    const Program* m_program;
    Which m_which;
    PairDataPtr m_pair;
    std::vector<Ref> m_rows;
    std::vector<std::vector<int>> m_rowOf;   // per run, per event
};

// Shows the rows that touch one storage, or whose operator's name contains a text.
class EventFilter : public QSortFilterProxyModel {
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    // "3131" or "storage 3131" filters by storage; other text by operator name; empty: all.
    void setFilterText(const QString& text);

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

private:
    int m_storage = -1;
    QString m_name;
};

} // namespace holescope
