// SPDX-License-Identifier: GPL-3.0-or-later
// Eviction policies: every simrd heuristic against simrd's own figures (tests/data/simrd/
// policies.jsonl, measured with unmodified simrd on the tiny traces and the demo), the names and
// their errors, formulas, and holescope's own policies on hand-checked cases.
#include "support/GoldenRuns.h"
#include "support/SkipReport.h"

#include "policy/Policy.h"
#include "policy/PythonRandom.h"
#include "report/SweepJson.h"
#include "sweep/Holes.h"
#include "sweep/Sweep.h"
#include "trace/TraceReader.h"

#include <QTest>

#include <fstream>
#include <map>

using namespace holescope;
using namespace holescope::test;

namespace {

const std::string kData = HOLESCOPE_TEST_DATA;
const std::string kDemo = HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log";

// simrd's heuristic classes and the names holescope gives them.
const std::map<std::string, std::string> kNames = {
    {"DTR", "dtr"},
    {"DTREqClass", "dtr-eqclass"},
    {"DTRLocal", "dtr-local"},
    {"MSPS", "msps"},
    {"LRU", "lru"},
    {"LargestStorage", "size"},
    {"AbESize", "ablation:estar-size"},
    {"AbEStale", "ablation:estar-stale"},
    {"AbE", "ablation:estar"},
    {"AbEqSize", "ablation:eqclass-size"},
    {"AbEqStale", "ablation:eqclass-stale"},
    {"AbEq", "ablation:eqclass"},
    {"AbLocalSize", "ablation:local-size"},
    {"AbLocalStale", "ablation:local-stale"},
    {"AbLocal", "ablation:local"},
    {"AbSizeStale", "ablation:nocost-size-stale"},
    {"AbStale", "ablation:nocost-stale"},
    {"RandomStorage", "random"},
};

Policy policyOrFail(const std::string& name)
{
    auto p = parsePolicy(name);
    if (auto* error = std::get_if<std::string>(&p))
        throw std::runtime_error(*error);
    return std::get<Policy>(p);
}

} // namespace

class PoliciesTest : public QObject {
    Q_OBJECT

    std::map<std::string, PreparedTrace> m_traces;

