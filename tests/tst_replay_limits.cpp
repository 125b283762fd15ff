// SPDX-License-Identifier: GPL-3.0-or-later
// Every replay ends: caps and cancel make it unresolved with a reason, and rebuild cascades
// thousands deep do not use the call stack.
#include "sim/Replay.h"
#include "support/SkipReport.h"
#include "trace/TraceReader.h"

#include <QTest>

#include <pthread.h>

#include <atomic>
#include <string>

using namespace holescope;

namespace {

// A constant c and a chain x1 = f(c), x2 = f(x1), ... xN = f(xN-1), all 100 bytes and kept
// alive, then y = g(x[N/2]).
std::string chainTrace(int n)
{
    std::string t = R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"})" "\n"
                    R"({"INSTRUCTION":"CONSTANT","NAME":"c"})" "\n"
                    R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"c"})" "\n";
    auto call = [&](const std::string& op, const std::string& arg, const std::string& result) {
        t += R"({"INSTRUCTION":"CALL","NAME":")" + op + R"(","ARGS":[")" + arg + R"("],"RESULT":[")" + result
             + R"("],"TIME":"10"})" "\n";
        t += R"({"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":")" + result + "\"}\n";
        t += R"({"INSTRUCTION":"ALIAS","ALIAS":"-1","NAME":")" + result + "\"}\n";
    };
    std::string prev = "c";
    for (int i = 1; i <= n; ++i) {
        call("f", prev, "x" + std::to_string(i));
        prev = "x" + std::to_string(i);
    }
    call("g", "x" + std::to_string(n / 2), "y");
    return t;
}

PreparedTrace prepare(const std::string& text)
{
    TraceLoad load = parseTrace(text, "chain.log");
    if (auto* e = std::get_if<TraceError>(&load))
        throw std::runtime_error(e->toString());
    return prepareTrace(std::move(std::get<Program>(load)));
}

struct SmallStackRun {
    const PreparedTrace* trace;
    ReplayOptions options;
    ReplayResult result;
};

void* runReplay(void* arg)
{
    auto* run = static_cast<SmallStackRun*>(arg);
    run->result = replay(*run->trace, run->options);
    return nullptr;
}

} // namespace

class ReplayLimits : public QObject {
    Q_OBJECT

private slots:
    // y needs x2000, whose ancestors x1..x1999 have all been evicted under a 400-byte budget:
    // rebuilding it nests 2000 levels below y. A recursive replay would need far more than the
    // 128 KiB of stack this thread gets.
    void deepCascadeNeedsNoStack()
    {
        const int n = 4000;
        const PreparedTrace t = prepare(chainTrace(n));
        SmallStackRun run{&t, {}, {}};
        run.options.budget = 400;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, 128 * 1024);
        pthread_t thread;
        QCOMPARE(pthread_create(&thread, &attr, runReplay, &run), 0);
        pthread_join(thread, nullptr);
        pthread_attr_destroy(&attr);
        QCOMPARE(run.result.maxDepth, n / 2);
        // Every operator runs; the final pins then need c and x1.. pinned at once, and 400 bytes
        // hold only four of them.
        QCOMPARE(outcomeName(run.result.outcome), "oom");
        QCOMPARE(run.result.opsDone, int64_t{n + 2});
    }

    void stepCap()
    {
        const PreparedTrace t = prepare(chainTrace(10));
        ReplayOptions o;
        o.budget = 10000;
        o.maxSteps = 3;
        const ReplayResult r = replay(t, o);
        QCOMPARE(outcomeName(r.outcome), "unresolved");
        QVERIFY2(r.reason.find("step cap") != std::string::npos, r.reason.c_str());
        QCOMPARE(r.opsDone, int64_t{4});   // c, x1 and x2 computed; x3 started but not computed
        QCOMPARE(r.steps, int64_t{3});
        // A run that needs exactly the cap completes: 12 computations (c, x1..x10, y).
        o.maxSteps = 12;
        QCOMPARE(outcomeName(replay(t, o).outcome), "complete");
        o.maxSteps = 11;
        QCOMPARE(outcomeName(replay(t, o).outcome), "unresolved");
    }

    void timeCap()
    {
        const PreparedTrace t = prepare(chainTrace(3000));
        ReplayOptions o;
        o.budget = 1 << 30;
        o.maxSeconds = 1e-9;
        const ReplayResult r = replay(t, o);
        QCOMPARE(outcomeName(r.outcome), "unresolved");
        QVERIFY2(r.reason.find("time cap") != std::string::npos, r.reason.c_str());
        QVERIFY(r.stoppedByTime);
        QVERIFY(r.opsDone < 3002);
    }

    void cancel()
    {
        const PreparedTrace t = prepare(chainTrace(3000));
        std::atomic<bool> stop{true};
        ReplayOptions o;
        o.budget = 1 << 30;
        o.cancel = &stop;
        const ReplayResult r = replay(t, o);
        QCOMPARE(outcomeName(r.outcome), "unresolved");
        QCOMPARE(r.reason, std::string("cancelled"));
        QVERIFY(!r.stoppedByTime);
        // Checked every 1024 computations, so cancel costs nothing on the hot path.
        QCOMPARE(r.steps, int64_t{1024});
    }

    // Protecting every candidate leaves nothing to evict: out of memory, as the issue defines.
    void protectingEverythingIsOutOfMemory()
    {
        const PreparedTrace t = prepare(chainTrace(4));
        ReplayOptions o;
        o.budget = 300;   // c, x1, x2; x3 needs one of x1, x2 gone
        o.protect = {1, 2};
        o.logEvents = true;
        const ReplayResult r = replay(t, o);
        QCOMPARE(outcomeName(r.outcome), "oom");
        QCOMPARE(r.opsDone, int64_t{4});
        QCOMPARE(r.evictions, int64_t{0});
        QCOMPARE(r.freeLog.size(), size_t{1});
        QCOMPARE(r.freeLog[0].bytesShort, int64_t{100});
        QCOMPARE(unknownStorages(t.program, {1, 2, 99, -1}), (std::vector<int32_t>{99, -1}));
    }
};

HOLESCOPE_TEST_MAIN(ReplayLimits)
#include "tst_replay_limits.moc"
