// SPDX-License-Identifier: GPL-3.0-or-later
#include "forensics/RunAlignment.h"

#include <algorithm>

namespace holescope {

const char* pairSideName(PairSide side)
{
    return side == PairSide::Failing ? "failing" : "completing";
}

Divergence divergenceAt(const RunRecord& record, PairSide side, size_t evictEvent)
{
    const RunEvent& e = record.events[evictEvent];
    Divergence d;
    d.op = e.op;
    d.evictedBy = side;
    d.storage = e.storage;
    d.bytes = e.bytes;
    d.bytesShort = e.bytesShort;
    for (size_t i = evictEvent; i-- > 0 && record.events[i].kind == EventKind::Evict;)
        d.evictionsBefore += 1;
    return d;
}

Divergence firstDivergence(const RunRecord& failing, const RunRecord& completing)
{
    const size_t n = std::min(failing.needs.size(), completing.needs.size());
    for (size_t i = 0; i < n; ++i) {
        const bool failingShort = failing.needs[i] > failing.result.budget;
        if (failingShort == (completing.needs[i] > completing.result.budget))
            continue;
        const PairSide side = failingShort ? PairSide::Failing : PairSide::Completing;
        const RunRecord& r = failingShort ? failing : completing;
        // The run that came out short evicts next (after entering the free loop, when this
        // was the check before it), or ends with no candidate left.
        size_t k = r.needEvents[i];
        while (k < r.events.size() && r.events[k].kind != EventKind::Evict && r.events[k].kind != EventKind::End)
            ++k;
        Divergence d;
        if (k < r.events.size() && r.events[k].kind == EventKind::Evict) {
            d = divergenceAt(r, side, k);
        } else {
            d.op = k < r.events.size() ? r.events[k].op : r.result.opsDone;
            d.evictedBy = side;
        }
        d.bytesShort = r.needs[i] - r.result.budget;
        d.budgetCheck = static_cast<int64_t>(i);
        return d;
    }
    return {};
}

} // namespace holescope
