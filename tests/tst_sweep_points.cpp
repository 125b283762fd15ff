// SPDX-License-Identifier: GPL-3.0-or-later
// What sweeps conclude from their points, on hand-made points (no trace needed): holes, advice,
// the points a shard must hold, the grid rebuilt from a file, and how points are named and merged.
#include "report/AdviceReport.h"
#include "support/SkipReport.h"
#include "sweep/Advice.h"
#include "sweep/Holes.h"
#include "sweep/Sweep.h"
#include "sweep/SweepGrid.h"
#include "text/Numbers.h"

#include <QTest>

#include <limits>
#include <string>
#include <optional>

using namespace holescope;

namespace {

SweepPoint point(int64_t budget, Outcome outcome, int64_t lo, int64_t hi)
{
    SweepPoint p{};
    p.budget = budget;
    p.outcome = outcome;
    p.certifiedLo = lo;
    p.certifiedHi = hi;
    return p;
}

// What is missing, as "kind@budget" ("grid@120", "bytes@230", "bisect@117 in 110..120"), or "none".
std::string missingText(const SweepSpec& spec, const std::vector<SweepPoint>& points)
{
    const std::optional<MissingPoint> m = firstMissingPoint(spec, points);
    if (!m)
        return "none";
    switch (m->kind) {
    case MissingPoint::Kind::GridBudget: return "grid@" + std::to_string(m->budget);
    case MissingPoint::Kind::Bytes: return "bytes@" + std::to_string(m->budget);
    case MissingPoint::Kind::Bisection:
        return "bisect@" + std::to_string(m->budget) + " in " + std::to_string(m->below) + ".." + std::to_string(m->above);
    }
    return "?";
}

} // namespace

class SweepPointsTest : public QObject {
    Q_OBJECT

private slots:
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

    // The points a shard that ran to its end must hold, from hand-made points.
    void missingPoints()
    {
        const auto C = Outcome::Complete, O = Outcome::Oom, U = Outcome::Unresolved;
        SweepSpec certified;
        certified.from = 100;
        certified.to = 299;
        certified.shard = 2;
        certified.shards = 2;   // its part: [200, 299]
        // An execution reaching below the part names itself by its lowest budget in the range.
        QCOMPARE(missingText(certified, {point(150, C, 150, 229), point(230, O, 230, 400)}), std::string("none"));
        QCOMPARE(missingText(certified, {point(230, O, 230, 400)}), std::string("bytes@200"));
        QCOMPARE(missingText(certified, {point(150, C, 150, 229), point(240, O, 240, 400)}), std::string("bytes@230"));
        QCOMPARE(missingText(certified, {point(150, C, 150, 229), point(230, O, 230, 280)}), std::string("bytes@281"));
        // After a capped run (its file keeps no interval) the next point may start anywhere.
        QCOMPARE(missingText(certified, {point(200, U, 200, 200), point(260, C, 260, 299)}), std::string("none"));
        QCOMPARE(missingText(certified, {point(200, C, 200, 210), point(211, U, 211, 211)}), std::string("none"));
        QCOMPARE(missingText(certified, {point(200, C, 200, 210), point(211, U, 211, 211), point(250, C, 250, 260)}), std::string("bytes@261"));
        // A run the time cap stopped, inside an execution found already, says nothing of what follows.
        QCOMPARE(missingText(certified, {point(200, C, 200, 240), point(230, U, 0, 0), point(290, C, 290, 299)}), std::string("none"));

        // A grid: the part's block of budgets and its right neighbour's first.
        SweepSpec grid;
        grid.grid = {100, 110, 120, 130, 140, 150};
        grid.shard = 1;
        grid.shards = 2;   // 100, 110, 120 and 130
        QCOMPARE(missingText(grid, {point(100, C, 0, 0), point(110, C, 0, 0), point(115, O, 0, 0), point(120, O, 0, 0), point(130, U, 0, 0)}),
                 std::string("none"));
        QCOMPARE(missingText(grid, {point(100, C, 0, 0), point(110, C, 0, 0), point(130, O, 0, 0)}), std::string("grid@120"));
        QCOMPARE(missingText(grid, {point(100, C, 0, 0), point(110, C, 0, 0), point(120, O, 0, 0)}), std::string("grid@130"));
        const GridBlock block = gridBlockOf(6, 2, 2);
        QCOMPARE(block.first, int64_t{3});
        QCOMPARE(block.last, int64_t{6});
        QCOMPARE(block.next, int64_t{6});
        QCOMPARE(gridBlockOf(6, 1, 2).next, int64_t{3});

        // Refined to 2 bytes: 110 completes up to 112, 120 fails from 118; refinement replays the
        // middle of 113..117, 115, and goes on between 110 and 115 (113) if 115 does not certify 113.
        grid.refine = 2;
        const auto refined = [&](std::vector<SweepPoint> between) {
            std::vector<SweepPoint> all{point(100, C, 100, 112), point(110, C, 100, 112)};
            all.insert(all.end(), between.begin(), between.end());
            for (const SweepPoint& p : {point(120, O, 118, 125), point(130, O, 126, 135)})
                all.push_back(p);
            return missingText(grid, all);
        };
        QCOMPARE(refined({point(115, O, 113, 117)}), std::string("none"));
        QCOMPARE(refined({}), std::string("bisect@115 in 110..120"));
        QCOMPARE(refined({point(115, O, 115, 117)}), std::string("bisect@113 in 110..120"));   // 113 and 114 unknown
        QCOMPARE(refined({point(113, U, 0, 0), point(115, O, 115, 117)}), std::string("none"));   // a capped run's interval is not in the file
        QCOMPARE(refined({point(113, C, 113, 114), point(115, O, 115, 117)}), std::string("none"));
        QCOMPARE(refined({point(114, C, 113, 114), point(115, O, 115, 117)}), std::string("bisect@113 in 110..120"));   // 114 was not its middle
        grid.refine = 5;   // 110 and 115 are 5 apart: fine enough
        QCOMPARE(refined({point(115, O, 115, 117)}), std::string("none"));
        grid.refine = 0;   // no refinement asked: nothing to bisect
        QCOMPARE(refined({}), std::string("none"));
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
        GridRange bytes;
        bytes.from = 1000;
        bytes.to = 1300;
        bytes.step = 0.1;
        QCOMPARE(gridBudgetsOf(1000, bytes), (std::vector<int64_t>{1000, 1100, 1200, 1300}));
        GridRange tiny;   // a step of less than a byte: one byte
        tiny.from = 5;
        tiny.to = 8;
        tiny.step = 0.0001;
        QCOMPARE(gridBudgetsOf(1000, tiny), (std::vector<int64_t>{5, 6, 7, 8}));
        SweepSpec part;
        part.from = 100;
        part.to = 199;
        part.shard = 2;
        part.shards = 3;
        QCOMPARE(certifiedPartOf(part).from, int64_t{133});
        QCOMPARE(certifiedPartOf(part).to, int64_t{165});
    }

