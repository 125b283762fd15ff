// SPDX-License-Identifier: GPL-3.0-or-later
// A replay starts from the latest checkpoint of the budget-free run its budget passes through
// (PrefixCheckpoints). It must decide exactly as a replay from the first operator: same
// outcome, figures, logs, certified interval, step count and cascade depth, for every policy
// and option, and stop at the same computation under a step cap or a cancel.
#include "support/GoldenRuns.h"
#include "support/Policies.h"
#include "support/RandomTraces.h"
#include "support/SkipReport.h"

#include "policy/Policy.h"
#include "sim/PrefixCheckpoints.h"
#include "sim/Replay.h"
#include "trace/TraceReader.h"

#include <QDir>
#include <QTest>

#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

using namespace holescope;

namespace {

// A constant c (100 bytes) and a chain x1 = f(c), ..., xN = f(xN-1), 100 bytes each, all kept
// alive: operator k (c is 0) asks for 100 bytes with 100 * k in use.
PreparedTrace chain(int n)
{
    std::string t = R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"})" "\n"
                    R"({"INSTRUCTION":"CONSTANT","NAME":"c"})" "\n"
                    R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"c"})" "\n";
    std::string prev = "c";
    for (int i = 1; i <= n; ++i) {
        const std::string x = "x" + std::to_string(i);
        t += R"({"INSTRUCTION":"CALL","NAME":"f","ARGS":[")" + prev + R"("],"RESULT":[")" + x + R"("],"TIME":"10"})" "\n";
        t += R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":")" + x + "\"}\n";
        t += R"({"INSTRUCTION":"ALIAS","ALIAS":"-1","NAME":")" + x + "\"}\n";
        prev = x;
    }
    TraceLoad load = parseTrace(t, "chain.log");
    if (auto* e = std::get_if<TraceError>(&load))
        throw std::runtime_error(e->toString());
    return prepareTrace(std::move(std::get<Program>(load)));
}

// The replay from its checkpoint against the one from the first operator; empty when alike.
std::string resumeDifference(const PreparedTrace& t, ReplayOptions o)
{
    o.logEvents = true;
    o.fromCheckpoint = false;
    const ReplayResult whole = replay(t, o);
    o.fromCheckpoint = true;
    const ReplayResult resumed = replay(t, o);
    const std::string diff = test::wholeReplayDifference(whole, resumed);
    return diff.empty() ? diff : "budget " + std::to_string(o.budget) + ", policy " + policyName(o.policy) + ": " + diff;
}

const std::vector<std::string> kPolicies = {"dtr", "dtr-eqclass", "dtr-local", "msps", "lru", "size", "random:7", "twophase", "foresight",
                                            "monotone", "formula:estar_compute / (size * staleness + 1)"};

} // namespace

class PrefixCheckpoints_ : public QObject {
    Q_OBJECT

private:
    QString m_shared = QStringLiteral(HOLESCOPE_SHARED_DIR);

private slots:
    // Worked out by hand on the chain: before operator k, k computations are done, 100 * k
    // bytes are in use and the largest need compared was 100 * k.
    void checkpointsOfAChain()
    {
        const PreparedTrace t = chain(10);
        const std::vector<PrefixCheckpoint>& points = t.prefix.points;
        QCOMPARE(points.size(), size_t{10});   // before x1 .. x10 (11 operators; none before c)
        for (size_t i = 0; i < points.size(); ++i) {
            const auto k = static_cast<int64_t>(i + 1);
            QCOMPARE(points[i].opsDone, k);
            QCOMPARE(points[i].steps, k);
            QCOMPARE(points[i].memory, 100 * k);
            QCOMPARE(points[i].maxNeed, 100 * k);
            QCOMPARE(points[i].clock, 1 + 10 * (k - 1));   // c costs nothing, each f 10 ns
        }
        QVERIFY(t.prefix.evictions.empty());
        QVERIFY(t.prefix.resumeAt(99, 0) == nullptr);
        QCOMPARE(t.prefix.resumeAt(100, 0)->opsDone, int64_t{1});
        QCOMPARE(t.prefix.resumeAt(550, 0)->opsDone, int64_t{5});
        QCOMPARE(t.prefix.resumeAt(1100, 0)->opsDone, int64_t{10});
        QCOMPARE(t.prefix.resumeAt(550, 3)->opsDone, int64_t{3});   // a cap of 3 computations passes op 3 only
        QCOMPARE(t.prefix.resumeAt(550, 1)->opsDone, int64_t{1});
        // Budgets at and between the checkpoints' needs, and below the first: resumed or not, alike.
        for (int64_t budget : {int64_t{99}, int64_t{100}, int64_t{550}, int64_t{1099}, int64_t{1100}}) {
            ReplayOptions o;
            o.budget = budget;
            const std::string diff = resumeDifference(t, o);
            QVERIFY2(diff.empty(), diff.c_str());
        }
    }

