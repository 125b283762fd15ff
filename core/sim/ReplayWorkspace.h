// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace holescope {

// Words whose contents are unspecified: whatever the last user left, or nothing yet. Grows and
// never shrinks.
class UninitializedWords {
public:
    uint64_t* take(size_t count)
    {
        if (count > m_size) {
            m_words = std::make_unique_for_overwrite<uint64_t[]>(count);
            m_size = count;
        }
        return m_words.get();
    }
    size_t size() const { return m_size; }

private:
    std::unique_ptr<uint64_t[]> m_words;
    size_t m_size = 0;
};

// Memory a replay may take over from an earlier replay: the dense region store's bitsets, which
// are megabytes on the larger traces. Fresh from the allocator, every 4 KiB of them touched costs
// a page fault and a zeroed page, a quarter or more of a replay of Unrolled GAN at its peak; a sweep's
// thread keeps one workspace for all its replays. The store writes every word before reading it,
// so what an earlier replay left changes nothing. One replay at a time per workspace.
struct ReplayWorkspace {
    UninitializedWords regionInteriors, regionFrontiers, summedInteriors, closures;
};

} // namespace holescope
