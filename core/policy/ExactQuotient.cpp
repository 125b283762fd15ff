// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/ExactQuotient.h"

#include <cmath>

namespace holescope {
namespace {

int bitLength(uint128 x)
{
    const auto hi = static_cast<uint64_t>(x >> 64);
    if (hi)
        return 128 - __builtin_clzll(hi);
    const auto lo = static_cast<uint64_t>(x);
    return lo ? 64 - __builtin_clzll(lo) : 0;
}

constexpr uint64_t kExactInDouble = uint64_t{1} << 53;

} // namespace

double exactQuotient(uint64_t num, uint128 den)
{
    if (num == 0)
        return 0.0;
    if (num <= kExactInDouble && den <= kExactInDouble)
        return static_cast<double>(num) / static_cast<double>(den);   // both exact: one IEEE rounding

    // Long division in chunks until the quotient holds at least 55 significant bits; a non-zero
    // remainder is then folded into the lowest bit (a sticky bit below the rounding position),
    // so that the conversion to double rounds exactly as the infinite quotient would.
    int shift = 127 - bitLength(num);
    uint128 rem = static_cast<uint128>(num) << shift;
    uint128 quot = rem / den;
    rem -= quot * den;
    while (rem != 0 && bitLength(quot) < 55) {
        const int room = 127 - (bitLength(rem) > bitLength(quot) ? bitLength(rem) : bitLength(quot));
        const int k = room < 64 ? room : 64;
        rem <<= k;
        const uint128 q = rem / den;
        rem -= q * den;
        quot = (quot << k) + q;
        shift += k;
    }
    bool sticky = rem != 0;
    const int excess = bitLength(quot) - 64;
    if (excess > 0) {
        sticky = sticky || (quot & ((uint128{1} << excess) - 1)) != 0;
        quot >>= excess;
        shift -= excess;
    }
    auto top = static_cast<uint64_t>(quot);
    if (sticky)
        top |= 1;
    return std::ldexp(static_cast<double>(top), -shift);
}

} // namespace holescope
