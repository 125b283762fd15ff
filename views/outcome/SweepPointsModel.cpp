// SPDX-License-Identifier: GPL-3.0-or-later
#include "outcome/SweepPointsModel.h"

#include "outcome/OutcomeStyle.h"
#include "text/Numbers.h"

#include <limits>

namespace holescope {

void SweepPointsModel::setPoints(std::vector<SweepPoint> points, const Baseline& baseline)
{
    beginResetModel();
    m_points = std::move(points);
    m_baseline = baseline;
    endResetModel();
}

void SweepPointsModel::appendPoints(const std::vector<SweepPoint>& batch)
{
    if (batch.empty())
        return;
    const int first = static_cast<int>(m_points.size());
    beginInsertRows({}, first, first + static_cast<int>(batch.size()) - 1);
    m_points.insert(m_points.end(), batch.begin(), batch.end());
    endInsertRows();
}

int SweepPointsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_points.size());
}

int SweepPointsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SweepPointsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const SweepPoint& p = m_points[static_cast<size_t>(index.row())];
    if (role == BudgetRole)
        return QVariant::fromValue<qlonglong>(p.budget);
    if (role == Qt::ForegroundRole && index.column() == Outcome_)
        return outcomeColor(p.outcome);
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(index.column() == Outcome_ ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Outcome_ && !p.reason.empty())
        return QString::fromStdString(p.reason);
    // Monotone's figures are those of DTR's execution at a budget of its own, maybe lower.
    if (role == Qt::ToolTipRole && (index.column() == Budget || index.column() == Outcome_) && p.executionBudget >= 0)
        return p.executionBudget == p.budget
                   ? tr("Monotone ran DTR's execution at this budget.")
                   : tr("Monotone ran DTR's execution at %1 bytes, the largest budget up to this one where DTR completes.")
                         .arg(QString::fromStdString(groupDigits(p.executionBudget)));
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Budget: return QString::fromStdString(groupDigits(p.budget));
    case Ratio: return QString::number(ratioOfPeak(p.budget, m_baseline.memory), 'f', kRatioDigits);
    case Outcome_: return outcomeLabel(p.outcome);
    case Overhead: return QString::number(overheadOf(p, m_baseline), 'f', 4);
    case Evictions: return QString::fromStdString(groupDigits(p.evictions));
    case OpsDone: return QString::fromStdString(groupDigits(p.opsDone));
    case MaxDepth: return p.maxDepth;
    case SameExecution: {
        const QString bytes = p.certifiedHi == std::numeric_limits<int64_t>::max()
                                  ? tr("from %1 up").arg(QString::fromStdString(groupDigits(p.certifiedLo)))
                                  : QStringLiteral("%1 – %2").arg(QString::fromStdString(groupDigits(p.certifiedLo)),
                                                                  QString::fromStdString(groupDigits(p.certifiedHi)));
        // A run cut short certifies only what it replayed: other budgets may part from it later.
        return p.outcome == Outcome::Unresolved ? tr("%1 until it stopped").arg(bytes) : bytes;
    }
    default: return {};
    }
}

QVariant SweepPointsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Budget: return tr("Budget (B)");
    case Ratio: return tr("Ratio");
    case Outcome_: return tr("Outcome");
    case Overhead: return tr("Overhead");
    case Evictions: return tr("Evictions");
    case OpsDone: return tr("Operators");
    case MaxDepth: return tr("Deepest cascade");
    case SameExecution: return tr("Same execution (B)");
    default: return {};
    }
}

} // namespace holescope
