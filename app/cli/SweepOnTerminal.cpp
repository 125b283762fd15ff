// SPDX-License-Identifier: GPL-3.0-or-later
#include "SweepOnTerminal.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <future>

namespace holescope::cli {

namespace {

void printProgress(int64_t done, int64_t total, double spent)
{
    const double part = total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 0;
    // Before the first replay ends nothing tells how long the rest takes: say how long it has run.
    if (done > 0)
        std::fprintf(stderr, "\r  %5.1f%%  %.0f s left (Ctrl-C stops and reports what is known)   ", part * 100, spent / part - spent);
    else
        std::fprintf(stderr, "\r  %5.1f%%  %.0f s so far (Ctrl-C stops and reports what is known)   ", part * 100, spent);
}

} // namespace

SweepResult runSweepOnTerminal(const PreparedTrace& trace, const SweepSpec& spec, const std::atomic<bool>* cancel)
{
    if (isatty(STDERR_FILENO) == 0)
        return runSweep(trace, spec, cancel);
    // The line is redrawn on a clock, not only as replays end: at a thrashing budget one replay
    // can take minutes, and a line that stands still looks like a hang.
    std::atomic<int64_t> done{0}, total{0};
    std::future<SweepResult> sweep = std::async(std::launch::async, [&] {
        return runSweep(trace, spec, cancel, [&](const SweepProgress& p) {
            total.store(p.total, std::memory_order_relaxed);
            done.store(p.done, std::memory_order_relaxed);
        });
    });
    const auto started = std::chrono::steady_clock::now();
    while (sweep.wait_for(std::chrono::milliseconds(250)) != std::future_status::ready) {
        const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        printProgress(done.load(std::memory_order_relaxed), total.load(std::memory_order_relaxed), spent);
    }
    std::fprintf(stderr, "\r%80s\r", "");
    return sweep.get();
}

} // namespace holescope::cli
