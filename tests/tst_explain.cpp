// SPDX-License-Identifier: GPL-3.0-or-later
// Pair forensics: on hole.log every figure is known by construction (tests/data/tiny/HAND.md,
// section 10, confirmed by simrd in expected.jsonl); on InceptionV4 the figures are the study's,
// re-measured with simrd (tests/data/simrd/README.md).
#include "forensics/PairExplainer.h"
#include "record/FailureSignature.h"
#include "report/ExplainJson.h"
#include "report/ExplainText.h"
#include "report/ReplayJson.h"
#include "support/CliProcess.h"
#include "support/GoldenRuns.h"
#include "support/SkipReport.h"
#include "text/Numbers.h"

#include <QDir>
#include <QTest>

#include <algorithm>
#include <limits>

using namespace holescope;

namespace {

const char* kHole = HOLESCOPE_TEST_DATA "/tiny/hole.log";
const char* kInception = "/traces/dtr/inceptionv4-64-10000000000.0-2020-10-1-10-55-0-default.log";

ExplainRequest holeRequest(int64_t fail, int64_t ok)
{
    ExplainRequest r;
    r.replay.overheadLimit = 1.1;
    r.failBudget = fail;
    r.okBudget = ok;
    return r;
}

const CulpritTrial* trialOf(const PairExplanation& x, int32_t storage)
{
    for (const CulpritTrial& t : x.culprits)
        if (t.storages.size() == 1 && t.storages.front() == storage)
            return &t;
    return nullptr;
}

} // namespace

class ExplainTest : public QObject {
    Q_OBJECT

private:
    PreparedTrace m_hole;
    QString m_shared = QStringLiteral(HOLESCOPE_SHARED_DIR);
    const QString m_unetPath = m_shared + "/traces/dtr/unet-6-8000000000.0-2020-10-1-10-57-18-default.log";

    // U-Net's pair, explained (the caller skips when the shared folder is absent).
    std::pair<PreparedTrace, PairExplanation> explainUNet(int64_t failBudget, int64_t okBudget, int culprits) const
    {
        PreparedTrace t = test::loadTrace(m_unetPath.toStdString());
        ExplainRequest r;
        r.failBudget = failBudget;
        r.okBudget = okBudget;
        r.culprits = culprits;
        PairExplanation x = explainPair(t, r);
        return {std::move(t), std::move(x)};
    }

private slots:
    void initTestCase() { m_hole = test::loadTrace(kHole); }