    // On a large trace the checkpoints are fewer, further apart, and stay within their bytes.
    void checkpointsKeepToTheirBytes()
    {
        const PreparedTrace t = chain(3000);
        QVERIFY(t.prefix.bytes() <= kPrefixCheckpointBytes);
        QVERIFY2(t.prefix.points.size() > 100, std::to_string(t.prefix.points.size()).c_str());
        QVERIFY(t.prefix.points.size() < 3000);
        ReplayOptions o;
        o.budget = 100 * 2000 + 50;
        const std::string diff = resumeDifference(t, o);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    // A cancelled run stops at its first look at the flag, after 1024 computations, wherever the
    // checkpoints are; a step cap stops at the same computation too.
    void capsStopAtTheSameComputation()
    {
        const PreparedTrace t = chain(3000);
        std::atomic<bool> stop{true};
        ReplayOptions o;
        o.budget = 1 << 30;
        o.cancel = &stop;
        const ReplayResult r = replay(t, o);
        QCOMPARE(r.reason, std::string("cancelled"));
        QCOMPARE(r.steps, int64_t{1024});
        QCOMPARE(r.opsDone, int64_t{1025});   // the 1025th operator started, not computed
        o.cancel = nullptr;
        for (int64_t cap : {1, 1023, 1024, 1025, 2999, 3001, 3002}) {
            o.maxSteps = cap;
            const std::string diff = resumeDifference(t, o);
            QVERIFY2(diff.empty(), ("cap " + std::to_string(cap) + ": " + diff).c_str());
        }
    }

    // Random traces full of aliases, releases and multi-output operators, for every policy,
    // with protected storages, step caps and overhead limits.
    void randomTracesEveryPolicy()
    {
        for (uint32_t seed = 0; seed < 60; ++seed) {
            const PreparedTrace t = test::preparedRandomAliasTrace(seed);
            for (int i = 1; i <= 12; ++i) {
                ReplayOptions o;
                o.budget = t.baseline.memory * i / 12;
                o.policy = test::policyNamed(kPolicies[(seed + static_cast<uint32_t>(i)) % kPolicies.size()]);
                test::addCaseLimits(o, t, seed, i);
                const std::string diff = resumeDifference(t, o);
                QVERIFY2(diff.empty(), (test::randomAliasTraceName(seed) + ": " + diff).c_str());
            }
        }
    }

    // The DTR traces on a grid of budgets (capped so that thrashing budgets stay short).
    void dtrTraces()
    {
        if (!QDir(m_shared + "/traces/dtr").exists())
            HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + m_shared));
        const QStringList traces = QDir(m_shared + "/traces/dtr").entryList({"*.log"}, QDir::Files, QDir::Name);
        QCOMPARE(traces.size(), 8);
        for (const QString& trace : traces) {
            const PreparedTrace t = test::loadTrace((m_shared + "/traces/dtr/" + trace).toStdString());
            QVERIFY2(!t.prefix.points.empty(), qPrintable(trace));
            for (int i = 1; i <= 1000; i += 37) {
                ReplayOptions o;
                o.budget = budgetForRatio(t.baseline, i / 1000.0);
                o.maxSteps = 20000;
                const std::string diff = resumeDifference(t, o);
                QVERIFY2(diff.empty(), (trace.toStdString() + ": " + diff).c_str());
            }
        }
    }
};

HOLESCOPE_TEST_MAIN(PrefixCheckpoints_)
#include "tst_prefix_checkpoints.moc"
