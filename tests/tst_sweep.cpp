// SPDX-License-Identifier: GPL-3.0-or-later
// Sweeps, certified intervals and holes: exact where they claim to be, and the same whatever
// the threads or shards.
#include "report/SweepJson.h"
#include "support/GoldenRuns.h"
#include "support/SkipReport.h"
#include "sweep/Holes.h"
#include "sweep/Sweep.h"
#include "trace/TraceReader.h"

#include <QDir>
#include <QTest>

#include <limits>

using namespace holescope;

namespace {

std::string sweepBytes(const SweepSpec& spec, const std::vector<SweepPoint>& points, const PreparedTrace& t)
{
    SweepHeader h;
    h.trace = "t";
    h.baselineMemory = t.baseline.memory;
    h.mode = spec.grid.empty() ? "certified" : "grid";
    h.from = spec.from;
    h.to = spec.to;
    h.refine = spec.refine;
    return sweepToJson(h, points, false).dump();
}

} // namespace

class SweepTest : public QObject {
    Q_OBJECT

private:
    QString m_shared = QStringLiteral(HOLESCOPE_SHARED_DIR);
    std::optional<PreparedTrace> m_resnet;

    const PreparedTrace& resnet()
    {
        if (!m_resnet)
            m_resnet = test::loadTrace((m_shared + "/traces/dtr/resnet32-56-9000000000.0-2020-10-1-13-3-30-default.log").toStdString());
        return *m_resnet;
    }

    bool outcomeAt(int64_t budget, Outcome expected)
    {
        ReplayOptions o;
        o.budget = budget;
        return replay(resnet(), o).outcome == expected;
    }

private slots:
    void initTestCase()
    {
        if (!QDir(m_shared + "/traces/dtr").exists())
            HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + m_shared + "; sweeps were NOT checked on the DTR traces"));
    }

    // The figure: one hole on a 0.002 grid from 0.09 to 0.12, holding 0.102 to 0.106.
    void resnetHoleOnGrid()
    {
        SweepSpec spec;
        spec.grid = ratioGrid(resnet().baseline, 0.09, 0.12, 0.002);
        QCOMPARE(spec.grid.size(), size_t{16});
        spec.from = spec.grid.front();
        spec.to = spec.grid.back();
        spec.refine = 1;
        SweepResult r = runSweep(resnet(), spec);
        std::vector<Hole> holes = findHoles(r.points, resnet().baseline);
        QCOMPARE(holes.size(), size_t{1});
        QVERIFY(!holes[0].exact);   // the grid alone leaves the failing executions' gaps unknown
        certifyHoles(resnet(), spec, holes, r);
        QVERIFY(!r.stopped);
        QCOMPARE(r.certifiedBytes, certifiedBytes(r.points, r.rangeLo, r.rangeHi));
        holes = findHoles(r.points, resnet().baseline);
        QCOMPARE(holes.size(), size_t{1});
        Hole h = holes[0];
        QVERIFY(h.exact);
        QVERIFY(h.loBudget <= budgetForRatio(resnet().baseline, 0.102));
        QVERIFY(h.hiBudget >= budgetForRatio(resnet().baseline, 0.106));
        QCOMPARE(outcomeName(h.outcome), "oom");
        // Exact edges: the byte below completes, the edge bytes fail, the byte above completes.
        QVERIFY(outcomeAt(h.loBudget - 1, Outcome::Complete));
        QVERIFY(outcomeAt(h.loBudget, Outcome::Oom));
        QVERIFY(outcomeAt(h.hiBudget, Outcome::Oom));
        QVERIFY(outcomeAt(h.hiBudget + 1, Outcome::Complete));

        describeFailure(resnet(), spec.replay, h);
        QCOMPARE(h.failureOp, int64_t{471});   // simrd's ops_done for the goldens inside the hole
        QVERIFY(h.pinnedBytes > 0 && h.pinnedBytes <= h.loBudget);
    }

    // A replay at either end of a golden run's certified interval makes the same evictions.
    void certifiedIntervalsOfGoldens()
    {
        for (const char* name : {"resnet32.jsonl", "unet.jsonl"}) {
            const test::GoldenFile g = test::readGoldenFile((m_shared + "/golden/" + name).toStdString());
            const PreparedTrace t = test::loadTrace((m_shared + "/traces/dtr/").toStdString() + g.trace);
            for (const auto& run : g.runs) {
                ReplayOptions o = test::optionsFor(run);
                const ReplayResult r = replay(t, o);
                QVERIFY(r.certifiedLo <= o.budget && o.budget <= r.certifiedHi);
                for (int64_t end : {r.certifiedLo, std::min(r.certifiedHi, int64_t{1} << 50)}) {
                    o.budget = end;
                    nlohmann::json atEnd = run;
                    atEnd.erase("free_log");   // its bytes short depend on the budget itself
                    const std::string diff = test::firstDifference(atEnd, replay(t, o));
                    QVERIFY2(diff.empty(), (g.trace + " at " + std::to_string(end) + ": " + diff).c_str());
                }
            }
        }
    }

