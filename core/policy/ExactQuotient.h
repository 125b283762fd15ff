// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace holescope {

__extension__ typedef unsigned __int128 uint128;

// num / den correctly rounded to a double (round half to even), as Python's int / int true
// division computes it. den must be positive. Dividing two rounded doubles instead differs in
// the last bit now and then once den passes 2^53, and such a bit decides ties between scores.
double exactQuotient(uint64_t num, uint128 den);

} // namespace holescope
