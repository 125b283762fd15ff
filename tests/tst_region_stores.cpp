// SPDX-License-Identifier: GPL-3.0-or-later
// The two region stores, driven by hand through the calls the replay makes, on a graph wide
// enough for several bitset words: figures worked out by hand, and both stores agree; and
// replays that keep either store decide alike. And the storage graph they walk.
#include "support/GoldenRuns.h"
#include "support/RandomTraces.h"
#include "support/SkipReport.h"

#include "sim/DenseRegions.h"
#include "sim/Replay.h"
#include "sim/SparseRegions.h"
#include "sim/StorageGraph.h"
#include "sweep/Sweep.h"
#include "trace/TraceReader.h"

#include <QTest>

#include <cstdint>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

using namespace holescope;

namespace {

constexpr int32_t kStorages = 140;   // three 64-bit words

// Edges 0 -> 1, 1 -> 2, 1 -> 130, 2 -> 3, 130 -> 131, all from the first operator.
StorageGraph wideGraph()
{
    const std::vector<std::pair<int32_t, int32_t>> edges = {{0, 1}, {1, 2}, {1, 130}, {2, 3}, {130, 131}};
    StorageGraph g;
    for (bool reverse : {false, true}) {
        StorageGraph::Edges& e = reverse ? g.parents : g.children;
        e.start.assign(kStorages + 1, 0);
        for (auto [x, y] : edges)
            e.start[static_cast<size_t>(reverse ? y : x) + 1] += 1;
        for (size_t i = 1; i < e.start.size(); ++i)
            e.start[i] += e.start[i - 1];
        e.target.assign(edges.size(), 0);
        e.birth.assign(edges.size(), 0);
        std::vector<int32_t> next(e.start.begin(), e.start.end() - 1);
        for (auto [x, y] : edges)
            e.target[static_cast<size_t>(next[static_cast<size_t>(reverse ? y : x)]++)] = reverse ? x : y;
        e.bornStart = {0, static_cast<int32_t>(edges.size())};
        for (auto [x, y] : edges)
            e.bornFrom.push_back(reverse ? y : x);
    }
    return g;
}

// The replay's state as the stores read it, and the calls the replay makes on a change.
struct Fixture {
    StorageGraph graph = wideGraph();
    std::vector<uint8_t> material = std::vector<uint8_t>(kStorages, 1);
    std::vector<uint8_t> pinned = std::vector<uint8_t>(kStorages, 0);
    std::vector<int64_t> compute;
    int64_t createdOps = 1;
    Fixture()
    {
        for (int32_t s = 0; s < kStorages; ++s)
            compute.push_back(s + 1);
    }
    RegionState state() { return RegionState{&material, &pinned, &compute, &createdOps}; }
};

template <typename Store>
void setMaterial(Fixture& f, Store& store, int32_t s, bool material)
{
    f.material[static_cast<size_t>(s)] = material ? 1 : 0;
    if (!material)
        store.unmaterialized(s);
    store.stateChanged(s);
}

// Storage 1's forward region first spans word 0 (interior {2}), is absorbed by storage 0's when
// 1 is evicted, and after 1 comes back with 2 material and 130 evicted, it spans word 2
// (interior {130}). Evicting 1 again must hand storage 0's region 1 and 130: compute 2 + 131.
// The replay clears an evicted storage's regions after the absorbs; the stores must not rely on
// it, so the second run leaves that out.
template <typename Store>
int64_t secondAbsorb(bool clearAfterAbsorb)
{
    Fixture f;
    Store store(f.graph, kStorages, f.state());
    setMaterial(f, store, 2, false);
    store.rebuild(0, false);
    store.rebuild(1, false);
    std::vector<int32_t> frontier;
    store.forEachFrontier(1, false, [&](int32_t x) { frontier.push_back(x); });
    if (frontier != std::vector<int32_t>{3, 130})
        qFatal("storage 1's first frontier is not {3, 130}");
    if (store.compute(1, false) != 3)
        qFatal("storage 1's first region does not sum to 3");

    setMaterial(f, store, 1, false);
    store.absorb(0, false, 1);
    if (clearAfterAbsorb)
        store.clear(1);
    if (store.compute(0, false) != 2 + 3)
        qFatal("storage 0 did not absorb 1 and 2");

    setMaterial(f, store, 2, true);
    setMaterial(f, store, 1, true);
    setMaterial(f, store, 130, false);
    store.rebuild(1, false);
    store.rebuild(0, false);
    setMaterial(f, store, 1, false);
    store.absorb(0, false, 1);
    store.clear(1);
    return store.compute(0, false);
}

} // namespace

