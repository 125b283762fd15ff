// SPDX-License-Identifier: GPL-3.0-or-later
#include "summary/TraceSummary.h"

namespace holescope {

TraceSummary summarizeTrace(const OpenTrace& t)
{
    const Program& p = t.trace.program;
    TraceSummary s;
    s.name = t.name;
    s.path = t.path;
    s.lines = p.lines;
    s.operators = static_cast<int64_t>(p.ops.size());
    for (const OpDef& op : p.ops) {
        s.constants += op.constant ? 1 : 0;
        s.backwardOperators += op.backward ? 1 : 0;
    }
    s.tensors = static_cast<int64_t>(p.tensors.size());
    s.storages = static_cast<int64_t>(p.storages.size());
    s.baseline = t.trace.baseline;
    return s;
}

} // namespace holescope