    // The completing budget below the hole: it evicts storage 1 at op 5, so the failing run
    // carries those 1,000 bytes, is 600 short at op 7 and evicts storage 4, needed at op 8.
    void holeFromBelow()
    {
        const PairExplanation x = explainPair(m_hole, holeRequest(14200, 13900));
        QCOMPARE(x.failing.outcome, Outcome::OverheadExceeded);
        QCOMPARE(x.completing.outcome, Outcome::Complete);
        QCOMPARE(x.failing.certifiedLo, int64_t{14200});
        QCOMPARE(x.failing.certifiedHi, int64_t{14799});
        QCOMPARE(x.completing.certifiedLo, int64_t{13800});
        QCOMPARE(x.completing.certifiedHi, int64_t{14099});

        QCOMPARE(x.first.op, int64_t{5});
        QCOMPARE(x.first.evictedBy, PairSide::Completing);
        QCOMPARE(x.first.storage, 1);
        QCOMPARE(x.first.bytes, int64_t{1000});
        QCOMPARE(x.first.bytesShort, int64_t{200});   // 14,100 needed, 13,900 budget
        QCOMPARE(x.first.evictionsBefore, 0);
        QCOMPARE(x.first.budgetCheck, int64_t{4});   // the constant, k, d, x, then c

        QCOMPARE(x.key.op, int64_t{5});
        QCOMPARE(x.key.storage, 1);
        QCOMPARE(x.key.bytesShort, int64_t{200});
        QCOMPARE(x.keyCarried, std::vector<int32_t>{1});

        QVERIFY(x.culpritEviction.has_value());
        QCOMPARE(x.culpritEviction->op, int64_t{7});
        QCOMPARE(x.culpritEviction->storage, 4);
        QCOMPARE(x.culpritEviction->bytes, int64_t{10000});
        QCOMPARE(x.culpritEviction->bytesShort, int64_t{600});   // 14,800 needed, 14,200 budget
        QCOMPARE(x.culpritEviction->neededAfter, int64_t{1});
        QCOMPARE(x.culpritEviction->carriedBytes, int64_t{1000});
        QCOMPARE(x.culpritEviction->carriedStorages, 1);

        QCOMPARE(x.oneSided.size(), size_t{2});
        QCOMPARE(x.oneSided[0].op, int64_t{5});
        QCOMPARE(x.oneSided[0].side, PairSide::Completing);
        QCOMPARE(x.oneSided[0].storage, 1);
        QCOMPARE(x.oneSided[0].neededAfter, int64_t{3});   // rebuilt for z at op 8
        QCOMPARE(x.oneSided[1].op, int64_t{7});
        QCOMPARE(x.oneSided[1].side, PairSide::Failing);
        QCOMPARE(x.oneSided[1].storage, 4);
        QCOMPARE(x.oneSided[1].bytesShort, int64_t{600});

        // After op 5 the failing run holds storage 1 alone; after op 7 the completing run holds storage 4 alone.
        QVERIFY(x.carried.size() >= 2);
        QCOMPARE(x.carried[0].op, int64_t{5});
        QCOMPARE(x.carried[0].failingOnly, int64_t{1000});
        QCOMPARE(x.carried[0].completingOnly, int64_t{0});
        QCOMPARE(x.carried[1].op, int64_t{7});
        QCOMPARE(x.carried[1].failingOnly, int64_t{1000});
        QCOMPARE(x.carried[1].completingOnly, int64_t{10000});

        QCOMPARE(x.failure.op, int64_t{8});
        QCOMPARE(x.failure.outcome, Outcome::OverheadExceeded);
        QCOMPARE(x.failure.cascade.size(), size_t{1});
        QCOMPARE(x.failure.cascade[0].storage, 4);
        QCOMPARE(x.failure.cascade[0].depth, 1);
        QCOMPARE(x.failure.cascadeDepth, 1);

        // Storage 4 is the only storage the failing run evicts under pressure before op 8.
        QCOMPARE(x.culpritsTried, 1);
        QCOMPARE(x.culprits.size(), size_t{1});
        QCOMPARE(x.culprits[0].storages, std::vector<int32_t>{4});
        QCOMPARE(x.culprits[0].outcome, Outcome::Complete);
        QCOMPARE(x.culprits[0].rematCompute, int64_t{10});   // simrd: protect [4] at 14,200 rebuilds only k
        QVERIFY(x.culprits[0].onlyFailing);
    }

    // Above the hole nothing is evicted at op 7: the first divergence is the culprit itself.
    void holeFromAbove()
    {
        const PairExplanation x = explainPair(m_hole, holeRequest(14200, 14800));
        QCOMPARE(x.first.op, int64_t{7});
        QCOMPARE(x.first.evictedBy, PairSide::Failing);
        QCOMPARE(x.first.storage, 4);
        QCOMPARE(x.first.bytesShort, int64_t{600});
        QCOMPARE(x.key.op, int64_t{7});
        QCOMPARE(x.key.evictedBy, PairSide::Failing);
        QCOMPARE(x.key.storage, 4);
        QVERIFY(x.keyCarried.empty());
        QVERIFY(x.culpritEviction.has_value());
        QCOMPARE(x.culpritEviction->carriedBytes, int64_t{0});
        QVERIFY(trialOf(x, 4) != nullptr);
        QVERIFY(trialOf(x, 4)->rescues());
        QCOMPARE(x.completing.certifiedHi, std::numeric_limits<int64_t>::max());
    }

    // The other completing execution below the hole evicts storage 1 at op 6 instead, 50 bytes short.
    void holeFromTheSecondExecution()
    {
        const PairExplanation x = explainPair(m_hole, holeRequest(14799, 14150));
        QCOMPARE(x.first.op, int64_t{6});
        QCOMPARE(x.first.evictedBy, PairSide::Completing);
        QCOMPARE(x.first.storage, 1);
        QCOMPARE(x.first.bytesShort, int64_t{50});
        QCOMPARE(x.key.op, int64_t{6});
        QCOMPARE(x.culpritEviction->bytesShort, int64_t{1});   // 14,800 needed, 14,799 budget
    }