    // A certified sweep names an execution by its lowest budget in the range, so that chunks and
    // shards agree; a run the time cap stopped by the budget replayed: its interval is only its
    // prefix's, and may hold an execution found already (which is then kept).
    void pointNamesAndMerging()
    {
        SweepPoint capped = point(0, Outcome::Unresolved, 150, 260);
        QCOMPARE(certifiedPointName(capped, 230, 100), int64_t{150});   // a step cap: every budget in it stops alike
        capped.stoppedByTime = true;
        QCOMPARE(certifiedPointName(capped, 230, 100), int64_t{230});
        QCOMPARE(certifiedPointName(point(0, Outcome::Complete, 50, 260), 230, 100), int64_t{100});
        SweepPoint timedOut = point(200, Outcome::Unresolved, 200, 260);
        timedOut.stoppedByTime = true;
        const std::vector<SweepPoint> merged = mergePoints({{timedOut}, {point(150, Outcome::Complete, 150, 199), point(200, Outcome::Complete, 200, 240)}});
        QCOMPARE(merged.size(), size_t{2});
        QCOMPARE(merged[1].budget, int64_t{200});
        QCOMPARE(merged[1].outcome, Outcome::Complete);
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
        QVERIFY(a.nearestFailureInHole);
        QVERIFY(adviceToText("t", b, r, a).find("  NEAR A HOLE: 195 bytes fails, within 20 bytes\n") != std::string::npos);
        // A failure with nothing completing below it is the smallest working budget's edge, no hole
        // (monotone's first completing budget was called "near a hole").
        a = adviceFromSweep(b, r, {point(100, O, 100, 189), point(190, C, 190, 300)}, false);
        QCOMPARE(adviceVerdictName(a.verdict), "near_hole");
        QVERIFY(!a.nearestFailureInHole);
        QVERIFY2(adviceToText("t", b, r, a).find("  NEAR A FAILURE: 189 bytes fails, within 20 bytes; no hole around it in the window "
                                                 "(nothing examined beyond it completes)\n")
                     != std::string::npos,
                 adviceToText("t", b, r, a).c_str());
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
        QVERIFY(!a.atCutShort);
        QVERIFY(adviceToText("t", b, r, a).find("not decided: the examination stopped before the budget itself was replayed\n") != std::string::npos);
        // The budget's own replay cut short by a cap, nothing stopped: said so, and the failure
        // known below it still named (it said the examination had stopped, and named none).
        a = adviceFromSweep(b, r, {point(100, C, 100, 150), point(151, O, 151, 180), point(200, U, 190, 200), point(201, C, 201, 300)}, false);
        QCOMPARE(adviceVerdictName(a.verdict), "unknown");
        QVERIFY(!a.atKnown);
        QVERIFY(a.atCutShort);
        QCOMPARE(*a.nearestFailure, int64_t{180});
        const std::string text = adviceToText("t", b, r, a);
        QVERIFY2(text.find("not decided: the replay of the budget itself was cut short by a cap; raise --max-steps or --max-seconds\n"
                           "  the nearest failing budget found is 180\n")
                     != std::string::npos,
                 text.c_str());
        QCOMPARE(adviceToJson("t", b, r, a).at("nearest_failure").get<int64_t>(), int64_t{180});
        QCOMPARE(adviceToJson("t", b, r, a).at("budget_cut_short").get<bool>(), true);
    }

