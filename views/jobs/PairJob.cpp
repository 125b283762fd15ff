// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobs/PairJob.h"

#include "record/ReplayRecorder.h"

#include <QCoreApplication>
#include <QVariant>
#include <QtConcurrent/QtConcurrentRun>

namespace holescope {

PairJob::PairJob(QObject* parent)
    : QObject(parent)
    , m_cancel(std::make_shared<std::atomic<bool>>(false))
{
    connect(&m_pair, &QFutureWatcher<PairDataPtr>::finished, this, [this] {
        if (m_pair.property("generation").toULongLong() != m_pairGeneration)
            return;
        m_pairDelivered = m_pairGeneration;
        if (m_pair.result())
            emit pairReady(m_pair.result());
    });
    connect(&m_probe, &QFutureWatcher<Contests>::finished, this, [this] {
        if (m_probe.property("generation").toULongLong() != m_probeGeneration)
            return;
        m_probeDelivered = m_probeGeneration;
        const Contests c = m_probe.result();
        emit probeReady(m_probeStorage, c[0], c[1]);
    });
    connect(&m_culprits, &QFutureWatcher<std::shared_ptr<PairExplanation>>::finished, this, [this] {
        if (m_culprits.property("generation").toULongLong() != m_culpritGeneration)
            return;
        m_culpritDelivered = m_culpritGeneration;
        const auto result = m_culprits.result();
        if (result)
            emit culpritsReady(*result);
    });
}

PairJob::~PairJob()
{
    m_cancel->store(true);
    m_probeCancel->store(true);
    m_pair.waitForFinished();
    m_culprits.waitForFinished();
    m_probe.waitForFinished();
}

void PairJob::startProbe(OpenTracePtr trace, PairDataPtr pair, int32_t storage)
{
    m_probeCancel->store(true);   // an older probe is of no use any more
    m_probeCancel = std::make_shared<std::atomic<bool>>(false);
    m_probe.setProperty("generation", QVariant::fromValue(++m_probeGeneration));
    m_probeStorage = storage;
    m_probe.setFuture(QtConcurrent::run([trace = std::move(trace), pair = std::move(pair), storage, cancel = m_probeCancel]() -> Contests {
        Contests out;
        ReplayWorkspace workspace;
        for (int run = 0; run < 2 && !cancel->load(); ++run) {
            ReplayOptions o = pair->options;
            o.budget = pair->run(run).result.budget;
            o.cancel = cancel.get();
            o.workspace = &workspace;
            out[static_cast<size_t>(run)] = contestsOf(recordReplay(trace->trace, o, storage), storage);
        }
        return out;
    }));
}

void PairJob::start(OpenTracePtr trace, int64_t budgetA, int64_t budgetB, const ReplayOptions& options)
{
    m_pair.setProperty("generation", QVariant::fromValue(++m_pairGeneration));
    m_pair.setFuture(QtConcurrent::run([trace = std::move(trace), budgetA, budgetB, options] {
        return PairDataPtr(std::make_shared<const PairData>(buildPair(trace->trace, budgetA, budgetB, options)));
    }));
}

void PairJob::startCulprits(OpenTracePtr trace, const ExplainRequest& request)
{
    m_cancel->store(true);
    m_culprits.waitForFinished();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_culprits.setProperty("generation", QVariant::fromValue(++m_culpritGeneration));
    auto cancel = m_cancel;
    auto future = QtConcurrent::run([trace = std::move(trace), request, cancel]() -> std::shared_ptr<PairExplanation> {
        try {
            return std::make_shared<PairExplanation>(explainPair(trace->trace, request, cancel.get()));
        } catch (const ExplainError&) {
            return nullptr;   // the roles were checked before starting; a change since is not an error to show
        }
    });
    m_culprits.setFuture(future);
}

void PairJob::cancel()
{
    m_cancel->store(true);
}

void PairJob::discard()
{
    m_cancel->store(true);
    m_probeCancel->store(true);
    m_pairDelivered = ++m_pairGeneration;
    m_culpritDelivered = ++m_culpritGeneration;
    m_probeDelivered = ++m_probeGeneration;
}

bool PairJob::isRunning() const
{
    // Until each result is delivered: a future finishes before its queued signal arrives.
    return m_pairDelivered != m_pairGeneration || m_culpritDelivered != m_culpritGeneration || m_probeDelivered != m_probeGeneration;
}

void PairJob::waitForFinished()
{
    m_pair.waitForFinished();
    m_culprits.waitForFinished();
    m_probe.waitForFinished();
    QCoreApplication::processEvents();
}

} // namespace holescope
