// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "policy/ExactQuotient.h"

#include <cstdint>
#include <limits>
#include <optional>

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

// num / den for a signed numerator (simrd's equivalence-class sums can go below 0), correctly rounded.
inline double signedQuotient(int64_t num, uint128 den)
{
    if (num >= 0)
        return exactQuotient(static_cast<uint64_t>(num), den);
    return -exactQuotient(static_cast<uint64_t>(-(num + 1)) + 1, den);
}

// num / (size * staleness) with the factors present, as Python computes it: an integer quotient
// correctly rounded; a never-accessed storage has infinite staleness (quotient 0); a denominator
// that is not positive gives +inf. With neither factor, the number itself.
inline double scoreQuotient(int64_t num, std::optional<int64_t> size, bool staleness, int64_t clock, int64_t lastAccess)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    if (!size && !staleness)
        return static_cast<double>(num);
    if (size && *size <= 0)
        return inf;   // also size 0 * inf staleness: nan, which is not > 0
    if (staleness && lastAccess == kNeverAccessed)
        return num < 0 ? -0.0 : 0.0;
    const int64_t stale = staleness ? clock - lastAccess : 1;
    if (stale <= 0)
        return inf;
    return signedQuotient(num, static_cast<uint128>(size ? *size : 1) * static_cast<uint64_t>(stale));
}

} // namespace holescope
