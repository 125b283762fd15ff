// SPDX-License-Identifier: GPL-3.0-or-later
// The record of a run: it must tell the same story as the replay (and as simrd's logs), and
// its details must be right where we know them by hand.
#include "record/FailureSignature.h"
#include "record/ReplayRecorder.h"
#include "report/RunJson.h"
#include "support/GoldenRuns.h"
#include "support/RandomTraces.h"
#include "support/SkipReport.h"
#include "sweep/Sweep.h"
#include "synth/TraceSynth.h"
#include "trace/TraceReader.h"

#include <QDir>
#include <QTest>

#include <algorithm>

using namespace holescope;

namespace {

std::vector<const RunEvent*> eventsOf(const RunRecord& r, EventKind kind)
{
    std::vector<const RunEvent*> out;
    for (const RunEvent& e : r.events)
        if (e.kind == kind)
            out.push_back(&e);
    return out;
}

std::vector<int32_t> chainOf(const RunRecord& r, const RunEvent& e)
{
    return {r.chains.begin() + e.chainFirst, r.chains.begin() + e.chainFirst + e.chainLength};
}

// Checks one recorded run against the plain replay of the same options and against simrd's
// logs; returns the first problem in words.
std::string checkAgainstReplay(const PreparedTrace& t, const nlohmann::json& golden)
{
    ReplayOptions o = test::optionsFor(golden);
    const RunRecord rec = recordReplay(t, o);
    const ReplayResult plain = replay(t, o);
    std::string diff = test::firstDifference(golden, rec.result);
    if (!diff.empty())
        return "recording changed the replay: " + diff;
    if (rec.result.clock != plain.clock || rec.result.heuristicEvals != plain.heuristicEvals)
        return "recording changed the replay's clock or evaluations";

    size_t evict = 0, frees = 0;
    int64_t model = 0, remat = 0, computes = 0;
    for (const RunEvent& e : rec.events) {
        const OpDef& op = t.program.ops[static_cast<size_t>(std::max(e.opIndex, 0))];
        switch (e.kind) {
        case EventKind::Evict: {
            const auto& g = golden.at("evict_log").at(evict++);
            if (g.at(0).get<int64_t>() != e.op || g.at(1).get<int32_t>() != e.storage || g.at(2).get<int64_t>() != e.bytes)
                return "eviction " + std::to_string(evict - 1) + " differs from simrd's " + g.dump();
            break;
        }
        case EventKind::FreeEntry: {
            const auto& g = golden.at("free_log").at(frees++);
            if (g.at(0).get<int64_t>() != e.op || g.at(1).get<int64_t>() != e.bytesShort)
                return "free-loop entry " + std::to_string(frees - 1) + " differs from simrd's " + g.dump();
            break;
        }
        case EventKind::Compute:
            model += op.cost;
            ++computes;
            break;
        case EventKind::Remat:
            remat += op.cost;
            break;
        default:
            break;
        }
    }
    if (evict != golden.at("evict_log").size() || static_cast<int64_t>(evict) != rec.result.evictions)
        return "eviction events: " + std::to_string(evict) + ", replay: " + std::to_string(rec.result.evictions);
    if (frees != golden.at("free_log").size())
        return "free-loop events: " + std::to_string(frees);
    if (remat != rec.result.rematCompute || model != rec.result.modelCompute)
        return "the compute of the recorded events does not add up to the replay's";
    // A failing run stops inside its last operator, before computing it, or after the last
    // operator while pinning the outputs.
    const bool inLastOp = rec.result.outcome != Outcome::Complete && computes < rec.result.opsDone;
    if (computes != rec.result.opsDone - (inLastOp ? 1 : 0) || static_cast<int64_t>(rec.samples.size()) != computes)
        return "model computes " + std::to_string(computes) + " and samples " + std::to_string(rec.samples.size())
               + " for " + std::to_string(rec.result.opsDone) + " operators started";
    for (const OpSample& s : rec.samples)
        if (s.pinned + s.evictable != s.memory || s.pinned < 0 || s.evictable < 0)
            return "at operator " + std::to_string(s.op + 1) + " pinned " + std::to_string(s.pinned) + " + evictable "
                   + std::to_string(s.evictable) + " != memory " + std::to_string(s.memory);
    const RunEvent& end = rec.events.back();
    if (end.kind != EventKind::End || end.outcome != rec.result.outcome || end.op != rec.result.opsDone)
        return "the last event is not the end of the run";
    if (end.outcome == Outcome::Oom && (end.pool != 0 || end.bytes <= 0))
        return "an out-of-memory end must have bytes still short and no candidate left";
    return {};
}

// A replay without a recorder takes a candidate's region sums only when its score could still
// be the lowest; a recorded one scores every candidate. The first difference between the two
// in words, empty when they agree on every figure and every logged entry.
std::string plainDifference(const PreparedTrace& t, ReplayOptions o)
{
    o.logEvents = true;
    const std::string diff = test::replayDifference(recordReplay(t, o).result, replay(t, o));
    return diff.empty() ? diff : "budget " + std::to_string(o.budget) + ", plain (ours) against recorded (simrd): " + diff;
}

// A made-up trace whose replay at 0.3 of its peak takes 1,658 computations (more than the 1,024
// between two looks at the record's size) and completes; at 0.2 it runs out of memory.
PreparedTrace synthDag()
{
    SynthSpec spec;
    spec.shape = SynthSpec::Shape::Dag;
    spec.layers = 300;
    TraceLoad load = parseTrace(synthesizeTrace(spec), "dag-300.log");
    if (auto* e = std::get_if<TraceError>(&load))
        throw std::runtime_error(e->toString());
    return prepareTrace(std::move(std::get<Program>(load)));
}

bool sameEvent(const RunEvent& a, const RunEvent& b)
{
    return a.kind == b.kind && a.op == b.op && a.clock == b.clock && a.memory == b.memory && a.storage == b.storage && a.tensor == b.tensor
           && a.bytes == b.bytes && a.depth == b.depth;
}

std::string streamedRunJson(const PreparedTrace& t, const ReplayOptions& o, const RunRecord& r)
{
    std::string text;
    writeRunJson([&](std::string_view piece) { text += piece; }, "t.log", t, o, r);
    return text;
}

} // namespace