private:
    // A refined grid around the ResNet-32 hole, and a certified range across its lower edge.
    std::pair<SweepSpec, SweepSpec> gridAndCertified(int64_t refine)
    {
        SweepSpec grid;
        grid.grid = ratioGrid(resnet().baseline, 0.08, 0.14, 0.004);
        grid.from = grid.grid.front();
        grid.to = grid.grid.back();
        grid.refine = refine;
        SweepSpec exact;
        exact.from = budgetForRatio(resnet().baseline, 0.1015);
        exact.to = budgetForRatio(resnet().baseline, 0.1022);
        return {grid, exact};
    }

private slots:
    void sameBytesWhateverTheThreads()
    {
        auto [grid, exact] = gridAndCertified(1000);
        for (SweepSpec* spec : {&grid, &exact}) {
            spec->jobs = 1;
            const std::string one = sweepBytes(*spec, runSweep(resnet(), *spec).points, resnet());
            for (int jobs : {2, 3}) {
                spec->jobs = jobs;
                QCOMPARE(sweepBytes(*spec, runSweep(resnet(), *spec).points, resnet()), one);
            }
        }
    }

    void shardsMergeIntoTheWhole()
    {
        auto [grid, exact] = gridAndCertified(1);
        for (SweepSpec* spec : {&grid, &exact}) {
            const std::string whole = sweepBytes(*spec, runSweep(resnet(), *spec).points, resnet());
            for (int n : {2, 4}) {
                std::vector<std::vector<SweepPoint>> parts;
                for (int k = 1; k <= n; ++k) {
                    SweepSpec part = *spec;
                    part.shard = k;
                    part.shards = n;
                    parts.push_back(runSweep(resnet(), part).points);
                }
                QCOMPARE(sweepBytes(*spec, mergePoints(parts), resnet()), whole);
            }
        }
    }

    void cancelledSweepReportsWhatItKnows()
    {
        SweepSpec spec;
        spec.from = budgetForRatio(resnet().baseline, 0.05);
        spec.to = budgetForRatio(resnet().baseline, 1.0);
        std::atomic<bool> cancel{false};
        int calls = 0;
        const SweepResult r = runSweep(resnet(), spec, &cancel, [&](const SweepProgress& p) {
            if (++calls == 20)
                cancel.store(true);
            QVERIFY(p.done <= p.total);
        });
        QVERIFY(r.stopped);
        QVERIFY(r.certifiedBytes > 0 && r.certifiedBytes < r.rangeBytes);
        for (const SweepPoint& p : r.points)
            QVERIFY(p.outcome != Outcome::Unresolved);   // interrupted replays are dropped, not reported
    }

    void cappedReplaysAreUnresolvedAndBoundNoHole()
    {
        SweepSpec spec;
        spec.grid = ratioGrid(resnet().baseline, 0.09, 0.12, 0.002);
        spec.from = spec.grid.front();
        spec.to = spec.grid.back();
        spec.replay.maxSteps = 300;
        const SweepResult r = runSweep(resnet(), spec);
        QCOMPARE(r.points.size(), spec.grid.size());
        for (const SweepPoint& p : r.points) {
            QCOMPARE(outcomeName(p.outcome), "unresolved");
            QVERIFY(p.reason.find("step cap") != std::string::npos);
        }
        QCOMPARE(r.certifiedBytes, int64_t{0});
        QVERIFY(findHoles(r.points, resnet().baseline).empty());
    }

};

HOLESCOPE_TEST_MAIN(SweepTest)
#include "tst_sweep.moc"
