// SPDX-License-Identifier: GPL-3.0-or-later
#include "SweepOnTerminal.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace holescope::cli {

SweepResult runSweepOnTerminal(const PreparedTrace& trace, const SweepSpec& spec, const std::atomic<bool>* cancel)
{
    const bool tty = isatty(STDERR_FILENO) != 0;
    auto last = std::chrono::steady_clock::now();
    const auto started = last;
    SweepResult r = runSweep(trace, spec, cancel, [&](const SweepProgress& p) {
        const auto now = std::chrono::steady_clock::now();
        if (!tty || now - last < std::chrono::milliseconds(200))
            return;
        last = now;
        const double done = p.total > 0 ? static_cast<double>(p.done) / static_cast<double>(p.total) : 0;
        const double spent = std::chrono::duration<double>(now - started).count();
        std::fprintf(stderr, "\r  %5.1f%%  %.0f s left (Ctrl-C stops and reports what is known)   ", done * 100,
                     done > 0 ? spent / done - spent : 0.0);
    });
    if (tty)
        std::fprintf(stderr, "\r%80s\r", "");
    return r;
}

} // namespace holescope::cli
