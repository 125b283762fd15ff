// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

namespace holescope {

// 1234567 -> "1,234,567".
std::string groupDigits(int64_t value);

// printf-style "%.<digits>f".
std::string fixed(double value, int digits);

// Ratios of the peak print with this many decimals in every command and view, so one budget
// reads the same wherever it shows: enough to tell apart the budgets of a 1e-6 grid.
inline constexpr int kRatioDigits = 6;

// A ratio of the peak: "0.234300".
std::string ratioText(double ratio);
// Two ratios of the peak, "lo .. hi", with the fewest decimals from kRatioDigits up (to 12) that
// tell them apart: a hole a few bytes wide reads "0.097515 .. 0.097515" at six.
std::string ratioSpanText(double lo, double hi);

// Where a run failed: "at operator 471", or, when no model operator was under way (a read of
// the trace between operators, or after the last), "after operator 399, outside any operator";
// with the trace's count of operators, "at operator 471 of 509".
std::string failurePlace(int64_t opsDone, bool outsideOperator, int64_t operators = -1);

// A count with its noun: "1 replay", "2,048 replays".
std::string plural(int64_t n, const char* one, const char* many);

} // namespace holescope
