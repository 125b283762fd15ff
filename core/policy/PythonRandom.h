// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <random>

namespace holescope {

// Python's `random` module, as far as simrd's RandomStorage uses it: random.seed(n) for a
// non-negative integer n, then random.randrange(0, k). The generator is the standard MT19937
// (std::mt19937); only the seeding (CPython's init_by_array over n's 32-bit words) and
// randrange's rejection sampling are Python's own, so the same seed picks the same storages.
class PythonRandom {
public:
    explicit PythonRandom(uint64_t seed);
    // random.randrange(0, n), n >= 1.
    uint32_t below(uint32_t n);

private:
    std::mt19937 m_engine;
};

} // namespace holescope
