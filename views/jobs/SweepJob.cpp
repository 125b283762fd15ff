// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobs/SweepJob.h"

#include <QCoreApplication>
#include <QVariant>
#include <QtConcurrent/QtConcurrentRun>

namespace holescope {

SweepJob::SweepJob(QObject* parent)
    : QObject(parent)
{
    m_drainTimer.setInterval(100);
    connect(&m_drainTimer, &QTimer::timeout, this, &SweepJob::drain);
    connect(&m_watcher, &QFutureWatcher<SweepResult>::finished, this, [this] {
        if (m_watcher.property("generation").toULongLong() != m_generation)
            return;
        m_delivered = m_generation;
        m_drainTimer.stop();
        drain();
        emit finished(m_watcher.result());
    });
}

SweepJob::~SweepJob()
{
    if (m_channel)
        m_channel->cancel.store(true);
    m_watcher.waitForFinished();
}

void SweepJob::start(OpenTracePtr trace, const SweepSpec& spec)
{
    if (m_channel)
        m_channel->cancel.store(true);   // the older sweep stops; its result is ignored
    m_watcher.waitForFinished();
    ++m_generation;
    m_watcher.setProperty("generation", QVariant::fromValue(m_generation));
    m_channel = std::make_shared<Channel>();
    m_clock.start();
    m_drainTimer.start();
    std::shared_ptr<Channel> channel = m_channel;
    m_watcher.setFuture(QtConcurrent::run([trace = std::move(trace), spec, channel] {
        return runSweep(trace->trace, spec, &channel->cancel, [&channel](const SweepProgress& p) {
            std::lock_guard lock(channel->mutex);
            channel->latest = p;
            channel->latest.point = nullptr;
            if (p.point != nullptr)
                channel->pending.push_back(*p.point);
        });
    }));
}

void SweepJob::cancel()
{
    if (m_channel)
        m_channel->cancel.store(true);
}

void SweepJob::discard()
{
    cancel();
    m_drainTimer.stop();
    ++m_generation;
    m_delivered = m_generation;
}

bool SweepJob::isRunning() const
{
    // Until its result is delivered: the future finishes before the queued signal arrives.
    return m_delivered != m_generation;
}

void SweepJob::waitForFinished()
{
    m_watcher.waitForFinished();
    QCoreApplication::processEvents();
}

void SweepJob::drain()
{
    if (!m_channel)
        return;
    std::vector<SweepPoint> batch;
    SweepProgress p;
    {
        std::lock_guard lock(m_channel->mutex);
        batch.swap(m_channel->pending);
        p = m_channel->latest;
    }
    if (!batch.empty())
        emit pointsArrived(batch);
    double left = -1;
    const double elapsed = static_cast<double>(m_clock.elapsed()) / 1000.0;
    if (p.done > 0 && p.total > 0 && elapsed > 0.5)
        left = elapsed * static_cast<double>(p.total - p.done) / static_cast<double>(p.done);
    emit progress(p.done, p.total, left, elapsed);
}

} // namespace holescope