class Recording : public QObject {
    Q_OBJECT

private:
    QString m_shared = QStringLiteral(HOLESCOPE_SHARED_DIR);

private slots:
    void goldenRuns_data()
    {
        QTest::addColumn<QString>("path");
        if (!QDir(m_shared + "/golden").exists())
            HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + m_shared + "; recordings were NOT checked against simrd"));
        for (const QString& f : QDir(m_shared + "/golden").entryList({"*.jsonl"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << (m_shared + "/golden/" + f);
    }

    void goldenRuns()
    {
        QFETCH(QString, path);
        const test::GoldenFile g = test::readGoldenFile(path.toStdString());
        const PreparedTrace t = test::loadTrace((m_shared + "/traces/dtr/").toStdString() + g.trace);
        for (const nlohmann::json& run : g.runs) {
            const std::string problem = checkAgainstReplay(t, run);
            QVERIFY2(problem.empty(), (g.trace + " budget " + std::to_string(run.at("budget").get<int64_t>()) + ": " + problem).c_str());
        }
    }

    // The worked case: at 0.235 storage 3131 is evicted at operator 2267 (simrd's eviction log
    // in data/simrd shows it too), operator 2270 needs it three operators later, and rebuilding it
    // starts the deepest cascade of the run, inside which the overhead limit is passed.
    void inceptionFailure()
    {
        if (!QDir(m_shared + "/traces/dtr").exists())
            HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + m_shared));
        const PreparedTrace t = test::loadTrace((m_shared + "/traces/dtr/inceptionv4-64-10000000000.0-2020-10-1-10-55-0-default.log").toStdString());
        ReplayOptions o;
        o.budget = budgetForRatio(t.baseline, 0.235);
        o.overheadLimit = 2.0;
        const RunRecord r = recordReplay(t, o);
        QCOMPARE(outcomeName(r.result.outcome), "overhead_exceeded");
        const StorageRecord& s = r.storages[static_cast<size_t>(t.program.storageOfRoot[3131])];
        QCOMPARE(s.id, 3131);
        QCOMPARE(s.evictions.size(), size_t{1});
        QCOMPARE(s.evictions[0].op, int64_t{2267});
        QCOMPARE(s.evictions[0].reason, EvictReason::Pressure);
        QCOMPARE(s.evictions[0].neededAfter, int64_t{3});

        int32_t deepestAt2270 = 0;
        bool neededFor3131 = false;   // a rebuild done because storage 3131's tensor was being rebuilt
        for (const RunEvent& e : r.events) {
            if (e.kind != EventKind::Remat || e.op != 2270)
                continue;
            deepestAt2270 = std::max(deepestAt2270, e.depth);
            for (int32_t needer : chainOf(r, e))
                neededFor3131 = neededFor3131 || t.program.storageOf(needer) == t.program.storageOfRoot[3131];
        }
        QVERIFY(neededFor3131);
        QCOMPARE(deepestAt2270, r.result.maxDepth);
        QVERIFY2(deepestAt2270 > 100, qPrintable(QString::number(deepestAt2270)));
        QCOMPARE(r.events.back().op, int64_t{2270});
    }

    // A record that outgrows its cap ends the run as unresolved at the next look (every 1,024
    // computations), keeping what it recorded: the uncapped record's events up to there.
    void recordSizeCapStopsTheRun()
    {
        const PreparedTrace t = synthDag();
        ReplayOptions o;
        o.budget = budgetForRatio(t.baseline, 0.3);
        o.maxRecordBytes = 0;
        const RunRecord whole = recordReplay(t, o);
        QCOMPARE(outcomeName(whole.result.outcome), "complete");
        QCOMPARE(whole.result.steps, int64_t{1658});

        o.maxRecordBytes = 64 * 1024;
        const RunRecord capped = recordReplay(t, o);
        QCOMPARE(outcomeName(capped.result.outcome), "unresolved");
        QCOMPARE(capped.result.reason, std::string("record size cap reached: the record took more than 65,536 bytes"));
        QCOMPARE(capped.result.steps, int64_t{1024});
        QCOMPARE(capped.events.back().kind, EventKind::End);
        QVERIFY(capped.events.size() > 1000 && capped.events.size() < whole.events.size());
        for (size_t i = 0; i + 1 < capped.events.size(); ++i)
            QVERIFY2(sameEvent(capped.events[i], whole.events[i]), qPrintable(QString("event %1 differs").arg(i)));

        o.maxRecordBytes = int64_t{4} << 20;   // more than the whole record takes
        const RunRecord roomy = recordReplay(t, o);
        QCOMPARE(roomy.events.size(), whole.events.size());
        QCOMPARE(test::replayDifference(whole.result, roomy.result), std::string());
    }

    // What a hole's description says of its failure, without a record, is what the record's
    // last event says.
    void failureSignatureIsTheRecordsEnd_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<double>("ratio");
        QTest::addColumn<double>("overheadLimit");   // 0: none
        QTest::addColumn<QString>("outcome");
        QTest::newRow("dag 0.2, out of memory") << QString() << 0.2 << 0.0 << "oom";
        QTest::newRow("dag 0.3, complete") << QString() << 0.3 << 0.0 << "complete";
        QTest::newRow("dag 0.3, overhead 1.05") << QString() << 0.3 << 1.05 << "overhead_exceeded";
        const QString inception = m_shared + "/traces/dtr/inceptionv4-64-10000000000.0-2020-10-1-10-55-0-default.log";
        if (QFile::exists(inception)) {
            QTest::newRow("InceptionV4 0.235, overhead 2.0") << inception << 0.235 << 2.0 << "overhead_exceeded";
            QTest::newRow("InceptionV4 0.235, out of memory") << inception << 0.235 << 0.0 << "oom";
        } else {
            // The made-up rows still run; the suite reports that the DTR rows were left out.
            ::holescope::test::checksLeftOut() = true;
            qWarning("SKIPPED: no shared folder at %s; failure signatures checked on a made-up trace only", qPrintable(m_shared));
        }
    }

    void failureSignatureIsTheRecordsEnd()
    {
        QFETCH(QString, trace);
        QFETCH(double, ratio);
        QFETCH(double, overheadLimit);
        QFETCH(QString, outcome);
        const PreparedTrace t = trace.isEmpty() ? synthDag() : test::loadTrace(trace.toStdString());
        ReplayOptions o;
        o.budget = budgetForRatio(t.baseline, ratio);
        if (overheadLimit > 0)
            o.overheadLimit = overheadLimit;
        const RunRecord r = recordReplay(t, o);
        const RunEvent& end = r.events.back();
        const FailureSignature f = failureSignature(t, o);
        QCOMPARE(QString(outcomeName(f.outcome)), outcome);
        QCOMPARE(outcomeName(r.result.outcome), outcomeName(f.outcome));
        QCOMPARE(f.op, end.op);
        QCOMPARE(f.pinnedBytes, end.pinned);
        QCOMPARE(f.cascadeDepth, end.depth);
        if (r.result.outcome != Outcome::Complete)
            QVERIFY2(f.pinnedBytes > 0, qPrintable(QString::number(f.pinnedBytes)));
    }

    // The record command writes its JSON piece by piece; the text is the one JSON value's.
    void streamedRunJsonIsTheWholeValue_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<double>("ratio");
        QTest::newRow("dag 0.3") << QString() << 0.3;
        QTest::newRow("dag 0.2") << QString() << 0.2;
        QTest::newRow("tiny chain") << QStringLiteral(HOLESCOPE_TEST_DATA "/tiny/chain.log") << 0.6;
        QTest::newRow("tiny hole") << QStringLiteral(HOLESCOPE_TEST_DATA "/tiny/hole.log") << 0.5;
    }

    void streamedRunJsonIsTheWholeValue()
    {
        QFETCH(QString, trace);
        QFETCH(double, ratio);
        const PreparedTrace t = trace.isEmpty() ? synthDag() : test::loadTrace(trace.toStdString());
        ReplayOptions o;
        o.budget = budgetForRatio(t.baseline, ratio);
        const RunRecord r = recordReplay(t, o);
        QVERIFY(r.events.size() > 5);
        const std::string whole = runToJson("t.log", t, o, r).dump();
        const std::string streamed = streamedRunJson(t, o, r);
        if (streamed != whole) {
            const auto at = std::mismatch(whole.begin(), whole.end(), streamed.begin(), streamed.end()).first - whole.begin();
            QFAIL(qPrintable(QString("first difference at byte %1: whole \"%2\", streamed \"%3\"")
                                 .arg(at)
                                 .arg(QString::fromStdString(whole.substr(static_cast<size_t>(std::max<ptrdiff_t>(0, at - 20)), 60)))
                                 .arg(QString::fromStdString(streamed.substr(static_cast<size_t>(std::max<ptrdiff_t>(0, at - 20)), 60)))));
        }
    }

    // Random traces with zero costs (scores of 0 end the scan), ties and aliases; a protected
    // storage in every third replay.
    void plainReplaysDecideAsRecordedOnes()
    {
        for (uint32_t seed = 0; seed < 100; ++seed) {
            const PreparedTrace t = test::preparedRandomAliasTrace(seed);
            for (int i = 1; i <= 30; ++i) {
                ReplayOptions o;
                o.budget = budgetForRatio(t.baseline, i / 30.0);
                if (i % 3 == 0)
                    o.protect = {t.program.storages[static_cast<size_t>(i) % t.program.storages.size()].root};
                const std::string diff = plainDifference(t, o);
                QVERIFY2(diff.empty(), (test::randomAliasTraceName(seed) + ": " + diff).c_str());
            }
        }
    }

    void thrashingDtrReplaysDecideAlike_data()
    {
        if (!QDir(m_shared + "/traces/dtr").exists())
            HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + m_shared + "; the DTR traces were NOT checked"));
        QTest::addColumn<QString>("trace");
        QTest::addColumn<double>("ratio");
        QTest::addColumn<int64_t>("maxSteps");
        // Thrashing budgets, their first computations: here a region sum the dense store
        // took late used a compute changed since (see tst_region_stores), and the plain replay
        // chose otherwise than the recorded one and than the sparse store, which sums at once.
        QTest::newRow("treelstm") << "treelstm-6-8000000000.0-2020-10-1-12-54-1-default.log" << 0.07 << int64_t{5000};
        QTest::newRow("unroll_gan") << "unroll_gan-512-10000000000.0-2020-10-1-18-43-42-default.log" << 0.21 << int64_t{12000};
    }

    void thrashingDtrReplaysDecideAlike()
    {
        QFETCH(QString, trace);
        QFETCH(double, ratio);
        QFETCH(int64_t, maxSteps);
        const PreparedTrace t = test::loadTrace((m_shared + "/traces/dtr/" + trace).toStdString());
        ReplayOptions o;
        o.budget = budgetForRatio(t.baseline, ratio);
        o.maxSteps = maxSteps;
        o.regions = RegionStore::Dense;
        const std::string diff = plainDifference(t, o);
        QVERIFY2(diff.empty(), (trace.toStdString() + ": " + diff).c_str());
        const std::string storeDiff = test::storeDifference(t, o);
        QVERIFY2(storeDiff.empty(), (trace.toStdString() + ": " + storeDiff).c_str());
    }

    // tiny/chain.log at 400 bytes, worked out by hand in data/tiny/HAND.md section 1.
    // A run that fails inside a cascade, before any rebuild of its last operator finished: the
    // failure's nesting is that of the rebuild under way (it was 0, the finished ones' deepest).
    // By hand, budget 250: constant c (10), a1 = f(c) (150), a2 = f(a1) (60), a3 = f(a2) (10),
    // a4 = f(a3) (100) evicts a1 (80 short; a1's score 20/150 per staleness is the lower), a5 =
    // f(a4) (100) evicts a2 (30 short), then b = g(a5, a2) rebuilds a2, which rebuilds a1: 220 in
    // use + 150 is 120 short; a4 then a3 go, and it is still 10 short with only c (pinned) and a5
    // (b's argument) left. Open: b, a2, a1; deepest nesting 2.
    void failureInsideACascade()
    {
        const std::string text =
        R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"})" "\n"
        R"({"INSTRUCTION":"CONSTANT","NAME":"c"})" "\n"
        R"({"INSTRUCTION":"MEMORY","MEMORY":"10","NAME":"c"})" "\n"
        R"({"ARGS":["c"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["a1"],"TIME":"20"})" "\n"
        R"({"INSTRUCTION":"MEMORY","MEMORY":"150","NAME":"a1"})" "\n"
        R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"a1"})" "\n"
        R"({"ARGS":["a1"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["a2"],"TIME":"20"})" "\n"
        R"({"INSTRUCTION":"MEMORY","MEMORY":"60","NAME":"a2"})" "\n"
        R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"a2"})" "\n"
        R"({"ARGS":["a2"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["a3"],"TIME":"20"})" "\n"
        R"({"INSTRUCTION":"MEMORY","MEMORY":"10","NAME":"a3"})" "\n"
        R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"a3"})" "\n"
        R"({"ARGS":["a3"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["a4"],"TIME":"20"})" "\n"
        R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"a4"})" "\n"
        R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"a4"})" "\n"
        R"({"ARGS":["a4"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["a5"],"TIME":"20"})" "\n"
        R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"a5"})" "\n"
        R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"a5"})" "\n"
        R"({"ANNOTATION":"BACKWARD","INSTRUCTION":"ANNOTATE"})" "\n"
        R"({"ARGS":["a5","a2"],"INSTRUCTION":"CALL","NAME":"g","RESULT":["b"],"TIME":"10"})" "\n"
        R"({"INSTRUCTION":"MEMORY","MEMORY":"10","NAME":"b"})" "\n"
        R"({"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"b"})" "\n";
        TraceLoad load = parseTrace(text, "cascade.log");
        QVERIFY(std::holds_alternative<Program>(load));
        const PreparedTrace t = prepareTrace(std::move(std::get<Program>(load)));
        ReplayOptions o;
        o.budget = 250;
        const RunRecord r = recordReplay(t, o);
        QCOMPARE(outcomeName(r.result.outcome), "oom");
        QCOMPARE(r.result.opsDone, int64_t{7});
        std::vector<std::pair<int64_t, int32_t>> evictions;
        for (const RunEvent* e : eventsOf(r, EventKind::Evict))
            evictions.emplace_back(e->op, e->storage);
        QCOMPARE(evictions, (std::vector<std::pair<int64_t, int32_t>>{{5, 1}, {6, 2}, {7, 4}, {7, 3}}));
        QVERIFY(eventsOf(r, EventKind::Remat).empty());
        QCOMPARE(r.openFrames, (std::vector<int32_t>{6, 2, 1}));   // b, a2, a1
        const RunEvent& end = r.events.back();
        QCOMPARE(end.bytes, int64_t{10});
        QCOMPARE(end.depth, 2);
        QCOMPARE(r.result.maxDepth, 2);
        QCOMPARE(failureSignature(t, o).cascadeDepth, 2);
    }

    void chainByHand()
    {
        const PreparedTrace t = test::loadTrace(HOLESCOPE_TEST_DATA "/tiny/chain.log");
        ReplayOptions o;
        o.budget = 400;
        const RunRecord r = recordReplay(t, o);
        QCOMPARE(outcomeName(r.result.outcome), "complete");

        const auto remats = eventsOf(r, EventKind::Remat);
        QCOMPARE(remats.size(), size_t{4});   // x3 at op 7; x1 then x2 at op 8; x1 at op 9
        QCOMPARE(remats[0]->op, int64_t{7});
        QCOMPARE(remats[0]->tensor, 3);
        QCOMPARE(remats[0]->depth, 1);
        QCOMPARE(chainOf(r, *remats[0]), (std::vector<int32_t>{6}));
        QCOMPARE(remats[1]->op, int64_t{8});
        QCOMPARE(remats[1]->tensor, 1);
        QCOMPARE(remats[1]->depth, 2);   // x7 needs x2, which needs x1
        QCOMPARE(chainOf(r, *remats[1]), (std::vector<int32_t>{2, 7}));
        QCOMPARE(remats[2]->tensor, 2);
        QCOMPARE(remats[2]->depth, 1);
        QCOMPARE(remats[3]->op, int64_t{9});
        QCOMPARE(remats[3]->tensor, 1);

        // Storage 1: evicted under pressure at ops 5 and 8, needed again at ops 8 and 9; evicted
        // for good when x1 is released at op 9.
        const StorageRecord& s1 = r.storages[1];
        QCOMPARE(s1.id, 1);
        QCOMPARE(s1.evictions.size(), size_t{3});
        QCOMPARE(s1.evictions[0].op, int64_t{5});
        QCOMPARE(s1.evictions[0].neededAfter, int64_t{3});
        QCOMPARE(s1.evictions[1].op, int64_t{8});
        QCOMPARE(s1.evictions[1].neededAfter, int64_t{1});
        QCOMPARE(s1.evictions[2].op, int64_t{9});
        QCOMPARE(s1.evictions[2].reason, EvictReason::Eager);
        QCOMPARE(s1.evictions[2].neededAfter, int64_t{-1});
        QCOMPARE(s1.rebuilds, 2);
        QCOMPARE(s1.birthOp, int64_t{2});
        QCOMPARE(r.storages[3].evictions[0].neededAfter, int64_t{1});   // evicted at 6, rebuilt at 7
        QCOMPARE(r.storages[8].pinned, true);                             // the final output

        // Deepest nesting per operator: 1 at op 7, 2 at op 8, 1 at op 9.
        QCOMPARE(r.samples.size(), size_t{9});
        std::vector<int32_t> depths;
        for (const OpSample& s : r.samples)
            depths.push_back(s.maxDepth);
        QCOMPARE(depths, (std::vector<int32_t>{0, 0, 0, 0, 0, 0, 1, 2, 1}));
        // The constant x0 is pinned as it is made: operator 1's sample counts it pinned, not
        // evictable. The last sample takes in what follows operator 9 (the releases, x1's eager
        // eviction, the final pin of x8): 200 bytes, x0 and x8 pinned, and the run's totals.
        QCOMPARE(r.samples.front().pinned, int64_t{100});
        QCOMPARE(r.samples.front().evictable, int64_t{0});
        QCOMPARE(r.samples.back().memory, int64_t{200});
        QCOMPARE(r.samples.back().pinned, int64_t{200});
        QCOMPARE(r.samples.back().evictable, int64_t{0});
        QCOMPARE(r.samples.back().evictions, r.result.evictions);
        QCOMPARE(r.samples.back().rematCompute, r.result.rematCompute);
        QCOMPARE(r.samples.back().clock, r.result.clock);
        QCOMPARE(static_cast<size_t>(r.samples.back().evictions), eventsOf(r, EventKind::Evict).size());

        // At op 6 the two candidates tie at exactly 0.01 and the later one (storage 3) goes.
        const auto evictions = eventsOf(r, EventKind::Evict);
        QCOMPARE(evictions[1]->storage, 3);
        QCOMPARE(evictions[1]->score, 0.01);
        QCOMPARE(evictions[1]->runnerUp, 0.01);
        QCOMPARE(evictions[1]->pool, int64_t{2});
        QCOMPARE(evictions[2]->reason, EvictReason::Eager);   // x4 released at op 6
        QVERIFY(std::isnan(evictions[2]->score));
    }
};

HOLESCOPE_TEST_MAIN(Recording)
#include "tst_recording.moc"
