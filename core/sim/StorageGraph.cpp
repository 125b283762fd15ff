// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/StorageGraph.h"

#include <algorithm>
#include <tuple>

namespace holescope {
namespace {

struct Edge {
    int32_t from, to, birth;
};

// Where each key's entries start when the edges are grouped by key: size keys + 1.
template <typename Key>
std::vector<int32_t> groupStarts(const std::vector<Edge>& edges, size_t keys, Key key)
{
    std::vector<int32_t> start(keys + 1, 0);
    for (const Edge& e : edges)
        start[static_cast<size_t>(key(e)) + 1] += 1;
    for (size_t i = 0; i < keys; ++i)
        start[i + 1] += start[i];
    return start;
}

StorageGraph::Edges toCsr(std::vector<Edge> edges, size_t nodes, size_t ops)
{
    std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) {
        return std::tie(a.from, a.to, a.birth) < std::tie(b.from, b.to, b.birth);
    });
    // Walks need each neighbour once, from the first operator that joined the two.
    edges.erase(std::unique(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) { return a.from == b.from && a.to == b.to; }),
                edges.end());
    std::stable_sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) {
        return std::tie(a.from, a.birth) < std::tie(b.from, b.birth);
    });
    StorageGraph::Edges csr;
    csr.start = groupStarts(edges, nodes, [](const Edge& e) { return e.from; });
    csr.target.reserve(edges.size());
    csr.birth.reserve(edges.size());
    for (const Edge& e : edges) {
        csr.target.push_back(e.to);
        csr.birth.push_back(e.birth);
    }
    csr.bornStart = groupStarts(edges, ops, [](const Edge& e) { return e.birth; });
    csr.bornFrom.resize(edges.size());
    std::vector<int32_t> next(csr.bornStart.begin(), csr.bornStart.end() - 1);
    for (const Edge& e : edges)
        csr.bornFrom[static_cast<size_t>(next[static_cast<size_t>(e.birth)]++)] = e.from;
    return csr;
}

bool isAcyclic(const StorageGraph::Edges& g, size_t nodes)
{
    std::vector<int32_t> indegree(nodes, 0);
    for (int32_t t : g.target)
        indegree[static_cast<size_t>(t)] += 1;
    std::vector<int32_t> ready;
    for (size_t i = 0; i < nodes; ++i)
        if (indegree[i] == 0)
            ready.push_back(static_cast<int32_t>(i));
    size_t seen = 0;
    while (!ready.empty()) {
        const auto v = static_cast<size_t>(ready.back());
        ready.pop_back();
        ++seen;
        for (auto e = static_cast<size_t>(g.start[v]); e < static_cast<size_t>(g.start[v + 1]); ++e)
            if (--indegree[static_cast<size_t>(g.target[e])] == 0)
                ready.push_back(g.target[e]);
    }
    return seen == nodes;
}

} // namespace

StorageGraph buildStorageGraph(const Program& program)
{
    // Per storage, the operators started when it was pinned (an edge born at operator k is there
    // once k + 1 operators have started).
    std::vector<int32_t> pinnedAt(program.storages.size(), INT32_MAX);
    int32_t started = 0;
    for (const Step& step : program.schedule) {
        if (step.kind == StepKind::Compute)
            ++started;
        else if (step.kind == StepKind::Pin) {
            int32_t& at = pinnedAt[static_cast<size_t>(program.storageOf(step.index))];
            at = std::min(at, started);
        }
    }
    std::vector<Edge> forward, reverse;
    for (size_t op = 0; op < program.ops.size(); ++op) {
        const OpDef& def = program.ops[op];
        for (int32_t k = 0; k < def.outputs(); ++k) {
            const int32_t y = program.storageOf(def.firstOutput + k);
            for (int32_t arg : def.args) {
                const int32_t x = program.storageOf(arg);
                if (x == y)
                    continue;
                forward.push_back(Edge{x, y, static_cast<int32_t>(op)});
                if (static_cast<int32_t>(op) < pinnedAt[static_cast<size_t>(x)])
                    reverse.push_back(Edge{y, x, static_cast<int32_t>(op)});
            }
        }
    }
    StorageGraph g;
    const size_t n = program.storages.size();
    g.children = toCsr(std::move(forward), n, program.ops.size());
    g.parents = toCsr(std::move(reverse), n, program.ops.size());
    g.acyclic = isAcyclic(g.children, n);
    return g;
}

} // namespace holescope
