// SPDX-License-Identifier: GPL-3.0-or-later
#include "trace/ProgramDigest.h"

#include <cstdio>
#include <type_traits>

namespace holescope {
namespace {

class Fnv1a {
public:
    void bytes(const void* data, size_t n)
    {
        const auto* p = static_cast<const unsigned char*>(data);
        for (size_t i = 0; i < n; ++i) {
            m_hash ^= p[i];
            m_hash *= 0x100000001b3ULL;
        }
    }
    template <typename T>
    void value(T v)
    {
        static_assert(std::is_integral_v<T>);
        // Eight bytes, least significant first: the same digest whatever the field's width and the
        // machine's byte order (shards of one sweep may come from different machines).
        const auto wide = static_cast<uint64_t>(static_cast<int64_t>(v));
        unsigned char b[8];
        for (int i = 0; i < 8; ++i)
            b[i] = static_cast<unsigned char>(wide >> (8 * i));
        bytes(b, sizeof b);
    }
    template <typename T>
    void values(const std::vector<T>& v)
    {
        value(v.size());
        for (const T& x : v)
            value(x);
    }
    uint64_t hash() const { return m_hash; }

private:
    uint64_t m_hash = 0xcbf29ce484222325ULL;
};

} // namespace

std::string programDigest(const Program& program)
{
    Fnv1a h;
    h.value(program.ops.size());
    for (const OpDef& op : program.ops) {
        h.value(op.name.size());
        h.bytes(op.name.data(), op.name.size());
        h.value(op.cost);
        h.values(op.sizes);
        h.values(op.alias);
        h.values(op.args);
    }
    h.value(program.schedule.size());
    for (const Step& s : program.schedule) {
        h.value(static_cast<int>(s.kind));
        h.value(s.index);
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h.hash()));
    return text;
}

} // namespace holescope
