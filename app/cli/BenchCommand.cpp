// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliSupport.h"

namespace holescope::cli {

int runBench(const QStringList&)
{
    throw UsageError{"not yet"};
}

} // namespace holescope::cli
