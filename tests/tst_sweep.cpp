// SPDX-License-Identifier: GPL-3.0-or-later
// Sweeps, certified intervals and holes: exact where they claim to be, and the same whatever
// the threads or shards.
#include "report/SweepJson.h"
#include "support/GoldenRuns.h"
#include "support/SkipReport.h"
#include "sweep/Advice.h"
#include "sweep/Holes.h"
#include "sweep/Sweep.h"
#include "sweep/SweepGrid.h"
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

SweepPoint point(int64_t budget, Outcome outcome, int64_t lo, int64_t hi)
{
    SweepPoint p{};
    p.budget = budget;
    p.outcome = outcome;
    p.certifiedLo = lo;
    p.certifiedHi = hi;
    return p;
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

    // Holes from hand-made points: what is exact, what is sampled, what is no hole at all.
    void holesFromPoints()
    {
        Baseline b;
        b.memory = 1000;
        const auto C = Outcome::Complete, O = Outcome::Oom, X = Outcome::OverheadExceeded, U = Outcome::Unresolved;
        // complete [0,99], oom [100,149], overhead [150,199], complete [200,299]: one exact hole.
        auto holes = findHoles({point(50, C, 0, 99), point(120, O, 100, 149), point(170, X, 150, 199), point(250, C, 200, 299)}, b);
        QCOMPARE(holes.size(), size_t{1});
        QVERIFY(holes[0].exact);
        QCOMPARE(holes[0].loBudget, int64_t{100});
        QCOMPARE(holes[0].hiBudget, int64_t{199});
        QCOMPARE(holes[0].executions, int64_t{2});
        QVERIFY(holes[0].mixed);
        QCOMPARE(holes[0].loRatio, 0.1);
        // A gap between the completing interval and the failing one: sampled edges. The hole's
        // bounds are the bytes known to fail, the failing execution's whole interval, not the
        // budget sampled in it; the span is where its edges must lie.
        holes = findHoles({point(50, C, 0, 90), point(120, O, 100, 149), point(250, C, 150, 299)}, b);
        QCOMPARE(holes.size(), size_t{1});
        QVERIFY(!holes[0].exact);
        QCOMPARE(holes[0].loBudget, int64_t{100});
        QCOMPARE(holes[0].hiBudget, int64_t{149});
        QCOMPARE(holes[0].spanLo, int64_t{91});
        QCOMPARE(holes[0].spanHi, int64_t{149});
        QVERIFY(!holes[0].gapsInside);
        // Two failing executions with an unexamined gap between them: from the lower one's first
        // byte to the upper one's last, not exact (a completing budget may hide in the gap).
        holes = findHoles({point(50, C, 0, 99), point(120, O, 100, 129), point(170, O, 160, 199), point(250, C, 200, 299)}, b);
        QCOMPARE(holes.size(), size_t{1});
        QVERIFY(!holes[0].exact);
        QCOMPARE(holes[0].loBudget, int64_t{100});
        QCOMPARE(holes[0].hiBudget, int64_t{199});
        QVERIFY(holes[0].gapsInside);
        QCOMPARE(holes[0].spanLo, int64_t{100});   // the edges themselves are exact
        QCOMPARE(holes[0].spanHi, int64_t{199});
        // A point whose interval is unknown bounds the hole at its budget.
        holes = findHoles({point(50, C, 0, 90), point(120, O, 0, std::numeric_limits<int64_t>::max()), point(250, C, 150, 299)}, b);
        QCOMPARE(holes.size(), size_t{1});
        QCOMPARE(holes[0].loBudget, int64_t{120});
        QCOMPARE(holes[0].hiBudget, int64_t{120});
        // Failing at the bottom or the top of the range, or next to an unresolved point: no hole.
        QVERIFY(findHoles({point(10, O, 0, 99), point(150, C, 100, 199)}, b).empty());
        QVERIFY(findHoles({point(10, C, 0, 99), point(150, O, 100, 199)}, b).empty());
        QVERIFY(findHoles({point(10, C, 0, 99), point(150, O, 100, 199), point(250, U, 200, 299), point(350, C, 300, 399)}, b).empty());
    }

    // The budgets a shard that ran to its end must account for, from hand-made points.
    void budgetsWithoutAPoint()
    {
        const auto C = Outcome::Complete, O = Outcome::Oom, U = Outcome::Unresolved;
        SweepSpec certified;
        certified.from = 100;
        certified.to = 299;
        certified.shard = 2;
        certified.shards = 2;   // its part: [200, 299]
        const auto none = std::optional<int64_t>();
        // An execution reaching below the part names itself by its lowest budget in the range.
        QCOMPARE(firstBudgetWithoutPoint(certified, {point(150, C, 150, 229), point(230, O, 230, 400)}), none);
        QCOMPARE(firstBudgetWithoutPoint(certified, {point(230, O, 230, 400)}), std::optional<int64_t>(200));
        QCOMPARE(firstBudgetWithoutPoint(certified, {point(150, C, 150, 229), point(240, O, 240, 400)}), std::optional<int64_t>(230));
        QCOMPARE(firstBudgetWithoutPoint(certified, {point(150, C, 150, 229), point(230, O, 230, 280)}), std::optional<int64_t>(281));
        // After a capped run (its file keeps no interval) the next point may start anywhere.
        QCOMPARE(firstBudgetWithoutPoint(certified, {point(200, U, 200, 200), point(260, C, 260, 299)}), none);
        QCOMPARE(firstBudgetWithoutPoint(certified, {point(200, C, 200, 210), point(211, U, 211, 211)}), none);
        QCOMPARE(firstBudgetWithoutPoint(certified, {point(200, C, 200, 210), point(211, U, 211, 211), point(250, C, 250, 260)}),
                 std::optional<int64_t>(261));
        // A grid: the part's block of budgets and its right neighbour's first, refinement points aside.
        SweepSpec grid;
        grid.grid = {100, 110, 120, 130, 140, 150};
        grid.shard = 1;
        grid.shards = 2;   // 100, 110, 120 and 130
        QCOMPARE(firstBudgetWithoutPoint(grid, {point(100, C, 0, 0), point(110, C, 0, 0), point(115, O, 0, 0), point(120, O, 0, 0), point(130, U, 0, 0)}),
                 none);
        QCOMPARE(firstBudgetWithoutPoint(grid, {point(100, C, 0, 0), point(110, C, 0, 0), point(130, O, 0, 0)}), std::optional<int64_t>(120));
        QCOMPARE(firstBudgetWithoutPoint(grid, {point(100, C, 0, 0), point(110, C, 0, 0), point(120, O, 0, 0)}), std::optional<int64_t>(130));
        const GridBlock block = gridBlockOf(6, 2, 2);
        QCOMPARE(block.first, int64_t{3});
        QCOMPARE(block.last, int64_t{6});
    }

    // A grid rebuilt from what a sweep's file records: the ratios typed, or steps of bytes.
    void gridFromItsRange()
    {
        GridRange ratios{.from = 300, .to = 500, .fromRatio = 0.3, .toRatio = 0.5, .step = 0.1};
        QCOMPARE(gridBudgetsOf(1000, ratios), (std::vector<int64_t>{300, 400, 500}));
        QCOMPARE(gridSizeOf(1000, ratios), 3.0);
        // An upper end in bytes: one step past it, cut at its bytes.
        ratios.toRatio.reset();
        ratios.to = 450;
        QCOMPARE(gridBudgetsOf(1000, ratios), (std::vector<int64_t>{300, 400}));
        const GridRange bytes{.from = 1000, .to = 1300, .step = 0.1};
        QCOMPARE(gridBudgetsOf(1000, bytes), (std::vector<int64_t>{1000, 1100, 1200, 1300}));
        const GridRange tiny{.from = 5, .to = 8, .step = 0.0001};   // less than a byte: one byte
        QCOMPARE(gridBudgetsOf(1000, tiny), (std::vector<int64_t>{5, 6, 7, 8}));
    }

    // advise's judgement from hand-made points (budget 200, window 100, margin 20): it claims
    // nothing about bytes no resolved replay speaks for.
    void adviceClaimsOnlyWhatWasExamined()
    {
        Baseline b;
        b.memory = 1000;
        const auto C = Outcome::Complete, O = Outcome::Oom, U = Outcome::Unresolved;
        AdviceRequest r;
        r.budget = 200;
        r.window = 100;
        r.margin = 20;
        // Every byte of [100, 300] known, no failure: safe.
        Advice a = adviceFromSweep(b, r, {point(100, C, 100, 300)}, false);
        QCOMPARE(adviceVerdictName(a.verdict), "safe");
        QCOMPARE(a.marginUnexamined, int64_t{0});
        QCOMPARE(a.safe->budget, int64_t{200});
        // The sweep stopped at 209: 11 bytes of the margin (210..220) unexamined. Not safe.
        a = adviceFromSweep(b, r, {point(100, C, 100, 209)}, true);
        QCOMPARE(adviceVerdictName(a.verdict), "unknown");
        QVERIFY(a.atKnown);
        QCOMPARE(a.marginUnexamined, int64_t{11});
        QCOMPARE(a.aboveUnexamined, int64_t{91});
        QVERIFY(!a.safe);
        // A replay cut short by a cap at 205..215 (no stop): unknown too.
        a = adviceFromSweep(b, r, {point(100, C, 100, 204), point(205, U, 205, 215), point(216, C, 216, 300)}, false);
        QCOMPARE(adviceVerdictName(a.verdict), "unknown");
        QCOMPARE(a.marginUnexamined, int64_t{11});
        // A failure found within the margin decides it whatever is unexamined: near a hole.
        a = adviceFromSweep(b, r, {point(100, C, 100, 189), point(190, O, 190, 195), point(196, C, 196, 205)}, true);
        QCOMPARE(adviceVerdictName(a.verdict), "near_hole");
        QCOMPARE(*a.nearestFailure, int64_t{195});
        QCOMPARE(a.marginUnexamined, int64_t{15});
        // A failing budget with completing ones below and none examined above: fails, with the
        // unexamined bytes above it counted (the text names them instead of blaming the window).
        a = adviceFromSweep(b, r, {point(100, C, 100, 189), point(190, O, 190, 250)}, true);
        QCOMPARE(adviceVerdictName(a.verdict), "fails");
        QCOMPARE(a.aboveUnexamined, int64_t{50});
        QCOMPARE(a.below->budget, int64_t{189});
        // Nothing known at the budget itself.
        a = adviceFromSweep(b, r, {point(100, C, 100, 150)}, true);
        QCOMPARE(adviceVerdictName(a.verdict), "unknown");
        QVERIFY(!a.atKnown);
    }
};

HOLESCOPE_TEST_MAIN(SweepTest)
#include "tst_sweep.moc"
