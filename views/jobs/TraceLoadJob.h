// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/OpenTrace.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <variant>

namespace holescope {

// Reads and prepares a trace off the UI thread. Only the newest request is answered: a load
// started while another runs makes the older one's result be dropped.
class TraceLoadJob : public QObject {
    Q_OBJECT
public:
    explicit TraceLoadJob(QObject* parent = nullptr);
    ~TraceLoadJob() override;

    void start(const QString& path);
    bool isRunning() const;
    // Blocks until the current load has been answered (for the headless modes and tests).
    void waitForFinished();

signals:
    void stageChanged(const QString& stage);
    void loaded(holescope::OpenTracePtr trace);
    // The reader's message: file, line, field and what was expected or found.
    void failed(const QString& message);

private:
    using Result = std::variant<OpenTracePtr, QString>;
    QFutureWatcher<Result> m_watcher;
    quint64 m_generation = 0;
    quint64 m_delivered = 0;   // the last generation whose result arrived
};

} // namespace holescope
