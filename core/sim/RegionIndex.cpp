// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/RegionIndex.h"

#include <algorithm>
#include <cstring>

namespace holescope {

RegionIndex::RegionIndex(const StorageGraph& graph, size_t storages, State state)
    : m_graph(graph)
    , m_state(state)
    , m_storages(storages)
    , m_words((storages + 63) / 64)
    , m_interior(2 * storages * m_words, 0)
    , m_frontier(2 * storages * m_words, 0)
    , m_compute(2 * storages, 0)
{
    if (graph.acyclic) {
        for (int d = 0; d < 2; ++d) {
            m_stamp[d].assign(storages, 0);
            m_slotOf[d].assign(storages, 0);
        }
    }
}

void RegionIndex::beginBatch()
{
    ++m_batch;
    m_slotCount = 0;
}

int64_t RegionIndex::sumCompute(const uint64_t* bits) const
{
    const std::vector<int64_t>& compute = *m_state.compute;
    int64_t sum = 0;
    forEachBit(bits, [&](int32_t x) { sum += compute[static_cast<size_t>(x)]; });
    return sum;
}

void RegionIndex::rebuild(int32_t base, bool reverse)
{
    const size_t r = index(base, reverse);
    uint64_t* interior = interiorBits(r);
    uint64_t* frontier = frontierBits(r);
    std::memset(interior, 0, m_words * sizeof(uint64_t));
    std::memset(frontier, 0, m_words * sizeof(uint64_t));
    if (m_graph.acyclic) {
        const StorageGraph::Edges& g = edges(reverse);
        const int64_t created = *m_state.createdOps;
        const auto b = static_cast<size_t>(base);
        for (auto e = static_cast<size_t>(g.start[b]); e < static_cast<size_t>(g.start[b + 1]) && g.birth[e] < created; ++e) {
            const int32_t z = g.target[e];
            if (material(z)) {
                if (!pinned(z))
                    frontier[static_cast<size_t>(z) / 64] |= uint64_t{1} << (z % 64);
                continue;
            }
            const size_t slot = closure(z, reverse);
            // closure() may grow the slot arena; take the pointers afterwards.
            interior = interiorBits(r);
            frontier = frontierBits(r);
            const uint64_t* ci = &m_slots[slot * 2 * m_words];
            const uint64_t* cf = ci + m_words;
            for (size_t w = 0; w < m_words; ++w) {
                interior[w] |= ci[w];
                frontier[w] |= cf[w];
            }
        }
        frontier[b / 64] &= ~(uint64_t{1} << (base % 64));
    } else {
        walk(base, reverse, interior, frontier);
    }
    m_compute[r] = sumCompute(interior);
}

// simrd's Region.rebuild as written: a depth-first walk from the base through evicted storages.
void RegionIndex::walk(int32_t base, bool reverse, uint64_t* interior, uint64_t* frontier)
{
    const StorageGraph::Edges& g = edges(reverse);
    const int64_t created = *m_state.createdOps;
    m_todo.clear();
    m_todo.push_back(base);
    while (!m_todo.empty()) {
        const auto s = static_cast<size_t>(m_todo.back());
        m_todo.pop_back();
        for (auto e = static_cast<size_t>(g.start[s]); e < static_cast<size_t>(g.start[s + 1]) && g.birth[e] < created; ++e) {
            const int32_t z = g.target[e];
            const auto zw = static_cast<size_t>(z) / 64;
            const uint64_t zb = uint64_t{1} << (z % 64);
            if (material(z)) {
                if (z != base && !pinned(z))
                    frontier[zw] |= zb;
            } else if (!(interior[zw] & zb)) {
                interior[zw] |= zb;
                m_todo.push_back(z);
            }
        }
    }
}

// The storages reachable from evicted storage s through evicted storages (s included), and
// the unpinned material storages bordering them; computed once per batch and direction.
size_t RegionIndex::closure(int32_t s, bool reverse)
{
    const int d = reverse ? 1 : 0;
    if (m_stamp[d][static_cast<size_t>(s)] == m_batch)
        return m_slotOf[d][static_cast<size_t>(s)];
    const StorageGraph::Edges& g = edges(reverse);
    const int64_t created = *m_state.createdOps;
    auto open = [&](int32_t v) {
        const size_t slot = m_slotCount++;
        if (m_slots.size() < m_slotCount * 2 * m_words)
            m_slots.resize(std::max(m_slots.size() * 2, m_slotCount * 2 * m_words));
        uint64_t* bits = &m_slots[slot * 2 * m_words];
        std::memset(bits, 0, 2 * m_words * sizeof(uint64_t));
        bits[static_cast<size_t>(v) / 64] |= uint64_t{1} << (v % 64);
        m_stamp[d][static_cast<size_t>(v)] = m_batch;
        m_slotOf[d][static_cast<size_t>(v)] = static_cast<uint32_t>(slot);
        m_stack.push_back(WalkFrame{v, g.start[static_cast<size_t>(v)]});
    };
    m_stack.clear();
    open(s);
    while (!m_stack.empty()) {
        WalkFrame& f = m_stack.back();
        const auto v = static_cast<size_t>(f.node);
        uint64_t* own = &m_slots[static_cast<size_t>(m_slotOf[d][v]) * 2 * m_words];
        bool descended = false;
        for (; f.edge < g.start[v + 1] && g.birth[static_cast<size_t>(f.edge)] < created; ++f.edge) {
            const int32_t z = g.target[static_cast<size_t>(f.edge)];
            if (material(z)) {
                if (!pinned(z))
                    own[m_words + static_cast<size_t>(z) / 64] |= uint64_t{1} << (z % 64);
                continue;
            }
            if (m_stamp[d][static_cast<size_t>(z)] != m_batch) {
                open(z);   // acyclic: z cannot be on the stack; revisit this edge when z is done
                descended = true;
                break;
            }
            const uint64_t* other = &m_slots[static_cast<size_t>(m_slotOf[d][static_cast<size_t>(z)]) * 2 * m_words];
            for (size_t w = 0; w < 2 * m_words; ++w)
                own[w] |= other[w];
        }
        if (!descended)
            m_stack.pop_back();
    }
    return m_slotOf[d][static_cast<size_t>(s)];
}

void RegionIndex::absorb(int32_t into, bool reverse, int32_t evicted)
{
    const size_t r = index(into, reverse);
    const size_t src = index(evicted, reverse);
    uint64_t* fi = frontierBits(r);
    const uint64_t* fs = frontierBits(src);
    const auto ew = static_cast<size_t>(evicted) / 64;
    const uint64_t eb = uint64_t{1} << (evicted % 64);
    fi[ew] &= ~eb;
    for (size_t w = 0; w < m_words; ++w)
        fi[w] |= fs[w];

    uint64_t* ii = interiorBits(r);
    const uint64_t* is = &m_interior[src * m_words];
    const std::vector<int64_t>& compute = *m_state.compute;
    int64_t added = 0;
    for (size_t w = 0; w < m_words; ++w) {
        uint64_t diff = is[w] & ~ii[w];
        if (w == ew)
            diff |= eb;   // counted again even when already inside, as simrd does
        ii[w] |= diff;
        for (; diff; diff &= diff - 1)
            added += compute[w * 64 + static_cast<size_t>(__builtin_ctzll(diff))];
    }
    m_compute[r] += added;
}

void RegionIndex::clear(int32_t s)
{
    for (bool reverse : {false, true}) {
        const size_t r = index(s, reverse);
        std::memset(interiorBits(r), 0, m_words * sizeof(uint64_t));
        std::memset(frontierBits(r), 0, m_words * sizeof(uint64_t));
        m_compute[r] = 0;
    }
}

void RegionIndex::collectFrontier(int32_t s, bool reverse, std::vector<uint64_t>& acc) const
{
    const uint64_t* f = frontierBits(index(s, reverse));
    for (size_t w = 0; w < m_words; ++w)
        acc[w] |= f[w];
}

} // namespace holescope
