// SPDX-License-Identifier: GPL-3.0-or-later
// A replay may take over the memory an earlier replay left (ReplayWorkspace): the dense region
// store writes every word before it reads it, so whatever the workspace holds must change
// nothing. Each replay here runs on a workspace filled with a pattern first, against the same
// replay on memory of its own: same outcome, figures, logs, certified interval, step count and
// cascade depth. One workspace serves traces of every size in turn, as a sweep's thread's does.
#include "support/GoldenRuns.h"
#include "support/Policies.h"
#include "support/RandomTraces.h"
#include "support/SkipReport.h"

#include "policy/Policy.h"
#include "sim/Replay.h"
#include "sim/ReplayWorkspace.h"
#include "sweep/Sweep.h"

#include <QDir>
#include <QTest>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using namespace holescope;

namespace {

// Every word the workspace holds set to what `next` gives.
template <typename Next>
void soil(ReplayWorkspace& ws, Next&& next)
{
    for (UninitializedWords* w : {&ws.regionInteriors, &ws.regionFrontiers, &ws.summedInteriors, &ws.closures}) {
        uint64_t* words = w->take(w->size());
        std::generate_n(words, w->size(), next);
    }
}

// Soils the workspace with one of three patterns (all ones, alternate bits, random words).
void soil(ReplayWorkspace& ws, int pattern, std::mt19937_64& random)
{
    switch (pattern % 3) {
    case 0: soil(ws, [] { return ~uint64_t{0}; }); break;
    case 1: soil(ws, [] { return uint64_t{0xAAAAAAAAAAAAAAAA}; }); break;
    default: soil(ws, [&] { return random(); }); break;
    }
}

// The replay on its own memory against the same replay on the soiled workspace, after a first
// replay on it that grows it to this trace's size; empty when they decide alike.
std::string workspaceDifference(const PreparedTrace& t, ReplayOptions o, ReplayWorkspace& ws, int pattern, std::mt19937_64& random)
{
    o.logEvents = true;
    o.workspace = nullptr;
    const ReplayResult own = replay(t, o);
    o.workspace = &ws;
    (void)replay(t, o);
    soil(ws, pattern, random);
    const ReplayResult taken = replay(t, o);
    const std::string diff = test::wholeReplayDifference(own, taken);
    return diff.empty() ? diff : "budget " + std::to_string(o.budget) + ", policy " + policyName(o.policy) + ": " + diff;
}

} // namespace

class ReplayWorkspace_ : public QObject {
    Q_OBJECT

private:
    QString m_shared = QStringLiteral(HOLESCOPE_SHARED_DIR);

private slots:
    // The workspace grows to the largest trace it served and keeps its words for a smaller one.
    void workspaceGrowsAndKeeps()
    {
        UninitializedWords w;
        QCOMPARE(w.size(), size_t{0});
        uint64_t* first = w.take(100);
        QCOMPARE(w.size(), size_t{100});
        first[99] = 42;
        QCOMPARE(w.take(10), first);
        QCOMPARE(w.take(100)[99], uint64_t{42});
        QVERIFY(w.take(1000) != nullptr);
        QCOMPARE(w.size(), size_t{1000});
        QCOMPARE(w.take(100), w.take(1000));
    }

    // Random traces full of aliases, releases and multi-output operators, with every policy
    // that reads regions, both upkeeps, protected storages, step caps and overhead limits.
    void randomTraces()
    {
        std::vector<std::string> policies = test::kRegionPolicies;
        policies.push_back("monotone");   // DTR's replays at the budgets it falls back to
        ReplayWorkspace ws;
        std::mt19937_64 random(7);
        int pattern = 0;
        for (uint32_t seed = 0; seed < 80; ++seed) {
            const PreparedTrace t = test::preparedRandomAliasTrace(seed);
            for (int i = 1; i <= 12; ++i) {
                ReplayOptions o;
                o.budget = t.baseline.memory * i / 12;
                o.regions = RegionStore::Dense;
                o.policy = test::policyNamed(policies[(seed + static_cast<uint32_t>(i)) % policies.size()]);
                if (i % 2 == 0)
                    o.upkeep = RegionUpkeep::FromStart;
                test::addCaseLimits(o, t, seed, i);
                const std::string diff = workspaceDifference(t, o, ws, pattern++, random);
                QVERIFY2(diff.empty(), (test::randomAliasTraceName(seed) + ": " + diff).c_str());
            }
        }
    }

    // A sweep gives each of its threads a workspace: its points are those of replays on their
    // own memory, whatever the number of threads.
    void sweepsDecideAsSingleReplays()
    {
        for (uint32_t seed : {3u, 11u, 29u}) {
            const PreparedTrace t = test::preparedRandomAliasTrace(seed);
            SweepSpec spec;
            for (int i = 1; i <= 40; ++i)
                spec.grid.push_back(t.baseline.memory * i / 40);
            spec.from = spec.grid.front();
            spec.to = spec.grid.back();
            for (int jobs : {1, 2}) {
                spec.jobs = jobs;
                const SweepResult r = runSweep(t, spec, nullptr, {});
                QCOMPARE(r.points.size(), spec.grid.size());
                for (const SweepPoint& p : r.points) {
                    ReplayOptions o;
                    o.budget = p.budget;
                    const ReplayResult single = replay(t, o);
                    QCOMPARE(p.outcome, single.outcome);
                    QCOMPARE(p.opsDone, single.opsDone);
                    QCOMPARE(p.clock, single.clock);
                    QCOMPARE(p.evictions, single.evictions);
                    QCOMPARE(p.certifiedLo, single.certifiedLo);
                    QCOMPARE(p.certifiedHi, single.certifiedHi);
                }
            }
        }
    }

    // The DTR traces on a grid of budgets (capped so that thrashing budgets stay short), one
    // workspace for all eight in turn.
    void dtrTraces()
    {
        if (!QDir(m_shared + "/traces/dtr").exists())
            HOLESCOPE_SKIP(qPrintable("SKIPPED: no shared folder at " + m_shared));
        const QStringList traces = QDir(m_shared + "/traces/dtr").entryList({"*.log"}, QDir::Files, QDir::Name);
        QCOMPARE(traces.size(), 8);
        ReplayWorkspace ws;
        std::mt19937_64 random(11);
        int pattern = 0;
        for (const QString& trace : traces) {
            const PreparedTrace t = test::loadTrace((m_shared + "/traces/dtr/" + trace).toStdString());
            for (double ratio : {0.1, 0.3, 0.5, 0.7, 0.9}) {
                ReplayOptions o;
                o.budget = budgetForRatio(t.baseline, ratio);
                o.maxSteps = 10000;
                const std::string diff = workspaceDifference(t, o, ws, pattern++, random);
                QVERIFY2(diff.empty(), (trace.toStdString() + ": " + diff).c_str());
            }
        }
    }
};

HOLESCOPE_TEST_MAIN(ReplayWorkspace_)
#include "tst_replay_workspace.moc"
