// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/FailureSignature.h"

#include "record/RunRecord.h"
#include "sim/ReplayEngine.h"

#include <algorithm>

namespace holescope {
namespace {

// The recorder interface (see ReplayRecorder), keeping only what the end of the run needs; the
// other calls are NullRecorder's, which do nothing. (A recorder of its own type all the same:
// the engine keeps the pinned bytes and the nesting for recorders only.)
class SignatureRecorder : public detail::NullRecorder {
public:
    void modelOpStarted() { m_opMaxDepth = 0; }
    void computed(At, int32_t, bool remat, std::span<const int32_t> needers, std::span<const int32_t>)
    {
        if (remat)
            m_opMaxDepth = std::max(m_opMaxDepth, static_cast<int32_t>(needers.size()));
    }
    void ended(At at, Outcome outcome, int64_t, int64_t, int64_t pinnedBytes, const std::vector<int64_t>&, std::span<const int32_t> openFrames)
    {
        m_signature = FailureSignature{outcome, at.op, pinnedBytes, deepestNesting(m_opMaxDepth, openFrames)};
    }
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
    const ReplayResult r = detail::runReplay(trace, options, recorder);
    FailureSignature s = recorder.signature();
    s.outsideOperator = r.outsideOperator;
    return s;
}

} // namespace holescope
