// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/OpenTrace.h"
#include "sweep/Sweep.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace holescope {

// Runs a sweep off the UI thread. Points found by the workers are handed over in batches a
// few times a second (pointsArrived), so a view can draw them as they come; progress says how
// far it is and how long is left. Cancel stops the running replays at once. Every start
// begins a new generation: nothing from an older sweep reaches the signals after that.
class SweepJob : public QObject {
    Q_OBJECT
public:
    explicit SweepJob(QObject* parent = nullptr);
    ~SweepJob() override;

    void start(OpenTracePtr trace, const SweepSpec& spec);
    void cancel();
    // Cancels and forgets the running sweep: none of its points, progress or result reach the
    // signals any more (another trace is taking over; they would land in its session).
    void discard();
    bool isRunning() const;
    void waitForFinished();

signals:
    void pointsArrived(const std::vector<holescope::SweepPoint>& batch);
    // done of total; secondsLeft < 0 while unknown (until the first replay ends, which at a
    // thrashing budget can take minutes: secondsSpent then shows the sweep is alive).
    void progress(qint64 done, qint64 total, double secondsLeft, double secondsSpent);
    void finished(const holescope::SweepResult& result);

private:
    // What the worker shares with the UI thread, kept alive by both.
    struct Channel {
        std::atomic<bool> cancel{false};
        std::mutex mutex;
        std::vector<SweepPoint> pending;
        SweepProgress latest;
    };

    void drain();

    QFutureWatcher<SweepResult> m_watcher;
    std::shared_ptr<Channel> m_channel;
    QTimer m_drainTimer;
    QElapsedTimer m_clock;
    quint64 m_generation = 0;
    quint64 m_delivered = 0;   // the last generation whose result arrived
};

} // namespace holescope