    // A hole's ratios print with the decimals that tell its edges apart (ResNet-32's 256-byte
    // hole at 981,111,552 .. 981,111,807 of its 10,061,179,152-byte peak read 0.097515 .. 0.097515).
    void ratioSpansTellEdgesApart()
    {
        const double peak = 10061179152.0;
        QCOMPARE(holescope::ratioSpanText(981111552 / peak, 981111807 / peak), std::string("0.09751457 .. 0.09751459"));
        QCOMPARE(holescope::ratioSpanText(0.39, 0.41), std::string("0.390000 .. 0.410000"));
        QCOMPARE(holescope::ratioSpanText(0.5, 0.5), std::string("0.500000 .. 0.500000"));
    }

    // A failure found far off while nearer bytes went unexamined is the nearest found, not the
    // nearest; a budget fenced in by failures on both sides says so (budget 200, window 100,
    // margin 20).
    void adviceNamesOnlyWhatItKnowsOfTheNeighbourhood()
    {
        Baseline b;
        b.memory = 1000;
        const auto C = Outcome::Complete, O = Outcome::Oom;
        AdviceRequest r;
        r.budget = 200;
        r.window = 100;
        r.margin = 20;
        // Stopped with 241..259 unexamined: 260 fails, but a byte in 176..259 may fail nearer.
        Advice a = adviceFromSweep(b, r, {point(100, C, 100, 240), point(260, O, 260, 300)}, true);
        QCOMPARE(adviceVerdictName(a.verdict), "safe");
        QCOMPARE(*a.nearestFailure, int64_t{260});
        QVERIFY(!a.nearestFailureCertain);
        QVERIFY(!a.island);
        std::string text = adviceToText("t", b, r, a);
        QVERIFY2(text.find("  SAFE: no budget within 20 bytes fails; the nearest failing budget found is 260 (bytes nearer to the budget were "
                           "not all examined: the examination was stopped early; allow it more --sweep-seconds)\n")
                     != std::string::npos,
                 text.c_str());
        QCOMPARE(adviceToJson("t", b, r, a).at("nearest_failure_certain").get<bool>(), false);
        // Every byte examined: 260 is the nearest, and the budget sits between failures at 130 and 260.
        a = adviceFromSweep(b, r, {point(100, O, 100, 130), point(131, C, 131, 259), point(260, O, 260, 300)}, false);
        QCOMPARE(adviceVerdictName(a.verdict), "safe");
        QCOMPARE(*a.nearestFailure, int64_t{260});
        QVERIFY(a.nearestFailureCertain);
        QVERIFY(a.island);
        QCOMPARE(a.island->lo, int64_t{131});
        QCOMPARE(a.island->hi, int64_t{259});
        text = adviceToText("t", b, r, a);
        QVERIFY2(text.find("  SAFE: no budget within 20 bytes fails; the nearest failing budget is 260\n"
                           "  it completes only from 131 to 259 bytes (129 bytes), with failures on both sides\n")
                     != std::string::npos,
                 text.c_str());
        QCOMPARE(adviceToJson("t", b, r, a).at("completes_only_within").dump(), std::string("[131,259]"));
        // A byte unexamined at the failure's own distance on the other side cannot fail nearer.
        a = adviceFromSweep(b, r, {point(100, C, 100, 179), point(180, O, 180, 180), point(181, C, 181, 219), point(221, C, 221, 300)}, true);
        QCOMPARE(*a.nearestFailure, int64_t{180});
        QVERIFY(a.nearestFailureCertain);
        // The same with bytes between unexamined: no island is claimed.
        a = adviceFromSweep(b, r, {point(100, O, 100, 130), point(131, C, 131, 240), point(260, O, 260, 300)}, true);
        QVERIFY(!a.island);
        QCOMPARE(adviceToJson("t", b, r, a).at("completes_only_within").is_null(), true);
    }
};

HOLESCOPE_TEST_MAIN(SweepPointsTest)
#include "tst_sweep_points.moc"