    void rolesAreChecked()
    {
        try {
            explainPair(m_hole, holeRequest(13900, 13799));
            QFAIL("a completing --fail budget was accepted");
        } catch (const ExplainError& e) {
            QCOMPARE(QString(e.what()), QString("the failing budget, 13,900 bytes, does not fail: it completes"));
        }
        try {
            explainPair(m_hole, holeRequest(14200, 13799));
            QFAIL("a failing --ok budget was accepted");
        } catch (const ExplainError& e) {
            QCOMPARE(QString(e.what()), QString("the completing budget, 13,799 bytes, does not complete: overhead_exceeded at operator 8"));
        }
    }

    void pairsOnlyWhenNoSingleRescues()
    {
        ExplainRequest r = holeRequest(14200, 13900);
        r.pairs = true;
        const PairExplanation x = explainPair(m_hole, r);
        QVERIFY(!x.pairsTried);   // storage 4 alone rescues
        QCOMPARE(x.culpritsTried, 1);
    }

    // The trials run in parallel; the report must not depend on how many threads ran them.
    void sameReportWhateverTheThreads()
    {
        const PreparedTrace demo = test::loadTrace(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log");
        ExplainRequest r;
        r.failBudget = 4000;   // inside the demo's hole, 3,936 to 4,143
        r.okBudget = 4200;
        r.jobs = 1;
        const std::string one = explanationToJson("demo", demo.baseline, explainPair(demo, r)).dump();
        r.jobs = 3;
        const std::string three = explanationToJson("demo", demo.baseline, explainPair(demo, r)).dump();
        QCOMPARE(QString::fromStdString(three), QString::fromStdString(one));
        const auto j = nlohmann::json::parse(one);
        QCOMPARE(j.at("culprits_tried").get<int>(), 8);
        QCOMPARE(j.at("failure").at("outcome").get<std::string>(), std::string("oom"));
    }

    // The demo's hole edge, 3,936 against 3,935 B (replay --events): the failing run evicts
    // storage 38 last at operator 58 (and 47 before), the completing run at 52 only; operator 60
    // fails rebuilding it. An eviction undone inside its operator (16 at 58, rebuilt there) is
    // no culprit. Protecting 30 or 38 rescues the run (replay --protect: overheads 2.0924 and
    // 2.2570), and the default eight trials, nearest the failure first, find both.
    void culpritIsTheEvictionThatStayed()
    {
        const PreparedTrace demo = test::loadTrace(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log");
        ExplainRequest r;
        r.failBudget = 3936;
        r.okBudget = 3935;
        const PairExplanation x = explainPair(demo, r);
        QCOMPARE(x.failure.op, int64_t{60});
        QVERIFY(x.culpritEviction.has_value());
        QCOMPARE(x.culpritEviction->op, int64_t{58});
        QCOMPARE(x.culpritEviction->storage, 38);
        QCOMPARE(x.culpritEviction->neededAfter, int64_t{2});
        QCOMPARE(x.culpritsTried, 8);
        const CulpritTrial* p30 = trialOf(x, 30);
        const CulpritTrial* p38 = trialOf(x, 38);
        QVERIFY(p30 != nullptr && p30->rescues());
        QVERIFY(p38 != nullptr && p38->rescues());
        QCOMPARE(fixed(overheadOf(p30->rematCompute, demo.baseline), 4), std::string("2.0924"));
        QCOMPARE(fixed(overheadOf(p38->rematCompute, demo.baseline), 4), std::string("2.2570"));
        // The key divergence claims no budget reason (the runs differ in 68 evictions by then),
        // and what the runs hold entering operator 58 is told both ways: the failing run holds
        // less on balance (lockstep over both records; the reviewer's count from the events).
        QVERIFY(!x.failure.outsideOperator);
        QCOMPARE(x.culpritEviction->carriedBytes, int64_t{256});
        QCOMPARE(x.culpritEviction->lackedBytes, int64_t{576});
        QVERIFY(x.culpritEviction->carriedEvictedFirst);
        const std::string text = explanationToText("demo", demo.baseline, x);
        for (const char* part : {"Key divergence, operator 56: the completing run, 449 bytes short, evicts storage 2 (256 bytes); the failing run does not evict it there.",
                                 // The failing run evicts storage 2 itself at operator 58's first free loop, before
                                 // it is short again and evicts 38 (record --budget 3936).
                                 "it holds 256 bytes in 1 storage that the completing run does not, and the completing run 576 bytes in 2 storages "
                                 "that it does not (on balance the failing run holds 320 bytes less). It evicts storage 2 itself earlier in operator 58, "
                                 "so those bytes are no longer in use by then; then it is 192 bytes short at operator 58 and evicts storage 38",
                                 // The cascade went 13 deep, and 10 levels were open when it stopped.
                                 "8 rebuilds completed, nested up to 13 deep.",
                                 "Under way when it stopped, each waiting for the next (10 levels; the deeper rebuilds had completed):\n"})
            QVERIFY2(text.find(part) != std::string::npos, qPrintable(QString::fromStdString("missing \"" + std::string(part) + "\" in:\n" + text)));
    }

    // Inside the demo's hole, 4,000 against 4,200 B (replay --events): the failing run evicts 36
    // and 38 at operator 58, the completing run 38 at 58 and 36 at 59; entering operator 60,
    // where the failure rebuilds them, neither run holds them. No eviction is a culprit then, and
    // the latest divergence is shown as that, not as the key.
    void noCulpritWhereBothRunsLackTheStorage()
    {
        const PreparedTrace demo = test::loadTrace(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log");
        ExplainRequest r;
        r.failBudget = 4000;
        r.okBudget = 4200;
        r.culprits = 0;
        const PairExplanation x = explainPair(demo, r);
        QVERIFY(!x.culpritEviction.has_value());
        const std::string text = explanationToText("demo", demo.baseline, x);
        QVERIFY2(text.find("Last divergence before the failure, operator 59: the completing run, 8 bytes short, evicts storage 36") != std::string::npos,
                 qPrintable(QString::fromStdString(text)));
        QVERIFY2(text.find("no divergence is traced back from the failure") != std::string::npos, qPrintable(QString::fromStdString(text)));
        QVERIFY(text.find("Key divergence") == std::string::npos);
    }

    // At U-Net's 3,525,043,903 B the completing run is 1 byte short at a request of operator 315
    // and evicts storage 173; the failing run, 1 byte richer, fits that request and evicts 173 at
    // its next (both logs hold 173 as their 138th eviction): the text said it "does not".
    void firstDivergenceWhereBothRunsEvictTheStorage()
    {
        if (!QFile::exists(m_unetPath))
            HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + m_shared + " (the U-Net trace is read from there)"));
        const auto [t, x] = explainUNet(3525043904, 3525043903, 0);
        QCOMPARE(x.first.op, int64_t{315});
        QCOMPARE(x.first.storage, 173);
        QCOMPARE(x.first.bytesShort, int64_t{1});
        ReplayOptions o;
        o.logEvents = true;
        o.budget = 3525043904;
        const ReplayResult failing = replay(t, o);
        o.budget = 3525043903;
        const ReplayResult completing = replay(t, o);
        QVERIFY(failing.evictLog.size() > 137 && completing.evictLog.size() > 137);
        for (const ReplayResult* run : {&failing, &completing}) {
            QCOMPARE(run->evictLog[137].op, int64_t{315});
            QCOMPARE(run->evictLog[137].storage, 173);
        }
        const std::string text = explanationToText("unet", t.baseline, x);
        const std::string said = "First divergence, operator 315: the completing run, 1 byte short, evicts storage 173 (97,124,352 bytes); the failing "
                                 "run, with 1 byte more of budget, is not short at that request (it evicts storage 173 too, later in this operator).";
        QVERIFY2(text.find(said) != std::string::npos, text.c_str());
    }

    // U-Net's second hole starts at 3,634,308,800 B: operator 399, the last, computes, and the
    // run runs out of memory afterwards, rebuilding tensor 419 (made by operator 337) for the
    // trace's closing read. No model operator is under way then, and the text must not say one is.
    void failureAfterTheLastOperator()
    {
        if (!QFile::exists(m_unetPath))
            HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + m_shared + " (the U-Net trace is read from there)"));
        const auto [t, x] = explainUNet(3634308800, 3634308799, ExplainRequest{}.culprits);
        QCOMPARE(x.failure.op, t.baseline.ops);
        QVERIFY(x.failure.outsideOperator);
        QVERIFY(!x.failure.open.empty());
        QCOMPARE(x.failure.open.front().tensor, 419);
        QCOMPARE(x.failure.open.front().opIndex + 1, 337);
        const std::string text = explanationToText("unet", t.baseline, x);
        for (const char* part : {"Failure after operator 399, its last, outside any operator (a read of the trace): oom.",
                                 "the trace's read of tensor 419 after operator 399: rebuilding storage 419 (recomputing operator 337)"})
            QVERIFY2(text.find(part) != std::string::npos, qPrintable(QString::fromStdString("missing \"" + std::string(part) + "\" in:\n" + text)));
        QVERIFY2(text.find("the model operator") == std::string::npos, qPrintable(QString::fromStdString(text)));
        // The storage the story names is the first protection tried, and the cheapest rescue
        // (replay --protect 194: overhead 1.3272; the nearest-first order alone tried eight later
        // evictions and offered only 353, at 2.4371).
        QCOMPARE(x.culpritEviction->storage, 194);
        QCOMPARE(x.culprits.front().storages, std::vector<int32_t>{194});
        QVERIFY(x.culprits.front().rescues());
        QCOMPARE(fixed(overheadOf(x.culprits.front().rematCompute, t.baseline), 4), std::string("1.3272"));
        // A replay says where it failed as the explanation does, and so does every command's text
        // (the demo's 3,936 B fails inside operator 60).
        ReplayOptions o;
        o.budget = 3634308800;
        const ReplayResult unet = replay(t, o);
        QVERIFY(unet.outsideOperator);
        QVERIFY(replayToJson("unet", t.baseline, o, unet, false).at("outside_operator") == true);
        QCOMPARE(failurePlace(unet.opsDone, unet.outsideOperator, t.baseline.ops), std::string("after operator 399 of 399, outside any operator"));
        QCOMPARE(failureSignature(t, o).outsideOperator, true);
        const PreparedTrace demo = test::loadTrace(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log");
        o.budget = 3936;
        const ReplayResult inside = replay(demo, o);
        QVERIFY(!inside.outsideOperator);
        QVERIFY(replayToJson("demo", demo.baseline, o, inside, false).at("outside_operator") == false);
        QCOMPARE(failurePlace(inside.opsDone, inside.outsideOperator), std::string("at operator 60"));
        QCOMPARE(failureSignature(demo, o).outsideOperator, false);
    }

