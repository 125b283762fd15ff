// SPDX-License-Identifier: GPL-3.0-or-later
// The replay leaves regions alone while simrd's equal fresh walks (through rematerializations
// that walk no edge of the running operator) and gives scored candidates fresh walks until then
// (RegionUpkeep::Deferred). simrd keeps them from the first operator on
// (RegionUpkeep::FromStart, which is simrd's algorithm as written and passes every golden).
// Here both must decide identically, eviction by eviction, on budgets the goldens do not have
// and for every policy that reads regions.
#include "support/GoldenRuns.h"
#include "support/Policies.h"
#include "support/RandomTraces.h"
#include "support/SkipReport.h"

#include "policy/Policy.h"
#include "sweep/Sweep.h"

#include <QDir>
#include <QTest>

#include <fstream>
#include <map>
#include <string>
#include <vector>

using namespace holescope;

namespace {

// Replays once each way and returns the first difference in words (empty when identical).
std::string upkeepDifference(const PreparedTrace& t, ReplayOptions o)
{
    o.logEvents = true;
    o.upkeep = RegionUpkeep::FromStart;
    const ReplayResult simrdWay = replay(t, o);
    o.upkeep = RegionUpkeep::Deferred;
    const ReplayResult deferred = replay(t, o);
    std::string diff = test::replayDifference(simrdWay, deferred);
    if (diff.empty() && (simrdWay.maxDepth != deferred.maxDepth || simrdWay.steps != deferred.steps))
        diff = "cascade depth or step count";
    return diff.empty() ? diff : "budget " + std::to_string(o.budget) + ", policy " + policyName(o.policy) + ": " + diff;
}

} // namespace

class RegionUpkeep_ : public QObject {
    Q_OBJECT

private:
    QString m_shared = QStringLiteral(HOLESCOPE_SHARED_DIR);

