// SPDX-License-Identifier: GPL-3.0-or-later
#include "outcome/OutcomeStyle.h"

namespace holescope {

QColor outcomeColor(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Complete: return QColor(0x1f, 0x77, 0xb4);
    case Outcome::Oom: return QColor(0xd6, 0x27, 0x28);
    case Outcome::OverheadExceeded: return QColor(0xff, 0x7f, 0x0e);
    case Outcome::Unresolved: return QColor(0x7f, 0x7f, 0x7f);
    }
    return Qt::black;
}

QString outcomeLabel(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Complete: return QStringLiteral("complete");
    case Outcome::Oom: return QStringLiteral("out of memory");
    case Outcome::OverheadExceeded: return QStringLiteral("overhead exceeded");
    case Outcome::Unresolved: return QStringLiteral("unresolved");
    }
    return {};
}

ByteUnit byteUnitFor(int64_t largest)
{
    if (largest >= 1'000'000'000)
        return {1e9, QStringLiteral("GB")};
    if (largest >= 1'000'000)
        return {1e6, QStringLiteral("MB")};
    if (largest >= 1'000)
        return {1e3, QStringLiteral("kB")};
    return {1.0, QStringLiteral("bytes")};
}

double overheadOf(const SweepPoint& p, const Baseline& b)
{
    return overheadOf(p.rematCompute, b);
}

} // namespace holescope
