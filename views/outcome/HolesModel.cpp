// SPDX-License-Identifier: GPL-3.0-or-later
#include "outcome/HolesModel.h"

#include "outcome/OutcomeStyle.h"
#include "text/Numbers.h"

namespace holescope {

void HolesModel::setHoles(std::vector<Hole> holes)
{
    beginResetModel();
    m_holes = std::move(holes);
    endResetModel();
}

int HolesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_holes.size());
}

int HolesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HolesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Hole& h = m_holes[static_cast<size_t>(index.row())];
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(index.column() == Outcome_ ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Exact) {
        if (h.exact)
            return tr("Every byte inside fails and the bytes just outside complete");
        QString tip = h.edgesExact()
                          ? tr("Exact edges")
                          : tr("From the lowest to the highest byte known to fail; the true edges lie within %1 .. %2 B")
                                .arg(QString::fromStdString(groupDigits(h.spanLo)), QString::fromStdString(groupDigits(h.spanHi)));
        if (h.gapsInside)
            tip += tr("; budgets inside were not all examined, and a completing one may hide there (it may be several holes)");
        return tip;
    }
    if (role != Qt::DisplayRole)
        return {};
    auto bytes = [](int64_t v) { return QString::fromStdString(groupDigits(v)); };
    switch (index.column()) {
    case From: return bytes(h.loBudget);
    case To: return bytes(h.hiBudget);
    case FromRatio: return QString::number(h.loRatio, 'f', kRatioDigits);
    case ToRatio: return QString::number(h.hiRatio, 'f', kRatioDigits);
    case Width: return h.edgesExact() ? bytes(h.widthBytes()) : QString();   // a sampled hole's width is not known
    case Outcome_: return outcomeLabel(h.outcome) + (h.mixed ? tr(" (mixed)") : QString());
    case Exact: return h.exact ? tr("exact") : h.edgesExact() ? tr("exact, inside sampled") : tr("sampled");
    case Executions: return bytes(h.executions);
    case FailureOp: return h.failureOp > 0 ? bytes(h.failureOp) : QString();
    default: return {};
    }
}

QVariant HolesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case From: return tr("From (B)");
    case To: return tr("To (B)");
    case FromRatio: return tr("From ratio");
    case ToRatio: return tr("To ratio");
    case Width: return tr("Width (B)");
    case Outcome_: return tr("Failure");
    case Exact: return tr("Edges");
    case Executions: return tr("Executions");
    case FailureOp: return tr("Fails at op");
    default: return {};
    }
}

} // namespace holescope
