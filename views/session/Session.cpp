// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/Session.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace holescope {

Session::Session(QObject* parent)
    : QObject(parent)
{
}

void Session::setModified(bool modified)
{
    if (m_modified == modified)
        return;
    m_modified = modified;
    emit modifiedChanged(modified);
}

void Session::updateHoles()
{
    m_holes = m_trace ? findHoles(m_points, m_trace->trace.baseline) : std::vector<Hole>{};
    // The operator the lowest failing point stopped in; the sweep has it without a recording.
    for (Hole& h : m_holes) {
        const auto it = std::lower_bound(m_points.begin(), m_points.end(), h.loBudget,
                                         [](const SweepPoint& p, int64_t b) { return p.budget < b; });
        if (it != m_points.end())
            h.failureOp = it->opsDone;
    }
}

void Session::setTrace(OpenTracePtr trace)
{
    m_trace = std::move(trace);
    m_swept.reset();
    m_points.clear();
    m_sweepStopped = false;
    m_holes.clear();
    m_budgetA.reset();
    m_budgetB.reset();
    m_protect.clear();
    emit traceChanged();
    emit sweepFinished();
    emit selectionChanged();
    emit protectChanged();
    setModified(true);
}

void Session::setSettings(const SweepSettings& settings)
{
    if (settings == m_settings)
        return;
    m_settings = settings;
    emit settingsChanged();
    setModified(true);
}

void Session::beginSweep()
{
    m_swept = sweptWith(m_settings, m_protect);
    m_points.clear();
    m_holes.clear();
    m_sweepStopped = false;
    emit sweepStarted();
}

void Session::addPoints(const std::vector<SweepPoint>& batch)
{
    m_points.insert(m_points.end(), batch.begin(), batch.end());
    emit pointsAdded(batch);
}

void Session::finishSweep(std::vector<SweepPoint> points, bool stopped)
{
    m_points = std::move(points);
    m_sweepStopped = stopped;
    updateHoles();
    emit sweepFinished();
    setModified(true);
}

void Session::setBudgetA(std::optional<int64_t> budget)
{
    if (budget == m_budgetA)
        return;
    m_budgetA = budget;
    emit selectionChanged();
    setModified(true);
}

void Session::setBudgetB(std::optional<int64_t> budget)
{
    if (budget == m_budgetB)
        return;
    m_budgetB = budget;
    emit selectionChanged();
    setModified(true);
}

void Session::setProtect(std::vector<int32_t> storages)
{
    std::sort(storages.begin(), storages.end());
    storages.erase(std::unique(storages.begin(), storages.end()), storages.end());
    if (storages == m_protect)
        return;
    m_protect = std::move(storages);
    emit protectChanged();
    setModified(true);
}

SessionDocument Session::document() const
{
    SessionDocument doc;
    if (m_trace) {
        doc.tracePath = m_trace->path;
        doc.traceDigest = m_trace->digest;
        // Saved next to the session, a trace is named relative to it, so the pair can move together.
        if (!m_filePath.isEmpty()) {
            const QDir dir = QFileInfo(m_filePath).absoluteDir();
            const QString rel = dir.relativeFilePath(QFileInfo(QString::fromStdString(m_trace->path)).absoluteFilePath());
            if (!rel.startsWith(QStringLiteral("..")))
                doc.tracePath = rel.toStdString();
        }
    }
    doc.settings = m_settings;
    doc.points = m_points;
    if (!m_points.empty())
        doc.swept = m_swept;
    doc.sweepStopped = m_sweepStopped;
    doc.budgetA = m_budgetA;
    doc.budgetB = m_budgetB;
    doc.protect = m_protect;
    return doc;
}

void Session::restore(const SessionDocument& doc, OpenTracePtr trace, const QString& filePath)
{
    m_trace = std::move(trace);
    m_settings = doc.settings;
    m_points = doc.points;
    m_swept = doc.swept;
    m_sweepStopped = doc.sweepStopped;
    updateHoles();
    m_budgetA = doc.budgetA;
    m_budgetB = doc.budgetB;
    m_protect = doc.protect;
    m_filePath = filePath;
    emit traceChanged();
    emit settingsChanged();
    emit sweepFinished();
    emit selectionChanged();
    emit protectChanged();
    emit filePathChanged(m_filePath);
    setModified(false);
}

bool Session::save(const QString& path, QString& error)
{
    const QString previous = m_filePath;
    m_filePath = path;   // document() names the trace relative to the new file
    std::string message;
    if (!writeSessionFile(path.toStdString(), document(), message)) {
        m_filePath = previous;
        error = QString::fromStdString(message);
        return false;
    }
    if (previous != path)
        emit filePathChanged(m_filePath);
    setModified(false);
    return true;
}

} // namespace holescope
