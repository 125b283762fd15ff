// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

namespace holescope {

// simrd's equivalence classes of evicted storages (EqClassNode with CheckpointInfo values): a
// union-find whose roots hold the summed compute of their class. An evicted storage gets a node
// holding its compute and is merged with the classes of its evicted neighbours; a storage that
// becomes material takes its compute out of its class and leaves its node behind (other nodes
// may still point through it). New storages start with a node of value 0, as simrd's compute()
// gives them.
class EqClasses {
public:
    explicit EqClasses(size_t storages)
        : m_nodeOf(storages, kNone)
    {
    }

    // A storage's first tensor was created.
    void created(int32_t s) { m_nodeOf[idx(s)] = newNode(0); }

    // `s` was just evicted with this compute; merge it with each evicted neighbour's class.
    template <typename Neighbours>
    void evicted(int32_t s, int64_t compute, const Neighbours& evictedNeighbours)
    {
        const int32_t node = newNode(compute);
        m_nodeOf[idx(s)] = node;
        for (int32_t n : evictedNeighbours) {
            const int32_t l = find(m_nodeOf[idx(n)]);
            const int32_t r = find(node);
            if (l == r)
                continue;
            m_parent[idx(l)] = r;
            m_value[idx(r)] += m_value[idx(l)];
        }
    }

    // `s` became material again (or for the first time) with this compute.
    void materialized(int32_t s, int64_t compute)
    {
        const int32_t node = m_nodeOf[idx(s)];
        if (node == kNone)
            return;
        m_value[idx(find(node))] -= compute;
        m_nodeOf[idx(s)] = kNone;
    }

    // The class of an evicted storage: its root, and the root's summed compute.
    int32_t root(int32_t s) { return find(m_nodeOf[idx(s)]); }
    int64_t value(int32_t root) const { return m_value[idx(root)]; }
    bool hasNode(int32_t s) const { return m_nodeOf[idx(s)] != kNone; }

private:
    static constexpr int32_t kNone = -1;
    static size_t idx(int32_t i) { return static_cast<size_t>(i); }

    int32_t newNode(int64_t value)
    {
        m_parent.push_back(static_cast<int32_t>(m_parent.size()));
        m_value.push_back(value);
        return m_parent.back();
    }

    int32_t find(int32_t node)
    {
        int32_t root = node;
        while (m_parent[idx(root)] != root)
            root = m_parent[idx(root)];
        while (m_parent[idx(node)] != root) {
            const int32_t next = m_parent[idx(node)];
            m_parent[idx(node)] = root;
            node = next;
        }
        return root;
    }

    std::vector<int32_t> m_nodeOf;    // per storage: its node, or kNone (simrd's ecn = None)
    std::vector<int32_t> m_parent;    // per node
    std::vector<int64_t> m_value;     // per node; meaningful at roots
};

} // namespace holescope
