// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "forensics/PairExplainer.h"
#include "pair/PairData.h"
#include "pair/StorageReport.h"
#include "session/OpenTrace.h"

#include <QFutureWatcher>
#include <QObject>

#include <array>
#include <atomic>
#include <memory>

namespace holescope {

// Off the UI thread: records and compares budgets A and B (start), and searches for rescuing
// protections (startCulprits). Each has its own generation; a newer start drops the older result.
class PairJob : public QObject {
    Q_OBJECT
public:
    explicit PairJob(QObject* parent = nullptr);
    ~PairJob() override;

    void start(OpenTracePtr trace, int64_t budgetA, int64_t budgetB, const ReplayOptions& options);
    void startCulprits(OpenTracePtr trace, const ExplainRequest& request);
    // Records the pair's two runs again with `storage` as the probe, for the storage inspector.
    void startProbe(OpenTracePtr trace, PairDataPtr pair, int32_t storage);
    void cancel();
    // Cancels and forgets every running job: no result of theirs reaches the signals any more.
    void discard();
    bool isRunning() const;
    void waitForFinished();

signals:
    void pairReady(holescope::PairDataPtr pair);
    void culpritsReady(const holescope::PairExplanation& explanation);
    void probeReady(int storage, const std::vector<holescope::StorageReport::Contest>& a, const std::vector<holescope::StorageReport::Contest>& b);

private:
    QFutureWatcher<PairDataPtr> m_pair;
    QFutureWatcher<std::shared_ptr<PairExplanation>> m_culprits;
    using Contests = std::array<std::vector<StorageReport::Contest>, 2>;
    QFutureWatcher<Contests> m_probe;
    int32_t m_probeStorage = -1;
    std::shared_ptr<std::atomic<bool>> m_probeCancel = std::make_shared<std::atomic<bool>>(false);
    std::shared_ptr<std::atomic<bool>> m_cancel;
    quint64 m_pairGeneration = 0, m_culpritGeneration = 0, m_probeGeneration = 0;
    quint64 m_pairDelivered = 0, m_culpritDelivered = 0, m_probeDelivered = 0;   // the last generation whose result arrived
};

} // namespace holescope
