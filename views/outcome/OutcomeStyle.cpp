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

double overheadOf(const SweepPoint& p, const Baseline& b)
{
    return overheadOf(p.rematCompute, b);
}

} // namespace holescope
