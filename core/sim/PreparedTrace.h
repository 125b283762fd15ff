// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/Baseline.h"
#include "sim/PrefixCheckpoints.h"
#include "sim/StorageGraph.h"
#include "trace/Program.h"

namespace holescope {

// Everything a replay needs that does not depend on the budget, computed once per trace so
// that sweeps pay for it once.
struct PreparedTrace {
    Program program;
    Baseline baseline;
    StorageGraph graph;
    PrefixCheckpoints prefix;   // empty unless made by prepareTrace
};

inline PreparedTrace prepareTrace(Program program)
{
    PreparedTrace t;
    t.baseline = computeBaseline(program);
    t.graph = buildStorageGraph(program);
    t.prefix = buildPrefixCheckpoints(program, t.graph, t.baseline);
    t.program = std::move(program);
    return t;
}

} // namespace holescope
