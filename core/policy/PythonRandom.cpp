// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/PythonRandom.h"

#include <array>
#include <bit>
#include <vector>

namespace holescope {
namespace {

constexpr size_t kN = 624;

// CPython's init_by_array (the reference mt19937ar.c), which random.seed(int) calls.
std::array<uint32_t, kN> initByArray(const std::vector<uint32_t>& key)
{
    std::array<uint32_t, kN> mt{};
    mt[0] = 19650218U;
    for (size_t i = 1; i < kN; ++i)
        mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + static_cast<uint32_t>(i);
    size_t i = 1, j = 0;
    for (size_t k = std::max(kN, key.size()); k > 0; --k) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<uint32_t>(j);
        ++i;
        ++j;
        if (i >= kN) {
            mt[0] = mt[kN - 1];
            i = 1;
        }
        if (j >= key.size())
            j = 0;
    }
    for (size_t k = kN - 1; k > 0; --k) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - static_cast<uint32_t>(i);
        ++i;
        if (i >= kN) {
            mt[0] = mt[kN - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
    return mt;
}

// A seed sequence that hands std::mt19937 a finished state: the engine takes the words as
// its state and starts, as CPython does after seeding, with a full twist.
struct FixedState {
    using result_type = uint32_t;
    const std::array<uint32_t, kN>* state;
    template <typename It>
    void generate(It first, It last) const
    {
        for (size_t i = 0; first != last; ++first, ++i)
            *first = (*state)[i % kN];
    }
};

} // namespace

PythonRandom::PythonRandom(uint64_t seed)
{
    std::vector<uint32_t> key{static_cast<uint32_t>(seed)};
    if (seed >> 32)
        key.push_back(static_cast<uint32_t>(seed >> 32));
    const std::array<uint32_t, kN> state = initByArray(key);
    FixedState seq{&state};
    m_engine.seed(seq);
}

uint32_t PythonRandom::below(uint32_t n)
{
    // _randbelow_with_getrandbits: k = n.bit_length(), getrandbits(k) until below n.
    const auto k = static_cast<int>(std::bit_width(n));
    uint32_t r = 0;
    do {
        r = static_cast<uint32_t>(m_engine()) >> (32 - k);
    } while (r >= n);
    return r;
}

} // namespace holescope
