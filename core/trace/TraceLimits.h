// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace holescope {

struct TraceLimits {
    // A trace larger than this is refused before it is read, so that a wrong file never
    // makes the machine swap. The DTR logs are a few MB.
    // The reader holds the decoded lines, several times the file's size. The DTR logs are a few MB.
    int64_t maxFileBytes = int64_t{256} << 20;
    // Sizes and times above these are not a real training step but a corrupt file.
    int64_t maxTensorBytes = int64_t{1} << 50;
    int64_t maxOpTime = int64_t{1} << 50;
    // Totals, so that memory, clock and compute sums stay far from overflowing, and argument
    // edges (arguments times results, summed), whose lists the replay keeps.
    int64_t maxTotalBytes = int64_t{1} << 56;
    int64_t maxTotalTime = int64_t{1} << 52;
    int64_t maxEdges = int64_t{1} << 26;
};

} // namespace holescope
