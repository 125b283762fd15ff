// SPDX-License-Identifier: GPL-3.0-or-later
#include "summary/TraceSummaryModel.h"

#include "text/Numbers.h"

namespace holescope {
namespace {

constexpr int kRows = 11;

QString figure(int row)
{
    switch (row) {
    case 0: return QObject::tr("Trace");
    case 1: return QObject::tr("Lines");
    case 2: return QObject::tr("Operators");
    case 3: return QObject::tr("  constants");
    case 4: return QObject::tr("  backward");
    case 5: return QObject::tr("Tensors");
    case 6: return QObject::tr("Storages");
    case 7: return QObject::tr("Baseline peak");
    case 8: return QObject::tr("Model compute");
    case 9: return QObject::tr("Constant bytes");
    case 10: return QObject::tr("Bottleneck bytes");
    default: return {};
    }
}

QString number(int64_t v, const char* unit = "")
{
    return QString::fromStdString(groupDigits(v)) + QString::fromUtf8(unit);
}

} // namespace

void TraceSummaryModel::setSummary(std::optional<TraceSummary> summary)
{
    beginResetModel();
    m_summary = std::move(summary);
    endResetModel();
}

int TraceSummaryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_summary ? 0 : kRows;
}

int TraceSummaryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : 2;
}

QVariant TraceSummaryModel::data(const QModelIndex& index, int role) const
{
    if (!m_summary || !index.isValid() || index.row() >= kRows)
        return {};
    if (role == Qt::ToolTipRole && index.row() == 0)
        return QString::fromStdString(m_summary->path);
    if (role == Qt::TextAlignmentRole && index.column() == 1 && index.row() > 0)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    if (index.column() == 0)
        return figure(index.row());
    const TraceSummary& s = *m_summary;
    switch (index.row()) {
    case 0: return QString::fromStdString(s.name);
    case 1: return number(s.lines);
    case 2: return number(s.operators);
    case 3: return number(s.constants);
    case 4: return number(s.backwardOperators);
    case 5: return number(s.tensors);
    case 6: return number(s.storages);
    case 7: return number(s.baseline.memory, " B");
    case 8: return number(s.baseline.compute, " ns");
    case 9: return number(s.baseline.constBytes, " B");
    case 10: return number(s.baseline.bottleneck, " B");
    default: return {};
    }
}

QVariant TraceSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == 0 ? tr("Figure") : section == 1 ? tr("Value") : QVariant();
}

} // namespace holescope