    void cancelStopsAtOnce()
    {
        std::atomic<bool> cancel{true};
        const PairExplanation x = explainPair(m_hole, holeRequest(14200, 13900), &cancel);
        QVERIFY(x.cancelled);
        QVERIFY(x.culprits.empty());
    }

    // Cancelled after the first protection's replay: the trials that never ran are not listed
    // ("unresolved at operator 0") nor counted as tried.
    void cancelKeepsOnlyTrialsThatRan()
    {
        const PreparedTrace demo = test::loadTrace(HOLESCOPE_SOURCE_DIR "/traces/demo-unet.log");
        ExplainRequest r;
        r.failBudget = 3936;   // eight protections tried (demoHoleEdge)
        r.okBudget = 3935;
        r.jobs = 1;
        r.pairs = true;   // not tried after a cancel, nor said to be
        QCOMPARE(explainPair(demo, r).culpritsTried, 8);
        std::atomic<bool> cancel{false};
        const PairExplanation x = explainPair(demo, r, &cancel, [&](const char* stage, int64_t done, int64_t) {
            if (std::string(stage) == "protecting" && done == 1)
                cancel = true;
        });
        QVERIFY(x.cancelled);
        QVERIFY(!x.pairsTried);
        QCOMPARE(x.culpritsTried, 1);
        QCOMPARE(x.culprits.size(), size_t{1});
        QVERIFY(x.culprits[0].outcome != Outcome::Unresolved);
        QVERIFY(x.culprits[0].opsDone > 0);
        const std::string text = explanationToText("demo", demo.baseline, x);
        QVERIFY2(text.find("Protections tried at the failing budget: 1, cancelled before the end;") != std::string::npos, text.c_str());
        QVERIFY2(text.find("operator 0") == std::string::npos, text.c_str());
    }

