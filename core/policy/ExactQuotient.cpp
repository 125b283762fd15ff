// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/ExactQuotient.h"

#include <bit>
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

#if defined(__x86_64__)
// The common case of a DTR score (size times staleness below 2^64) in one hardware division:
// the numerator is shifted so that the quotient has 63 or 64 bits (its high word stays below
// den, so divq cannot overflow), a non-zero remainder becomes a sticky lowest bit, and the
// conversion rounds that as the infinite quotient would. The power of two that scales it back
// is at least 2^-126, a normal double, so that product is exact.
double quotientBy64(uint64_t num, uint64_t den)
{
    const int numBits = 64 - __builtin_clzll(num);
    const int denBits = 64 - __builtin_clzll(den);
    const int shift = 63 - numBits + denBits;
    const uint128 shifted = static_cast<uint128>(num) << shift;
    uint64_t quot = 0;
    uint64_t rem = 0;
    asm("divq %4" : "=a"(quot), "=d"(rem) : "a"(static_cast<uint64_t>(shifted)), "d"(static_cast<uint64_t>(shifted >> 64)), "rm"(den));
    const double top = static_cast<double>(quot | (rem != 0 ? 1 : 0));
    return top * std::bit_cast<double>(static_cast<uint64_t>(1023 - shift) << 52);
}
#endif

} // namespace

double exactQuotient(uint64_t num, uint128 den)
{
    if (num == 0)
        return 0.0;
    if (num <= kExactInDouble && den <= kExactInDouble)
        return static_cast<double>(num) / static_cast<double>(den);   // both exact: one IEEE rounding
#if defined(__x86_64__)
    if ((den >> 64) == 0)
        return quotientBy64(num, static_cast<uint64_t>(den));
#endif

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