class RegionStoresTest : public QObject {
    Q_OBJECT
private slots:
    void absorbAfterRebuild()
    {
        for (bool clear : {true, false}) {
            QCOMPARE(secondAbsorb<SparseRegions>(clear), int64_t{2 + 131});
            QCOMPARE(secondAbsorb<DenseRegions>(clear), int64_t{2 + 131});
        }
    }

    // Constant c (storage 0) is pinned before a = f(c) is created, so the walks never see the
    // edge from a back to c; a (storage 1) is pinned only at the end, after b = f(a): the
    // edge from b back to a stays. Edges from parent to child all stay.
    void reverseEdgesIntoEarlyPinnedParentsLeftOut()
    {
        constexpr std::string_view trace = R"({"ANNOTATION":"START","INSTRUCTION":"ANNOTATE"}
{"INSTRUCTION":"CONSTANT","NAME":"c"}
{"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"c"}
{"ARGS":["c"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["a"],"TIME":"10"}
{"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"a"}
{"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"a"}
{"ARGS":["a"],"INSTRUCTION":"CALL","NAME":"f","RESULT":["b"],"TIME":"10"}
{"INSTRUCTION":"MEMORY","MEMORY":"100","NAME":"b"}
{"ALIAS":"-1","INSTRUCTION":"ALIAS","NAME":"b"}
)";
        TraceLoad load = parseTrace(trace, "pins.log");
        QVERIFY(std::holds_alternative<Program>(load));
        const StorageGraph g = buildStorageGraph(std::get<Program>(load));
        const auto targets = [](const StorageGraph::Edges& e, size_t s) {
            return std::vector<int32_t>(e.target.begin() + e.start[s], e.target.begin() + e.start[s + 1]);
        };
        QCOMPARE(targets(g.children, 0), std::vector<int32_t>{1});
        QCOMPARE(targets(g.children, 1), std::vector<int32_t>{2});
        QCOMPARE(targets(g.parents, 1), std::vector<int32_t>{});
        QCOMPARE(targets(g.parents, 2), std::vector<int32_t>{1});
        QCOMPARE(g.parents.bornStart, (std::vector<int32_t>{0, 0, 0, 1}));
        QCOMPARE(g.parents.bornFrom, std::vector<int32_t>{2});
    }

    // Random traces full of aliases, under DTR: the sparse store sums every region at once, the
    // dense one lazily, and both must decide alike. The lazy sums once went wrong here: walks in
    // an operator's rematerializations find its outputs not yet computed, and a later operator
    // aliasing one of them changed its compute under a sum not yet taken.
    void replaysKeepingEitherStoreDecideAlike()
    {
        for (uint32_t seed = 0; seed < 300; ++seed) {
            const PreparedTrace t = test::preparedRandomAliasTrace(seed);
            for (int i = 1; i <= 30; ++i) {
                ReplayOptions o;
                o.budget = budgetForRatio(t.baseline, i / 30.0);
                const std::string diff = test::storeDifference(t, o);
                QVERIFY2(diff.empty(), (test::randomAliasTraceName(seed) + ", budget " + std::to_string(o.budget) + ": " + diff).c_str());
            }
        }
    }
};

HOLESCOPE_TEST_MAIN(RegionStoresTest)
#include "tst_region_stores.moc"
