// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/FailureSignature.h"

#include "sim/ReplayEngine.h"

#include <algorithm>

namespace holescope {
namespace {

// The recorder interface (see ReplayRecorder), keeping only what the end of the run needs.
class SignatureRecorder {
public:
    using At = ReplayMoment;
    void modelOpStarted() { m_opMaxDepth = 0; }
    void computed(At, int32_t, bool remat, std::span<const int32_t> needers, std::span<const int32_t>)
    {
        if (remat)
            m_opMaxDepth = std::max(m_opMaxDepth, static_cast<int32_t>(needers.size()));
    }
    void needed(int32_t, int64_t) {}
    void freeEntered(At, int64_t, int64_t) {}
    void budgetChecked(int64_t) {}
    void evicted(At, int32_t, EvictReason, double, double, int64_t, double) {}
    void pinned(At, int32_t) {}
    void released(At, int32_t, int32_t) {}
    void sampled(At, int32_t, int64_t, int64_t, int64_t, int64_t) {}
    void ended(At at, Outcome outcome, int64_t, int64_t, int64_t pinnedBytes, const std::vector<int64_t>&, std::span<const int32_t>)
    {
        m_signature = FailureSignature{outcome, at.op, pinnedBytes, m_opMaxDepth};
    }
    int32_t probe() const { return -1; }
    int64_t bytes() const { return 0; }
    const FailureSignature& signature() const { return m_signature; }

private:
    int32_t m_opMaxDepth = 0;
    FailureSignature m_signature;
};

} // namespace

FailureSignature failureSignature(const PreparedTrace& trace, const ReplayOptions& options)
{
    SignatureRecorder recorder;
    (void)detail::runReplay(trace, options, recorder);
    return recorder.signature();
}

} // namespace holescope
