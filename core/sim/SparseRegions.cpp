// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/SparseRegions.h"

#include <algorithm>
#include <iterator>

namespace holescope {

SparseRegions::SparseRegions(const StorageGraph& graph, size_t storages, State state)
    : m_graph(graph)
    , m_state(state)
    , m_regions(2 * storages)
    , m_markInterior(storages, 0)
    , m_markFrontier(storages, 0)
{
}

void SparseRegions::rebuild(int32_t base, bool reverse)
{
    Region& r = m_regions[index(base, reverse)];
    r.interior.clear();
    r.frontier.clear();
    r.compute = 0;
    const StorageGraph::Edges& g = reverse ? m_graph.parents : m_graph.children;
    const std::vector<uint8_t>& material = *m_state.material;
    const std::vector<uint8_t>& pinned = *m_state.pinned;
    const std::vector<int64_t>& compute = *m_state.compute;
    const int64_t created = *m_state.createdOps;
    const uint32_t epoch = ++m_epoch;
    m_todo.clear();
    m_todo.push_back(base);
    while (!m_todo.empty()) {
        const auto v = static_cast<size_t>(m_todo.back());
        m_todo.pop_back();
        for (auto e = static_cast<size_t>(g.start[v]); e < static_cast<size_t>(g.start[v + 1]) && g.birth[e] < created; ++e) {
            const int32_t z = g.target[e];
            const auto zi = static_cast<size_t>(z);
            if (material[zi]) {
                if (z != base && !pinned[zi] && m_markFrontier[zi] != epoch) {
                    m_markFrontier[zi] = epoch;
                    r.frontier.push_back(z);
                }
            } else if (m_markInterior[zi] != epoch) {
                m_markInterior[zi] = epoch;
                r.compute += compute[zi];
                r.interior.push_back(z);
                m_todo.push_back(z);
            }
        }
    }
    std::sort(r.interior.begin(), r.interior.end());
    std::sort(r.frontier.begin(), r.frontier.end());
}

void SparseRegions::absorb(int32_t into, bool reverse, int32_t evicted)
{
    Region& r = m_regions[index(into, reverse)];
    const Region& src = m_regions[index(evicted, reverse)];
    auto it = std::lower_bound(r.frontier.begin(), r.frontier.end(), evicted);
    if (it != r.frontier.end() && *it == evicted)
        r.frontier.erase(it);
    m_scratch.clear();
    std::set_union(r.frontier.begin(), r.frontier.end(), src.frontier.begin(), src.frontier.end(), std::back_inserter(m_scratch));
    r.frontier.swap(m_scratch);

    m_scratch.clear();
    std::set_difference(src.interior.begin(), src.interior.end(), r.interior.begin(), r.interior.end(), std::back_inserter(m_scratch));
    auto pos = std::lower_bound(m_scratch.begin(), m_scratch.end(), evicted);
    if (pos == m_scratch.end() || *pos != evicted)
        m_scratch.insert(pos, evicted);   // counted again even when already inside, as simrd does
    const std::vector<int64_t>& compute = *m_state.compute;
    for (int32_t x : m_scratch)
        r.compute += compute[static_cast<size_t>(x)];
    const auto mid = static_cast<std::ptrdiff_t>(r.interior.size());
    r.interior.insert(r.interior.end(), m_scratch.begin(), m_scratch.end());
    std::inplace_merge(r.interior.begin(), r.interior.begin() + mid, r.interior.end());
    r.interior.erase(std::unique(r.interior.begin(), r.interior.end()), r.interior.end());
}

void SparseRegions::clear(int32_t s)
{
    for (bool reverse : {false, true}) {
        Region& r = m_regions[index(s, reverse)];
        r.interior.clear();
        r.frontier.clear();
        r.compute = 0;
    }
}

} // namespace holescope