    // The text of a failure's open cascade, from a hand-made anatomy: a storage whose aliases
    // are rebuilt one by one shows as two levels, told apart by the tensor (a storage's id is
    // its root tensor's, so the root's own level names no tensor).
    void openCascadeNamesAliases()
    {
        PairExplanation x;
        x.failing.outcome = Outcome::Oom;
        x.completing.outcome = Outcome::Complete;
        x.failure.outcome = Outcome::Oom;
        x.failure.op = 10;
        x.failure.opIndex = 9;
        x.failure.cascadeDepth = 2;
        x.failure.open = {CascadeStep{40, 40, 9, 0, -1, 0}, CascadeStep{31, 30, 7, 1, 40, 0}, CascadeStep{30, 30, 6, 2, 31, 0}};
        // The key divergence is the culprit eviction, at the failing operator, which needs the
        // storage at once.
        x.first = x.key = Divergence{.op = 10, .evictedBy = PairSide::Failing, .storage = 30, .bytes = 100, .bytesShort = 5};
        x.culpritEviction = CulpritEviction{.op = 10, .storage = 30, .bytes = 100, .bytesShort = 5, .neededAfter = 0};
        const std::string text = explanationToText("t.log", m_hole.baseline, x);
        QVERIFY2(text.find("operator 10 needs it again (the operator it is evicted in)") != std::string::npos, text.c_str());
        QVERIFY2(text.find("    operator 10, the model operator\n"
                           "      rebuild of storage 30, tensor 31 (recomputing operator 8, depth 1)\n"
                           "        rebuild of storage 30 (recomputing operator 7, depth 2)\n")
                     != std::string::npos,
                 text.c_str());
    }

