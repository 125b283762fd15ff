// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace holescope {

// simrd's storage_pool: an ORDERED list of evictable storages. A storage is appended when it
// becomes evictable and removed when locked or evicted; scans run in list order, which is how
// ties between equal scores are broken. Kept as an intrusive doubly linked list over storage
// indices so that both append and removal are O(1).
class EvictionPool {
public:
    static constexpr int32_t kNone = -1;

    explicit EvictionPool(size_t storages)
        : m_prev(storages, kNone)
        , m_next(storages, kNone)
        , m_in(storages, 0)
    {
    }

    bool contains(int32_t s) const { return m_in[static_cast<size_t>(s)] != 0; }
    bool empty() const { return m_size == 0; }
    int64_t size() const { return m_size; }
    int32_t first() const { return m_head; }
    int32_t next(int32_t s) const { return m_next[static_cast<size_t>(s)]; }

    void append(int32_t s)
    {
        const auto i = static_cast<size_t>(s);
        if (m_in[i])
            return;
        m_in[i] = 1;
        m_prev[i] = m_tail;
        m_next[i] = kNone;
        if (m_tail == kNone)
            m_head = s;
        else
            m_next[static_cast<size_t>(m_tail)] = s;
        m_tail = s;
        ++m_size;
    }

    void remove(int32_t s)
    {
        const auto i = static_cast<size_t>(s);
        if (!m_in[i])
            return;
        m_in[i] = 0;
        const int32_t p = m_prev[i], n = m_next[i];
        if (p == kNone)
            m_head = n;
        else
            m_next[static_cast<size_t>(p)] = n;
        if (n == kNone)
            m_tail = p;
        else
            m_prev[static_cast<size_t>(n)] = p;
        --m_size;
    }

private:
    std::vector<int32_t> m_prev, m_next;
    std::vector<uint8_t> m_in;
    int32_t m_head = kNone, m_tail = kNone;
    int64_t m_size = 0;
};

} // namespace holescope
