// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/Numbers.h"

#include <cstdio>

namespace holescope {

std::string groupDigits(int64_t value)
{
    const bool negative = value < 0;
    std::string digits = std::to_string(value);
    if (negative)
        digits.erase(0, 1);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return negative ? "-" + out : out;
}

std::string fixed(double value, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, value);
    return buf;
}

std::string ratioText(double ratio)
{
    return fixed(ratio, kRatioDigits);
}

std::string ratioSpanText(double lo, double hi)
{
    int digits = kRatioDigits;
    while (digits < 12 && lo != hi && fixed(lo, digits) == fixed(hi, digits))
        ++digits;
    return fixed(lo, digits) + " .. " + fixed(hi, digits);
}

std::string plural(int64_t n, const char* one, const char* many)
{
    return groupDigits(n) + " " + (n == 1 ? one : many);
}

std::string failurePlace(int64_t opsDone, bool outsideOperator, int64_t operators)
{
    const std::string op = groupDigits(opsDone) + (operators >= 0 ? " of " + groupDigits(operators) : "");
    return outsideOperator ? "after operator " + op + ", outside any operator" : "at operator " + op;
}

} // namespace holescope