    void jsonAndTextSayTheSame()
    {
        const PairExplanation x = explainPair(m_hole, holeRequest(14200, 13900));
        const auto j = explanationToJson("hole.log", m_hole.baseline, x);
        QCOMPARE(j.at("format").get<std::string>(), std::string("holescope-explain/1"));
        QCOMPARE(j.at("first_divergence").at("op").get<int64_t>(), int64_t{5});
        QCOMPARE(j.at("first_divergence").at("storage").get<int32_t>(), 1);
        QCOMPARE(j.at("first_divergence").at("bytes_short").get<int64_t>(), int64_t{200});
        QCOMPARE(j.at("key_divergence").at("storage").get<int32_t>(), 1);
        QCOMPARE(j.at("failure").at("op").get<int64_t>(), int64_t{8});
        QCOMPARE(j.at("failure").at("outcome").get<std::string>(), std::string("overhead_exceeded"));
        QCOMPARE(j.at("failure").at("cascade_depth").get<int32_t>(), 1);
        QCOMPARE(j.at("culprits").at(0).at("storage").get<int32_t>(), 4);
        QCOMPARE(j.at("culprits").at(0).at("outcome").get<std::string>(), std::string("complete"));
        const std::string text = explanationToText("hole.log", m_hole.baseline, x);
        for (const char* part : {"First divergence, operator 5: the completing run, 200 bytes short, evicts storage 1 (1,000 bytes); "
                                 "the failing run, with 300 bytes more of budget, is not short at that request.",
                                 "is 600 bytes short at operator 7 and evicts storage 4 (10,000 bytes)",
                                 "operator 8 needs it again (1 operator later)",
                                 // HAND.md: nothing rebuilt before operator 8, whose rebuild of C (20 ns) passes the
                                 // 15.2 ns that a limit of 1.1 allows over 152 ns of model compute.
                                 "Failure, operator 8: overhead_exceeded. The limit is crossed while rebuilding storage",
                                 "Before this operator the run had spent 0 ns on rebuilds, 0.0% of the 15.2 ns the limit allows.",
                                 "the same execution for every budget in [13,800, 14,099] (300 bytes)",
                                 "protect 4: complete, overhead 1.0658 (last evicted to make room at operator 7, before the unprotected run's failure, an eviction the completing run does not make in that operator)"})
            QVERIFY2(text.find(part) != std::string::npos, qPrintable(QString::fromStdString("missing \"" + std::string(part) + "\" in:\n" + text)));
    }

