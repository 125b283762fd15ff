// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/OpenTrace.h"
#include "session/SessionDocument.h"
#include "sweep/Holes.h"

#include <QObject>
#include <QString>

#include <optional>
#include <vector>

namespace holescope {

// The state every view shows: the open trace, the sweep settings and results, the selected
// budgets A and B, and the interventions. Views read it and listen; they change it through
// its setters, which say what changed. It knows nothing of widgets or threads.
class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(QObject* parent = nullptr);

    const OpenTracePtr& trace() const { return m_trace; }
    const SweepSettings& settings() const { return m_settings; }
    const std::vector<SweepPoint>& points() const { return m_points; }
    bool sweepStopped() const { return m_sweepStopped; }
    const std::vector<Hole>& holes() const { return m_holes; }
    std::optional<int64_t> budgetA() const { return m_budgetA; }
    std::optional<int64_t> budgetB() const { return m_budgetB; }
    const std::vector<int32_t>& protect() const { return m_protect; }
    // What the points were replayed with (none before a sweep), and whether the settings or
    // the interventions have changed since, so that the points are not those they would give.
    const std::optional<SweptWith>& swept() const { return m_swept; }
    bool sweepIsStale() const { return m_swept && *m_swept != sweptWith(m_settings, m_protect); }

    // A new trace drops the results, selection and interventions of the old one.
    void setTrace(OpenTracePtr trace);
    void setSettings(const SweepSettings& settings);
    // A sweep starts: results are cleared, and points then come in batches.
    void beginSweep();
    void addPoints(const std::vector<SweepPoint>& batch);
    // The sweep's final points replace whatever came in batches.
    void finishSweep(std::vector<SweepPoint> points, bool stopped);
    void setBudgetA(std::optional<int64_t> budget);
    void setBudgetB(std::optional<int64_t> budget);
    void setProtect(std::vector<int32_t> storages);

    // The file this session was last saved to or opened from; empty if none.
    const QString& filePath() const { return m_filePath; }
    bool isModified() const { return m_modified; }
    void markModified() { setModified(true); }

    SessionDocument document() const;
    // Replaces everything with a document whose trace is already loaded (`trace`).
    void restore(const SessionDocument& doc, OpenTracePtr trace, const QString& filePath);
    bool save(const QString& path, QString& error);

signals:
    void traceChanged();
    void settingsChanged();
    void sweepStarted();
    void pointsAdded(const std::vector<holescope::SweepPoint>& batch);
    void sweepFinished();
    void selectionChanged();
    void protectChanged();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    void setModified(bool modified);
    void updateHoles();

    OpenTracePtr m_trace;
    SweepSettings m_settings;
    std::vector<SweepPoint> m_points;
    bool m_sweepStopped = false;
    std::vector<Hole> m_holes;
    std::optional<int64_t> m_budgetA, m_budgetB;
    std::vector<int32_t> m_protect;
    std::optional<SweptWith> m_swept;
    QString m_filePath;
    bool m_modified = false;
};

} // namespace holescope
