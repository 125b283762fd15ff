// SPDX-License-Identifier: GPL-3.0-or-later
#include "pair/EventTableModel.h"

#include "outcome/OutcomeStyle.h"
#include "text/Numbers.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace holescope {

EventTableModel::EventTableModel(const Program* program, Which which, QObject* parent)
    : QAbstractTableModel(parent)
    , m_program(program)
    , m_which(which)
{
}

void EventTableModel::setPair(PairDataPtr pair)
{
    beginResetModel();
    m_pair = std::move(pair);
    m_rows.clear();
    m_rowOf.assign(2, {});
    if (m_pair) {
        for (int run = 0; run < 2; ++run)
            m_rowOf[static_cast<size_t>(run)].assign(m_pair->run(run).events.size(), -1);
        if (m_which != Which::Merged) {
            const int run = m_which == Which::A ? 0 : 1;
            for (uint32_t i = 0; i < m_pair->run(run).events.size(); ++i)
                m_rows.push_back(Ref{run, i});
        } else {
            // Operator by operator, so that what the two runs did in one operator sits together.
            const auto& ea = m_pair->a.events;
            const auto& eb = m_pair->b.events;
            size_t i = 0, j = 0;
            while (i < ea.size() || j < eb.size()) {
                const int64_t op = std::min(i < ea.size() ? ea[i].op : INT64_MAX, j < eb.size() ? eb[j].op : INT64_MAX);
                for (; i < ea.size() && ea[i].op == op; ++i)
                    m_rows.push_back(Ref{0, static_cast<uint32_t>(i)});
                for (; j < eb.size() && eb[j].op == op; ++j)
                    m_rows.push_back(Ref{1, static_cast<uint32_t>(j)});
            }
        }
        for (size_t row = 0; row < m_rows.size(); ++row)
            m_rowOf[static_cast<size_t>(m_rows[row].run)][m_rows[row].event] = static_cast<int>(row);
    }
    endResetModel();
}

int EventTableModel::rowOf(int run, uint32_t event) const
{
    if (run < 0 || run > 1 || m_rowOf.size() < 2 || event >= m_rowOf[static_cast<size_t>(run)].size())
        return -1;
    return m_rowOf[static_cast<size_t>(run)][event];
}

int EventTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int EventTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int32_t EventTableModel::storageOf(const RunEvent& e) const
{
    if (e.storage >= 0)
        return e.storage;
    if ((e.kind == EventKind::Compute || e.kind == EventKind::Remat) && e.tensor >= 0 && m_program != nullptr)
        return m_program->storages[static_cast<size_t>(m_program->storageOf(e.tensor))].root;
    return -1;
}

QString EventTableModel::operatorName(const RunEvent& e) const
{
    if (m_program == nullptr)
        return {};
    int32_t op = e.opIndex;
    if (op < 0 && e.storage >= 0 && static_cast<size_t>(e.storage) < m_program->tensors.size())
        op = m_program->tensors[static_cast<size_t>(e.storage)].op;   // an eviction: its storage's producer
    return op >= 0 ? QString::fromStdString(m_program->ops[static_cast<size_t>(op)].name) : QString();
}

QString EventTableModel::detail(const RunRecord& r, const RunEvent& e) const
{
    switch (e.kind) {
    case EventKind::Compute: return operatorName(e);
    case EventKind::Remat: {
        QString s = tr("%1, depth %2").arg(operatorName(e)).arg(e.depth);
        if (e.chainLength > 0)
            s += tr(", for tensor %1").arg(r.chains[e.chainFirst]);
        return s;
    }
    case EventKind::FreeEntry: return tr("asks %1 B, %2 B short").arg(QString::fromStdString(groupDigits(e.bytes)), QString::fromStdString(groupDigits(e.bytesShort)));
    case EventKind::Evict:
        if (e.reason == EvictReason::Eager)
            return tr("released");
        return tr("score %1 (next %2), %3 B short, pool %4")
            .arg(e.score, 0, 'g', 4)
            .arg(std::isnan(e.runnerUp) ? QStringLiteral("–") : QString::number(e.runnerUp, 'g', 4))
            .arg(QString::fromStdString(groupDigits(e.bytesShort)))
            .arg(e.pool);
    case EventKind::Pin: return tr("pinned");
    case EventKind::Release: return tr("tensor %1 released").arg(e.tensor);
    case EventKind::End:
        return tr("%1; depth %2, pool %3, pinned %4 B")
            .arg(outcomeLabel(e.outcome))
            .arg(e.depth)
            .arg(e.pool)
            .arg(QString::fromStdString(groupDigits(e.pinned)));
    }
    return {};
}

QVariant EventTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_pair || !index.isValid() || index.row() >= rowCount())
        return {};
    const Ref ref = m_rows[static_cast<size_t>(index.row())];
    const RunRecord& r = m_pair->run(ref.run);
    const RunEvent& e = r.events[ref.event];
    switch (role) {
    case RunRole: return ref.run;
    case EventRole: return ref.event;
    case OpRole: return QVariant::fromValue<qlonglong>(e.op);
    case StorageRole: return storageOf(e);
    case OperatorNameRole: return operatorName(e);
    case Qt::ForegroundRole:
        if (e.kind == EventKind::Evict && e.reason == EvictReason::Pressure)
            return QColor(0xc0, 0x50, 0x00);
        if (e.kind == EventKind::Remat)
            return QColor(0x94, 0x67, 0xbd);
        if (e.kind == EventKind::End)
            return outcomeColor(e.outcome);
        return {};
    case Qt::DisplayRole: break;
    default: return {};
    }
    switch (index.column()) {
    case Run: return ref.run == 0 ? QStringLiteral("A") : QStringLiteral("B");
    case Index: return ref.event;
    case Op: return QVariant::fromValue<qlonglong>(e.op);
    case Kind: return QString::fromUtf8(eventKindName(e.kind));
    case Storage: {
        const int32_t s = storageOf(e);
        return s >= 0 ? QVariant(s) : QVariant();
    }
    case Bytes: return e.bytes != 0 ? QString::fromStdString(groupDigits(e.bytes)) : QString();
    case Memory: return QString::fromStdString(groupDigits(e.memory));
    case Detail: return detail(r, e);
    default: return {};
    }
}

QVariant EventTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Run: return tr("Run");
    case Index: return tr("#");
    case Op: return tr("Operator");
    case Kind: return tr("Event");
    case Storage: return tr("Storage");
    case Bytes: return tr("Bytes");
    case Memory: return tr("In use");
    case Detail: return tr("Detail");
    default: return {};
    }
}

void EventFilter::setFilterText(const QString& text)
{
    const QString t = text.trimmed();
    static const QRegularExpression storage(QStringLiteral("^(?:storage\\s*)?(\\d+)$"), QRegularExpression::CaseInsensitiveOption);
    const auto match = storage.match(t);
    m_storage = match.hasMatch() ? match.captured(1).toInt() : -1;
    m_name = match.hasMatch() ? QString() : t;
    invalidateRowsFilter();
}

bool EventFilter::filterAcceptsRow(int row, const QModelIndex& parent) const
{
    const QModelIndex index = sourceModel()->index(row, 0, parent);
    if (m_storage >= 0)
        return index.data(EventTableModel::StorageRole).toInt() == m_storage;
    if (!m_name.isEmpty())
        return index.data(EventTableModel::OperatorNameRole).toString().contains(m_name, Qt::CaseInsensitive);
    return true;
}

} // namespace holescope
