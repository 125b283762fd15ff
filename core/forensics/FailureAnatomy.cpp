// SPDX-License-Identifier: GPL-3.0-or-later
#include "forensics/FailureAnatomy.h"

namespace holescope {

FailureAnatomy failureAnatomy(const Program& program, const RunRecord& record)
{
    FailureAnatomy f;
    const ReplayResult& r = record.result;
    f.outcome = r.outcome;
    f.op = r.opsDone;
    f.opIndex = r.outcome == Outcome::Complete ? -1 : static_cast<int32_t>(r.opsDone - 1);
    f.budget = r.budget;
    size_t first = record.events.size();
    while (first > 0 && record.events[first - 1].op >= f.op)
        --first;
    for (size_t i = first; i < record.events.size(); ++i) {
        const RunEvent& e = record.events[i];
        switch (e.kind) {
        case EventKind::Remat:
            f.cascade.push_back(CascadeStep{e.tensor, program.storages[static_cast<size_t>(program.storageOf(e.tensor))].root,
                                            e.opIndex, e.depth, e.chainLength > 0 ? record.chains[e.chainFirst] : -1, e.memory});
            break;
        case EventKind::FreeEntry:
            f.request = e.bytes;
            f.bytesShort = e.bytesShort;
            break;
        case EventKind::End:
            f.cascadeDepth = e.depth;
            f.stillShort = e.bytes;
            f.pool = e.pool;
            f.pinned = e.pinned;
            f.memory = e.memory;
            break;
        default:
            break;
        }
    }
    if (!record.samples.empty())
        f.rematBefore = record.samples.back().rematCompute;
    // Under way in a model operator, the first frame is one of its outputs.
    f.outsideOperator = !record.openFrames.empty() && f.opIndex >= 0
                        && program.tensors[static_cast<size_t>(record.openFrames.front())].op != f.opIndex;
    for (size_t i = 0; i < record.openFrames.size(); ++i) {
        const int32_t t = record.openFrames[i];
        f.open.push_back(CascadeStep{t, program.storages[static_cast<size_t>(program.storageOf(t))].root,
                                     program.tensors[static_cast<size_t>(t)].op, static_cast<int32_t>(i),
                                     i == 0 ? -1 : record.openFrames[i - 1], f.memory});
    }
    return f;
}

} // namespace holescope