    // Budgets from 1/steps of the peak up to the peak, for every policy that reads regions.
    void checkEveryPolicy(const PreparedTrace& t, int steps)
    {
        for (const std::string& name : test::kRegionPolicies) {
            ReplayOptions o;
            o.policy = test::policyNamed(name);
            QVERIFY2(o.policy.usesRegions(), (name + " reads no regions: it checks nothing here").c_str());
            for (int i = 1; i <= steps; ++i) {
                o.budget = budgetForRatio(t.baseline, static_cast<double>(i) / steps);
                const std::string diff = upkeepDifference(t, o);
                QVERIFY2(diff.empty(), diff.c_str());
            }
        }
    }

private slots:
    void tinyTraces_data()
    {
        QTest::addColumn<QString>("path");
        const QString dir = QStringLiteral(HOLESCOPE_TEST_DATA "/tiny");
        for (const QString& f : QDir(dir).entryList({"*.log"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << dir + "/" + f;
        QTest::newRow("demo-unet.log") << QStringLiteral(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log");
    }

    void tinyTraces()
    {
        QFETCH(QString, path);
        checkEveryPolicy(test::loadTrace(path.toStdString()), 100);
    }

    void dtrTraces_data()
    {
        if (!QDir(m_shared + "/traces/dtr").exists())
            HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + m_shared + "; the DTR traces were NOT checked"));
        QTest::addColumn<QString>("trace");
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<double>("step");
        // Dense where replays take milliseconds; a few budgets on the slow traces.
        QTest::newRow("resnet32") << "resnet32-56-9000000000.0-2020-10-1-13-3-30-default.log" << 0.02 << 1.0 << 0.005;
        QTest::newRow("unet") << "unet-6-8000000000.0-2020-10-1-10-57-18-default.log" << 0.02 << 1.0 << 0.005;
        QTest::newRow("transformer") << "transformer-10-8000000000.0-2020-10-1-10-56-5-default.log" << 0.05 << 1.0 << 0.05;
        QTest::newRow("densenet") << "tv_densenet121-84-10000000000.0-2020-10-1-13-41-18-default.log" << 0.05 << 1.0 << 0.05;
        QTest::newRow("inceptionv4") << "inceptionv4-64-10000000000.0-2020-10-1-10-55-0-default.log" << 0.25 << 1.0 << 0.05;
        QTest::newRow("lstm") << "lstm-128-11000000000.0-2020-10-1-16-38-52-default.log" << 0.4 << 1.0 << 0.3;
        QTest::newRow("treelstm") << "treelstm-6-8000000000.0-2020-10-1-12-54-1-default.log" << 0.4 << 1.0 << 0.3;
        QTest::newRow("unroll_gan") << "unroll_gan-512-10000000000.0-2020-10-1-18-43-42-default.log" << 0.4 << 1.0 << 0.3;
    }

    void dtrTraces()
    {
        QFETCH(QString, trace);
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(double, step);
        const PreparedTrace t = test::loadTrace((m_shared + "/traces/dtr/" + trace).toStdString());
        const std::vector<int64_t> budgets = ratioGrid(t.baseline, from, to, step);
        QVERIFY(!budgets.empty());
        for (int64_t budget : budgets) {
            ReplayOptions o;
            o.budget = budget;
            const std::string diff = upkeepDifference(t, o);
            QVERIFY2(diff.empty(), (trace.toStdString() + ": " + diff).c_str());
        }
    }

    // Random traces full of aliases: where simrd's kept regions miss edges and keep stale sums,
    // the replay must start keeping them as simrd does before it happens.
    void randomAliasTraces()
    {
        for (uint32_t seed = 0; seed < 300; ++seed) {
            const std::string name = test::randomAliasTraceName(seed);
            const PreparedTrace t = test::preparedRandomAliasTrace(seed);
            for (int i = 1; i <= 40; ++i) {
                ReplayOptions o;
                o.budget = t.baseline.memory * i / 40;
                const std::string diff = upkeepDifference(t, o);
                QVERIFY2(diff.empty(), (name + ": " + diff).c_str());
            }
        }
    }

    // The same traces against simrd's own figures (tests/data/simrd/random-alias.jsonl), with
    // both region stores.
    void randomAliasTracesMatchSimrd()
    {
        std::ifstream in(HOLESCOPE_TEST_DATA "/simrd/random-alias.jsonl");
        QVERIFY2(in, "tests/data/simrd/random-alias.jsonl is missing");
        std::map<std::string, PreparedTrace> traces;
        for (uint32_t seed = 0; seed < 100; ++seed)
            traces.emplace(test::randomAliasTraceName(seed), test::preparedRandomAliasTrace(seed));
        std::string line;
        int runs = 0;
        while (std::getline(in, line)) {
            const nlohmann::json golden = nlohmann::json::parse(line);
            const std::string name = golden["trace"];
            const auto it = traces.find(name);
            QVERIFY2(it != traces.end(), (name + ": not a trace of seeds 0 to 99").c_str());
            ReplayOptions o = test::optionsFor(golden);
            for (RegionStore store : {RegionStore::Dense, RegionStore::Sparse}) {
                o.regions = store;
                const std::string diff = test::firstDifference(golden, replay(it->second, o));
                QVERIFY2(diff.empty(), (name + " at " + std::to_string(o.budget) + (store == RegionStore::Sparse ? ", sparse regions: " : ": ") + diff).c_str());
            }
            ++runs;
        }
        QCOMPARE(runs, 768);
    }

    // The other policies on a trace with rematerialization cascades of every depth.
    void resnetEveryPolicy()
    {
        if (!QDir(m_shared + "/traces/dtr").exists())
            HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + m_shared + "; the DTR traces were NOT checked"));
        checkEveryPolicy(test::loadTrace((m_shared + "/traces/dtr/resnet32-56-9000000000.0-2020-10-1-13-3-30-default.log").toStdString()), 50);
    }
};

HOLESCOPE_TEST_MAIN(RegionUpkeep_)
#include "tst_region_upkeep.moc"