    // Under monotone the completing run at 14,500 is DTR's execution at 14,199 (tst_policies):
    // it is named, and the budget that tells the runs apart is 14,199 - 13,799 = 400 bytes, not
    // the 701 between the budgets asked for.
    void monotoneNamesTheExecutionRun()
    {
        const QStringList args{"explain", kHole, "--fail", "13799", "--ok", "14500", "--overhead-limit", "1.1", "--policy", "monotone"};
        const test::CliRun text = test::runCli(args);
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("\n      DTR's execution at 14,199 bytes, the largest budget up to this one where DTR completes\n"),
                 text.out.constData());
        QVERIFY2(text.out.contains("the completing run, with 400 bytes more of budget, is not short at that request."), text.out.constData());
        QVERIFY2(text.out.contains("overhead_exceeded at operator 8\n      DTR's execution at this budget: DTR completes at no budget up to this one\n"),
                 text.out.constData());
        const auto j = nlohmann::json::parse(test::runCli(args + QStringList{"--json"}).out.toStdString());
        QCOMPARE(j.at("completing").at("execution_budget").get<int64_t>(), int64_t{14199});
        QVERIFY(j.at("failing").at("execution_budget").is_null());   // nothing down to the floor completes, as replay --json says
    }

    void cliPrintsJson()
    {
        const test::CliRun run = test::runCli({"explain", kHole, "--fail", "14200", "--ok", "13900", "--overhead-limit", "1.1", "--json"});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);
        const auto j = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(j.at("key_divergence").at("op").get<int64_t>(), int64_t{5});
        QCOMPARE(j.at("culprits").size(), size_t{1});
        // The runs' fields are named as in replay --json: the failing run rebuilds storage 4 one
        // level deep; its execution holds from 14,200 to 14,799, the completing one's from 13,800
        // to 14,099 (as the text report says).
        QCOMPARE(j.at("failing").at("max_cascade_depth").get<int>(), 1);
        QCOMPARE(j.at("failing").at("certified").dump(), std::string("[14200,14799]"));
        QCOMPARE(j.at("completing").at("certified").dump(), std::string("[13800,14099]"));
        // Ratios: int(14,800 * 0.96) = 14,208 fails, int(14,800 * 0.94) = 13,912 completes.
        const test::CliRun ratios = test::runCli({"explain", kHole, "--fail", "0.96", "--ok", "0.94", "--overhead-limit", "1.1", "--json"});
        QCOMPARE(ratios.exitCode, 0);
        const auto k = nlohmann::json::parse(ratios.out.toStdString());
        QCOMPARE(k.at("failing").at("budget").get<int64_t>(), int64_t{14208});
        QCOMPARE(k.at("completing").at("budget").get<int64_t>(), int64_t{13912});
    }

    void cliErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString t = kHole;
        QTest::newRow("no budgets") << QStringList{"explain", t} << "give both budgets: --fail BUDGET";
        QTest::newRow("no ok") << QStringList{"explain", t, "--fail", "14200"} << "give both budgets";
        QTest::newRow("same") << QStringList{"explain", t, "--fail", "14200", "--ok", "14200"} << "--fail and --ok are the same budget, 14,200 bytes";
        QTest::newRow("bad value") << QStringList{"explain", t, "--fail", "lots", "--ok", "13900"} << "--fail: expected a non-negative, finite ratio of the peak, found \"lots\"";
        QTest::newRow("budget option") << QStringList{"explain", t, "--budget", "5", "--fail", "14200", "--ok", "13900"}
                                       << "--budget and --ratio do not apply here: give the two budgets with --fail and --ok";
        QTest::newRow("fail completes") << QStringList{"explain", t, "--fail", "13900", "--ok", "14800", "--overhead-limit", "1.1"}
                                        << "the failing budget, 13,900 bytes, does not fail: it completes";
        QTest::newRow("ok fails") << QStringList{"explain", t, "--fail", "14200", "--ok", "14300", "--overhead-limit", "1.1"}
                                  << "the completing budget, 14,300 bytes, does not complete: overhead_exceeded at operator 8";
        QTest::newRow("capped") << QStringList{"explain", t, "--fail", "14200", "--ok", "13900", "--overhead-limit", "1.1", "--max-steps", "2"}
                                << "the failing budget, 14,200 bytes, was stopped at operator 3, before its run ended: step cap reached (2 operator "
                                   "computations); raise that cap to explain the pair";
        QTest::newRow("jobs") << QStringList{"explain", t, "--fail", "14200", "--ok", "13900", "--jobs", "0"} << "--jobs: expected 1 to 1024, found 0";
        QTest::newRow("protect") << QStringList{"explain", t, "--fail", "14200", "--ok", "13900", "--protect", "99"}
                                 << "--protect: 99 is not a storage id of this trace";
        QTest::newRow("missing trace") << QStringList{"explain", t + ".nope", "--fail", "14200", "--ok", "13900"} << "hole.log.nope";
    }

    void cliErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const test::CliRun run = test::runCli(args);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    // The study's case, re-measured with simrd (see the issue and tests/data/simrd/README.md).
    void inceptionV4()
    {
        const QString path = m_shared + kInception;
        if (!QFile::exists(path))
            HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + m_shared + " (the InceptionV4 trace is read from there)"));
        const PreparedTrace t = test::loadTrace(path.toStdString());
        ExplainRequest r;
        r.replay.overheadLimit = 2.0;
        r.failBudget = budgetForRatio(t.baseline, 0.235);
        r.okBudget = budgetForRatio(t.baseline, 0.2343);
        QCOMPARE(r.failBudget, int64_t{2642657011});
        r.culprits = 2;
        const PairExplanation x = explainPair(t, r);
        QCOMPARE(x.failing.outcome, Outcome::OverheadExceeded);
        QCOMPARE(x.failing.opsDone, int64_t{2270});
        QCOMPARE(x.first.op, int64_t{945});
        QCOMPARE(x.key.op, int64_t{2266});
        QCOMPARE(x.key.evictedBy, PairSide::Completing);
        QCOMPARE(x.key.storage, 932);
        QCOMPARE(x.key.bytesShort, int64_t{174038});
        QCOMPARE(x.key.evictionsBefore, 3);
        QCOMPARE(x.failing.budget - x.completing.budget, int64_t{7871745});
        QVERIFY(x.culpritEviction.has_value());
        QCOMPARE(x.culpritEviction->op, int64_t{2267});
        QCOMPARE(x.culpritEviction->storage, 3131);
        QCOMPARE(x.culpritEviction->bytesShort, int64_t{49367765});   // simrd's free_log at 2267
        QCOMPARE(x.culpritEviction->neededAfter, int64_t{3});
        QCOMPARE(x.failure.op, int64_t{2270});
        QVERIFY(x.failure.open.size() > 1);
        QCOMPARE(x.failure.open[1].storage, 3131);   // the cascade starts by rebuilding it
        const CulpritTrial* protect3131 = trialOf(x, 3131);
        QVERIFY(protect3131 != nullptr);
        QCOMPARE(protect3131->outcome, Outcome::Complete);   // simrd: complete with --protect 3131
        QCOMPARE(x.culprits.front().storages, std::vector<int32_t>{3131});
        // The study's budget, 559 bytes higher, is the same execution: 173,479 bytes short.
        QVERIFY(x.completing.certifiedLo <= 2634785825 && 2634785825 <= x.completing.certifiedHi);
        r.okBudget = 2634785825;
        r.culprits = 0;
        const PairExplanation study = explainPair(t, r);
        QCOMPARE(study.key.op, int64_t{2266});
        QCOMPARE(study.key.storage, 932);
        QCOMPARE(study.key.bytesShort, int64_t{173479});
        // Without a limit the same story ends out of memory at the same operator.
        r.replay.overheadLimit.reset();
        r.okBudget = budgetForRatio(t.baseline, 0.2343);
        const PairExplanation oom = explainPair(t, r);
        QCOMPARE(oom.failure.outcome, Outcome::Oom);
        QCOMPARE(oom.failure.op, int64_t{2270});
        QCOMPARE(oom.key.storage, 932);
        QCOMPARE(oom.culpritEviction->storage, 3131);
    }
};

HOLESCOPE_TEST_MAIN(ExplainTest)
#include "tst_explain.moc"