    const PreparedTrace& trace(const std::string& file)
    {
        auto it = m_traces.find(file);
        if (it == m_traces.end())
            it = m_traces.emplace(file, loadTrace(file == "demo-unet.log" ? kDemo : kData + "/tiny/" + file)).first;
        return it->second;
    }

private slots:
    void matchesSimrd_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<int>("expectedRuns");
        // 31 budgets on 11 traces per heuristic; random with seeds 1, 2 and 3.
        for (const auto& [simrd, ours] : kNames)
            QTest::addRow("%s", simrd.c_str()) << QString::fromStdString(simrd) << (simrd == "RandomStorage" ? 153 : 51);
    }

    // Every decision, as simrd makes it: outcome, clock, remat, evictions and the full eviction
    // and free logs, for each heuristic on every budget measured.
    void matchesSimrd()
    {
        QFETCH(QString, policy);
        QFETCH(int, expectedRuns);
        std::ifstream in(kData + "/simrd/policies.jsonl");
        QVERIFY2(in, "tests/data/simrd/policies.jsonl is missing");
        std::string line;
        int runs = 0;
        while (std::getline(in, line)) {
            const nlohmann::json golden = nlohmann::json::parse(line);
            if (golden["policy"] != policy.toStdString())
                continue;
            ++runs;
            ReplayOptions o;
            o.budget = golden["budget"];
            o.logEvents = true;
            std::string name = kNames.at(golden["policy"]);
            if (name == "random")
                name += ":" + std::to_string(golden["seed"].get<int>());
            o.policy = policyOrFail(name);
            const ReplayResult r = replay(trace(golden["trace"]), o);
            const std::string diff = firstDifference(golden, r);
            QVERIFY2(diff.empty(), qPrintable(QString::fromStdString(golden["trace"].get<std::string>() + " at " + std::to_string(o.budget)
                                                                     + " with " + name + ": " + diff)));
        }
        QCOMPARE(runs, expectedRuns);
    }

    // CPython 3.11: random.seed(1) then randrange(0, n) for n = 5, 7, 100, 3, 1000000, and the
    // same after random.seed(2**40 + 5).
    void pythonRandomStream()
    {
        PythonRandom one(1);
        QCOMPARE((std::vector<uint32_t>{one.below(5), one.below(7), one.below(100), one.below(3), one.below(1000000)}),
                 (std::vector<uint32_t>{1, 4, 97, 0, 267459}));
        PythonRandom big((uint64_t{1} << 40) + 5);
        QCOMPARE((std::vector<uint32_t>{big.below(5), big.below(7), big.below(100), big.below(3), big.below(1000000)}),
                 (std::vector<uint32_t>{4, 4, 34, 2, 970757}));
    }

    void namesRoundTrip_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("canonical");
        for (const char* n : {"dtr", "dtr-eqclass", "dtr-local", "msps", "lru", "size", "random:7", "twophase", "size2", "stale2",
                              "foresight", "monotone", "ablation:estar-size", "ablation:eqclass-stale", "ablation:local",
                              "ablation:nocost-size-stale", "formula:compute/(size*staleness)"})
            QTest::addRow("%s", n) << n << n;
        // The catalogue's examples (the census's default policies, the GUI's choices) run as written.
        for (const QString& n : QString::fromStdString(policyExamples()).split(','))
            QTest::addRow("example %s", qPrintable(n)) << n << n;
        QTest::addRow("random") << "random" << "random:0";
        QTest::addRow("ablation:nocost") << "ablation:nocost" << "random:0";
        QTest::addRow("ablation:estar-size-stale") << "ablation:estar-size-stale" << "dtr";
        QTest::addRow("ablation:nocost-size") << "ablation:nocost-size" << "size";
    }

    void namesRoundTrip()
    {
        QFETCH(QString, name);
        QFETCH(QString, canonical);
        QCOMPARE(QString::fromStdString(policyName(policyOrFail(name.toStdString()))), canonical);
    }

    void badNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        QTest::addRow("unknown") << "belady" << "unknown policy \"belady\"";
        QTest::addRow("seed") << "random:x" << "random:SEED needs a non-negative integer seed, found \"x\"";
        QTest::addRow("negative seed") << "random:-1" << "non-negative integer seed";
        QTest::addRow("ablation") << "ablation:estar-big" << "unknown ablation \"estar-big\"";
        QTest::addRow("formula syntax") << "formula:compute/(size" << "bad formula \"compute/(size\"";
        QTest::addRow("formula name") << "formula:compute/bytes" << "bad formula \"compute/bytes\"";
        QTest::addRow("formula empty") << "formula:" << "bad formula \"\"";
        // muparser assigns with "=": "compute=3" scored every storage 3.
        QTest::addRow("formula assigns") << "formula:compute=3" << "bad formula \"compute=3\": an assignment at position 7 (a score is an expression; \"==\" compares)";
        QTest::addRow("formula adds to") << "formula:size+=1" << "an assignment at position 5";
    }

    // Comparisons hold "=" too, and stay formulas.
    void comparisonsAreNoAssignment()
    {
        const auto p = parsePolicy("formula:(compute==3)+(size<=1)+(size>=1)+(size!=1)");
        QVERIFY2(std::holds_alternative<Policy>(p), std::holds_alternative<std::string>(p) ? std::get<std::string>(p).c_str() : "");
    }

    void badNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, message);
        auto p = parsePolicy(name.toStdString());
        QVERIFY(std::holds_alternative<std::string>(p));
        QVERIFY2(QString::fromStdString(std::get<std::string>(p)).contains(message), std::get<std::string>(p).c_str());
    }

    // hole.log (HAND.md §10) at 14,200 with limit 1.1: the first choice is at operator 7 (clock
    // 121, 600 bytes short) among S1 (K: compute 10, 1,000 B, last access 11, next read by op 8),
    // S2 (D: 30, 1,000 B, 41, op 9), S4 (C: 20, 10,000 B, 91, op 8) and S5 (F: 30, 100 B,
    // 121, op 9; staleness 0, so +inf); nothing is evicted yet, so e* is each one's own compute.
    //   stale2 = c / (size * stale^2): S1 8.26e-7, S2 4.69e-6, S4 2.22e-6 -> S1; K is rebuilt at
    //            op 8 for 10 <= 15.2 and the run completes, where DTR fails.
    //   size2 = c / (size^2 * stale): S1 9.09e-8, S2 3.75e-7, S4 6.67e-9 -> S4: fails at op 8.
    //   foresight = c / (size * ops to next use): S1 0.01, S2 0.015, S4 0.002, S5 0.15 -> S4.
    //   twophase: every candidate is isolated (nothing evicted), so its first phase is DTR's
    //            choice, S4 (h_DTR 6.67e-5 is the lowest).
    void ownPoliciesByHand_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<int>("firstEvicted");
        QTest::addColumn<qint64>("remat");
        QTest::addRow("stale2") << "stale2" << "complete" << 1 << qint64{10};
        QTest::addRow("size2") << "size2" << "overhead_exceeded" << 4 << qint64{20};
        QTest::addRow("foresight") << "foresight" << "overhead_exceeded" << 4 << qint64{20};
        QTest::addRow("twophase") << "twophase" << "overhead_exceeded" << 4 << qint64{20};
        QTest::addRow("formula stale2") << "formula:compute/(size*staleness^2)" << "complete" << 1 << qint64{10};
    }

    void ownPoliciesByHand()
    {
        QFETCH(QString, policy);
        QFETCH(QString, outcome);
        QFETCH(int, firstEvicted);
        QFETCH(qint64, remat);
        ReplayOptions o;
        o.budget = 14200;
        o.overheadLimit = 1.1;
        o.logEvents = true;
        o.policy = policyOrFail(policy.toStdString());
        const ReplayResult r = replay(trace("hole.log"), o);
        QCOMPARE(outcomeName(r.outcome), outcome.toStdString());
        QVERIFY(!r.evictLog.empty());
        QCOMPARE(r.evictLog[0].op, int64_t{7});
        QCOMPARE(r.evictLog[0].storage, firstEvicted);
        QCOMPARE(r.rematCompute, remat);
    }

    // A storage read again only by the trace's closing reads (the pins of what is still held at
    // its end) is read again, not never: foresight scored a and every such storage 0 and evicted
    // them first (U-Net at 0.99: overhead 4.5 against DTR's 1.003, rebuilding at the end).
    // x0 (constant, 100); f(x0) -> a (200, 100 ns); g(x0) -> b (200, 10 ns); k(x0) -> c (200);
    // m(b) -> d (100). Budget 600: k needs 500 + 200, free 100 at operator 4, among a and b.
    // a is next read by the closing pins, counted as operator 6 (after the 5 operators): 2 away,
    // 100 / (200 * 2) = 0.25; b by m, 1 away: 10 / (200 * 1) = 0.05. b (storage 2) goes.
    void foresightSeesTheClosingReads_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addRow("foresight") << "foresight";
        QTest::addRow("next_use") << "formula:estar_compute/(size*next_use)";
    }

    void foresightSeesTheClosingReads()
    {
        QFETCH(QString, policy);
        const std::string text = R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"})" "\n"
            R"({"INSTRUCTION":"CONSTANT","NAME":"x0"})" "\n"
            R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"x0"})" "\n"
            R"({"ARGS":["x0"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["a"],"TIME":"100"})" "\n"
            R"({"INSTRUCTION":"MEMORY","MEMORY":"200","NAME":"a"})" "\n"
            R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"a"})" "\n"
            R"({"ARGS":["x0"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["b"],"TIME":"10"})" "\n"
            R"({"INSTRUCTION":"MEMORY","MEMORY":"200","NAME":"b"})" "\n"
            R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"b"})" "\n"
            R"({"ARGS":["x0"],"INSTRUCTION":"CALL","NAME":"k","RESULT":["c"],"TIME":"10"})" "\n"
            R"({"INSTRUCTION":"MEMORY","MEMORY":"200","NAME":"c"})" "\n"
            R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"c"})" "\n"
            R"({"ARGS":["b"],"INSTRUCTION":"CALL","NAME":"m","RESULT":["d"],"TIME":"10"})" "\n"
            R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"d"})" "\n"
            R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"d"})" "\n";
        TraceLoad load = parseTrace(text, "closing-read.log");
        QVERIFY(std::holds_alternative<Program>(load));
        const PreparedTrace t = prepareTrace(std::move(std::get<Program>(load)));
        ReplayOptions o;
        o.budget = 600;
        o.logEvents = true;
        o.policy = policyOrFail(policy.toStdString());
        const ReplayResult r = replay(t, o);
        QVERIFY(!r.evictLog.empty());
        QCOMPARE(r.evictLog[0].op, int64_t{4});
        QCOMPARE(r.evictLog[0].storage, 2);
    }

    // monotone on hole.log, limit 1.1: DTR completes from 13,800 to 14,199 and from 14,800, and
    // fails in between. At 14,500 monotone runs DTR's execution at 14,199 (op 6 evicts K, op 8
    // rebuilds it: remat 10), certified over DTR's failing interval 14,200..14,799; at 13,799
    // nothing below completes, so it fails as DTR does.
    void monotoneFallsBackToTheLargestCompletingBudget()
    {
        ReplayOptions o;
        o.overheadLimit = 1.1;
        o.policy = policyOrFail("monotone");
        o.budget = 14500;
        const ReplayResult in = replay(trace("hole.log"), o);
        QCOMPARE(outcomeName(in.outcome), std::string("complete"));
        QCOMPARE(in.budget, int64_t{14500});
        QCOMPARE(in.executionBudget, int64_t{14199});
        QCOMPARE(in.rematCompute, int64_t{10});
        QCOMPARE(in.certifiedLo, int64_t{14200});
        QCOMPARE(in.certifiedHi, int64_t{14799});
        o.budget = 13799;
        const ReplayResult below = replay(trace("hole.log"), o);
        QCOMPARE(outcomeName(below.outcome), std::string("overhead_exceeded"));
        QCOMPARE(below.executionBudget, int64_t{-1});
        o.budget = 14100;
        const ReplayResult ok = replay(trace("hole.log"), o);
        QCOMPARE(ok.executionBudget, int64_t{14100});
        QCOMPARE(ok.certifiedLo, int64_t{14100});
        QCOMPARE(ok.certifiedHi, int64_t{14199});
    }

    // The argument, checked: a certified sweep (every byte) of monotone has no hole where DTR
    // has one, and both first complete at the same budget.
    void monotoneHasNoHoles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("to");
        QTest::addColumn<double>("limit");
        QTest::addRow("hole.log") << "hole.log" << qint64{12000} << qint64{16000} << 1.1;
        QTest::addRow("demo") << "demo-unet.log" << qint64{2500} << qint64{6000} << 0.0;
    }

    void monotoneHasNoHoles()
    {
        QFETCH(QString, file);
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(double, limit);
        const PreparedTrace& t = trace(file.toStdString());
        SweepSpec spec;
        spec.from = from;
        spec.to = to;
        spec.jobs = 2;
        if (limit > 0)
            spec.replay.overheadLimit = limit;
        const SweepResult dtr = runSweep(t, spec);
        spec.replay.policy = policyOrFail("monotone");
        const SweepResult mono = runSweep(t, spec);
        QCOMPARE(mono.certifiedBytes, to - from + 1);
        QVERIFY(!findHoles(dtr.points, t.baseline).empty());
        QVERIFY(findHoles(mono.points, t.baseline).empty());
        auto firstComplete = [](const SweepResult& r) {
            for (const SweepPoint& p : r.points)
                if (p.outcome == Outcome::Complete)
                    return p.budget;
            return int64_t{-1};
        };
        QCOMPARE(firstComplete(mono), firstComplete(dtr));
        // Every budget from the first completing one up completes.
        bool completing = false;
        for (const SweepPoint& p : mono.points) {
            completing = completing || p.outcome == Outcome::Complete;
            QVERIFY2(!completing || p.outcome == Outcome::Complete, qPrintable(QString::number(p.budget)));
        }
    }

    // A certified sweep of monotone keeps, per point, the DTR execution it ran (as replay does),
    // and counts executions as monotone runs them: DTR's failing interval 14,200..14,799 falls
    // back to 14,199, which is the execution of the point that holds 14,199, not another.
    void monotoneSweepKeepsTheExecutionRun()
    {
        const PreparedTrace& t = trace("hole.log");
        SweepSpec spec;
        spec.from = 13800;
        spec.to = 14999;
        spec.jobs = 2;
        spec.replay.overheadLimit = 1.1;
        const SweepResult dtr = runSweep(t, spec);
        spec.replay.policy = policyOrFail("monotone");
        const SweepResult mono = runSweep(t, spec);
        QCOMPARE(mono.points.size(), dtr.points.size());
        int64_t fallingBack = 0, dtrCompleting = 0;
        for (size_t i = 0; i < mono.points.size(); ++i) {
            const SweepPoint& p = mono.points[i];
            QCOMPARE(p.budget, dtr.points[i].budget);
            dtrCompleting += dtr.points[i].outcome == Outcome::Complete ? 1 : 0;
            if (p.budget >= 14200 && p.budget <= 14799) {
                QCOMPARE(p.executionBudget, int64_t{14199});
                ++fallingBack;
            } else {
                QCOMPARE(p.executionBudget, p.budget);
            }
        }
        QVERIFY(fallingBack > 0);
        QCOMPARE(distinctExecutions(mono.points), dtrCompleting);
        QCOMPARE(distinctExecutions(dtr.points), static_cast<int64_t>(dtr.points.size()));

        // Written and read back by sweep --json and merge; other policies have no such field.
        SweepHeader h;
        h.trace = "hole.log";
        h.mode = "certified";
        h.from = spec.from;
        h.to = spec.to;
        h.baselineMemory = t.baseline.memory;
        h.policy = "monotone";
        const auto json = sweepToJson(h, mono.points, false);
        QCOMPARE(json.at("points").at(0).at("execution_budget").get<int64_t>(), mono.points[0].budget);
        SweepHeader back;
        std::vector<SweepPoint> points;
        bool stopped = true;
        std::string error;
        QVERIFY2(sweepFromJson(nlohmann::json::parse(json.dump()), back, points, stopped, error), error.c_str());
        QCOMPARE(points.size(), mono.points.size());
        for (size_t i = 0; i < points.size(); ++i)
            QCOMPARE(points[i].executionBudget, mono.points[i].executionBudget);
        h.policy = "dtr";
        QVERIFY(!sweepToJson(h, dtr.points, false).at("points").at(0).contains("execution_budget"));
    }

    // A formula that spells out h_DTR decides exactly as dtr (the arithmetic is the same
    // quotient up to rounding, and on the demo no choice is that close); one that spells out
    // LRU decides as lru.
    void formulasReproduceBuiltIns_data()
    {
        QTest::addColumn<QString>("formula");
        QTest::addColumn<QString>("builtIn");
        QTest::addRow("dtr") << "formula:estar_compute/(size*staleness)" << "dtr";
        QTest::addRow("lru") << "formula:last_access" << "lru";
        QTest::addRow("dtr-local") << "formula:compute/(size*staleness)" << "dtr-local";
    }

    void formulasReproduceBuiltIns()
    {
        QFETCH(QString, formula);
        QFETCH(QString, builtIn);
        const PreparedTrace& t = trace("demo-unet.log");
        for (int64_t budget = 3000; budget <= 7000; budget += 250) {
            ReplayOptions a, b;
            a.budget = b.budget = budget;
            a.logEvents = b.logEvents = true;
            a.policy = policyOrFail(formula.toStdString());
            b.policy = policyOrFail(builtIn.toStdString());
            const ReplayResult ra = replay(t, a), rb = replay(t, b);
            QCOMPARE(outcomeName(ra.outcome), outcomeName(rb.outcome));
            QCOMPARE(ra.clock, rb.clock);
            QCOMPARE(ra.evictLog.size(), rb.evictLog.size());
            for (size_t i = 0; i < ra.evictLog.size(); ++i)
                QCOMPARE(ra.evictLog[i].storage, rb.evictLog[i].storage);
        }
    }

    // A formula whose score is not a number stops the run and says where: under NaN no
    // candidate compares lower, and the run looked out of memory with storages left to evict.
    void notANumberStopsTheRun()
    {
        const PreparedTrace& t = trace("demo-unet.log");
        ReplayOptions o;
        o.budget = budgetForRatio(t.baseline, 0.42);
        o.policy = policyOrFail("formula:0/0");
        const ReplayResult r = replay(t, o);
        QCOMPARE(outcomeName(r.outcome), "unresolved");
        QVERIFY2(r.reason.starts_with("the formula's score is not a number for storage "), r.reason.c_str());
        QCOMPARE(r.evictions, int64_t{0});
        o.policy = policyOrFail("formula:compute/size");   // finite: the same run completes or fails as usual
        QVERIFY(replay(t, o).outcome != Outcome::Unresolved);
    }
};

HOLESCOPE_TEST_MAIN(PoliciesTest)
#include "tst_policies.moc"
