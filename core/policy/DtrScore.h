// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "policy/ExactQuotient.h"

#include <cstdint>
#include <limits>

namespace holescope {

// Marks a storage that was never stamped (simrd's -inf last access).
inline constexpr int64_t kNeverAccessed = std::numeric_limits<int64_t>::min();

// h_DTR = (compute + region compute + reverse region compute) / (size * staleness), with
// simrd's arithmetic: the exact quotient correctly rounded, +inf when the denominator is 0.
inline double dtrScore(int64_t compute, int64_t size, int64_t clock, int64_t lastAccess)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    if (lastAccess == kNeverAccessed)   // size * inf: inf (0 / inf == 0), or nan for size 0 (then inf)
        return size > 0 ? 0.0 : inf;
    const int64_t staleness = clock - lastAccess;
    if (size <= 0 || staleness <= 0)
        return inf;
    return exactQuotient(static_cast<uint64_t>(compute), static_cast<uint128>(size) * static_cast<uint64_t>(staleness));
}

} // namespace holescope
