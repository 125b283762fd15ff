// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobs/TraceLoadJob.h"

#include "trace/ProgramDigest.h"
#include "trace/TraceReader.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QVariant>
#include <QtConcurrent/QtConcurrentRun>

namespace holescope {

TraceLoadJob::TraceLoadJob(QObject* parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Result>::finished, this, [this] {
        const quint64 generation = m_watcher.property("generation").toULongLong();
        if (generation != m_generation)
            return;
        m_delivered = generation;
        if (m_watcher.isCanceled())
            return;
        const Result r = m_watcher.result();
        if (const auto* trace = std::get_if<OpenTracePtr>(&r))
            emit loaded(*trace);
        else
            emit failed(std::get<QString>(r));
    });
}

TraceLoadJob::~TraceLoadJob()
{
    m_watcher.waitForFinished();
}

void TraceLoadJob::start(const QString& path)
{
    m_watcher.waitForFinished();
    ++m_generation;
    m_watcher.setProperty("generation", QVariant::fromValue(m_generation));
    emit stageChanged(tr("Reading %1").arg(QFileInfo(path).fileName()));
    const std::string file = path.toStdString();
    m_watcher.setFuture(QtConcurrent::run([file]() -> Result {
        TraceLoad load = readTraceFile(file);
        if (auto* e = std::get_if<TraceError>(&load))
            return QString::fromStdString(e->toString());
        auto open = std::make_shared<OpenTrace>();
        open->path = file;
        open->name = QFileInfo(QString::fromStdString(file)).fileName().toStdString();
        open->digest = programDigest(std::get<Program>(load));
        open->trace = prepareTrace(std::move(std::get<Program>(load)));
        return OpenTracePtr(std::move(open));
    }));
}

bool TraceLoadJob::isRunning() const
{
    // Until its result is delivered: the future finishes before the queued signal arrives.
    return m_delivered != m_generation;
}

void TraceLoadJob::waitForFinished()
{
    m_watcher.waitForFinished();
    QCoreApplication::processEvents();
}

} // namespace holescope
