// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ExplainText.h"

#include "text/Numbers.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace holescope {
namespace {

std::string bytes(int64_t n)
{
    return groupDigits(n) + (n == 1 ? " byte" : " bytes");
}

std::string overhead(int64_t rematCompute, const Baseline& b)
{
    return fixed(overheadOf(rematCompute, b), 4);
}

std::string runLine(const char* role, const RunSummary& r, const Baseline& b, bool monotone, bool afterLastOperator = false)
{
    std::string s = std::string("  ") + role + groupDigits(r.budget) + " bytes (" + ratioText(ratioOfPeak(r.budget, b.memory))
                    + " of peak): " + outcomeName(r.outcome);
    if (r.outcome == Outcome::Complete)
        s += ", overhead " + overhead(r.rematCompute, b) + ", " + plural(r.evictions, "eviction", "evictions");
    else if (afterLastOperator)
        s += " after operator " + groupDigits(r.opsDone) + ", its last";
    else
        s += " at operator " + groupDigits(r.opsDone);
    if (monotone && r.executionBudget < 0)
        s += "\n      DTR's execution at this budget: DTR completes at no budget up to this one";
    else if (r.executionBudget >= 0 && r.executionBudget != r.budget)
        s += "\n      DTR's execution at " + groupDigits(r.executionBudget) + " bytes, the largest budget up to this one where DTR completes";
    if (r.certifiedHi == std::numeric_limits<int64_t>::max())
        s += "\n      the same execution for every budget from " + groupDigits(r.certifiedLo) + " bytes up\n";
    else
        s += "\n      the same execution for every budget in [" + groupDigits(r.certifiedLo) + ", " + groupDigits(r.certifiedHi)
             + "] (" + bytes(r.certifiedHi - r.certifiedLo + 1) + ")\n";
    return s;
}

const char* runName(PairSide side)
{
    return side == PairSide::Failing ? "the failing run" : "the completing run";
}

std::string budgetComparison(const PairExplanation& x, PairSide keeper)
{
    const int64_t mine = keeper == PairSide::Failing ? x.failing.decidingBudget() : x.completing.decidingBudget();
    const int64_t other = keeper == PairSide::Failing ? x.completing.decidingBudget() : x.failing.decidingBudget();
    if (mine == other)
        return "";
    return ", with " + bytes(mine > other ? mine - other : other - mine) + (mine > other ? " more" : " less") + " of budget,";
}

// `first`: the first divergence, where the runs had made the same decisions until then, so
// that the budget alone tells them apart; later the other run may be as short and evict others.
std::string divergenceText(const PairExplanation& x, const Divergence& d, const char* title, bool still, bool first)
{
    const PairSide keeper = d.evictedBy == PairSide::Failing ? PairSide::Completing : PairSide::Failing;
    std::string s = std::string(title) + ", operator " + groupDigits(d.op) + ": " + runName(d.evictedBy) + ", "
                    + (still && d.evictionsBefore > 0 ? "still " : "") + bytes(d.bytesShort) + " short";
    if (d.evictionsBefore > 0)
        s += " after " + plural(d.evictionsBefore, "eviction", "evictions");
    if (d.storage >= 0)
        s += ", evicts storage " + std::to_string(d.storage) + " (" + bytes(d.bytes) + ")";
    else
        s += ", has no candidate left to evict";
    if (first) {
        // At this budget check only: the other run may be as short at a later request of the
        // operator and evict the same storage then.
        const bool otherEvictsItToo = d.storage >= 0 && std::none_of(x.oneSided.begin(), x.oneSided.end(), [&](const OneSidedEviction& e) {
                                          return e.op == d.op && e.side == d.evictedBy && e.storage == d.storage;
                                      });
        s += "; " + std::string(runName(keeper)) + budgetComparison(x, keeper) + " is not short at that request"
             + (otherEvictsItToo ? " (it evicts storage " + std::to_string(d.storage) + " too, later in this operator)" : std::string()) + ".\n";
    } else
        s += "; " + std::string(runName(keeper)) + (d.storage >= 0 ? " does not evict it there.\n" : " does not run out there.\n");
    return s;
}

std::string cascadeText(const FailureAnatomy& f)
{
    if (f.open.size() < (f.outsideOperator ? 1u : 2u))
        return "";
    // The cascade may have gone deeper before it stopped (cascadeDepth); the levels below are
    // those still open then.
    const auto openDepth = static_cast<int32_t>(f.open.size()) - (f.outsideOperator ? 0 : 1);
    std::string s = "  Under way when it stopped, each waiting for the next"
                    + (openDepth < f.cascadeDepth ? " (" + std::to_string(openDepth) + " levels; the deeper rebuilds had completed)" : std::string())
                    + ":\n";
    const size_t head = 6, tail = 2;
    for (size_t i = 0; i < f.open.size(); ++i) {
        if (i == head && f.open.size() > head + tail + 1) {
            s += "    " + std::string(head * 2, ' ') + "... " + plural(static_cast<int64_t>(f.open.size() - head - tail), "level", "levels")
                 + "\n";
            i = f.open.size() - tail - 1;
            continue;
        }
        const CascadeStep& c = f.open[i];
        s += "    " + std::string(std::min<size_t>(i, head) * 2, ' ');
        if (i == 0 && f.outsideOperator)
            s += "the trace's read of tensor " + std::to_string(c.tensor) + " after operator " + groupDigits(f.op) + ": rebuilding storage "
                 + std::to_string(c.storage) + " (recomputing operator " + groupDigits(c.opIndex + 1) + ")\n";
        else if (i == 0)
            s += "operator " + groupDigits(c.opIndex + 1) + ", the model operator\n";
        else
            // A storage's aliases are rebuilt one by one, each a level of its own: the tensor
            // tells two levels of one storage apart (a storage's id is its root tensor's).
            s += "rebuild of storage " + std::to_string(c.storage) + (c.tensor != c.storage ? ", tensor " + std::to_string(c.tensor) : "")
                 + " (recomputing operator " + groupDigits(c.opIndex + 1) + ", depth " + groupDigits(c.depth) + ")\n";
    }
    return s;
}

// The culprit eviction: where the failing run, short of bytes, evicts what the completing one keeps.
std::string culpritText(const PairExplanation& x)
{
    if (!x.culpritEviction)
        return {};
    const CulpritEviction& c = *x.culpritEviction;
    const bool keyIsCulprit = x.key.evictedBy == PairSide::Failing && x.key.op == c.op && x.key.storage == c.storage;
    std::string needed;
    const bool neededByTheRead = x.failure.outsideOperator && c.neededAfter >= 0 && c.op + c.neededAfter == x.failure.op;
    if (c.neededAfter >= 0)
        needed = (neededByTheRead ? "the trace's read after operator " : "operator ") + groupDigits(c.op + c.neededAfter) + " needs it again ("
                 + (c.neededAfter == 0 ? std::string("the operator it is evicted in") : plural(c.neededAfter, "operator", "operators") + " later")
                 + ")";
    if (keyIsCulprit)
        return needed.empty() ? std::string() : "  Storage " + std::to_string(c.storage) + " is one the failure's cascade rebuilds: " + needed + ".\n";
    std::string s = "  The failing run";
    if (x.key.evictedBy == PairSide::Completing && x.key.op < c.op) {
        // Both sides of what the runs hold: the failing run may hold less on balance, and then
        // the bytes it carries are not why it is short.
        s += " carries those bytes into operator " + groupDigits(c.op) + ": it holds " + bytes(c.carriedBytes) + " in "
             + plural(c.carriedStorages, "storage", "storages") + " that the completing run does not";
        if (c.lackedStorages > 0)
            s += ", and the completing run " + bytes(c.lackedBytes) + " in " + plural(c.lackedStorages, "storage", "storages")
                 + " that it does not";
        // U-Net's 3,634,308,800 B enters operator 389 holding 619 MB less than the completing
        // run: what it carries is then no reason to be short without what it lacks.
        if (c.lackedBytes > c.carriedBytes)
            s += " (on balance the failing run holds " + bytes(c.lackedBytes - c.carriedBytes) + " less)";
        s += ". It";
        if (c.carriedEvictedFirst)
            s += " evicts storage " + std::to_string(x.key.storage) + " itself earlier in operator " + groupDigits(c.op)
                 + ", so those bytes are no longer in use by then; then it";
    }
    s += " is " + bytes(c.bytesShort) + " short at operator " + groupDigits(c.op) + " and evicts storage " + std::to_string(c.storage)
         + " (" + bytes(c.bytes) + "), which the completing run does not evict there";
    return s + (needed.empty() ? ".\n" : "; " + needed + ".\n");
}

// The first divergence, the key one, and the culprit eviction.
std::string divergencesText(const PairExplanation& x)
{
    std::string s;
    if (x.first.op < 0) {
        s += "The runs never diverge on a budget check.\n";
    } else {
        s += divergenceText(x, x.first, "First divergence", false, true);
        int64_t failingOnly = 0;
        for (const OneSidedEviction& e : x.oneSided)
            failingOnly += e.side == PairSide::Failing ? 1 : 0;
        s += "  From there the runs differ in " + plural(static_cast<int64_t>(x.oneSided.size()), "eviction", "evictions")
             + " made by one run only (of a storage the other run does not evict in the same operator; " + groupDigits(failingOnly) + " by the failing run, "
             + groupDigits(static_cast<int64_t>(x.oneSided.size()) - failingOnly) + " by the completing one).\n";
    }
    s += "\n";
    // Without a culprit eviction nothing traces the failure back to a divergence: the latest
    // one is shown for what it is, not as the key.
    const char* keyTitle = x.culpritEviction ? "Key divergence" : "Last divergence before the failure";
    if (x.key.op >= 0 && !(x.key.op == x.first.op && x.key.storage == x.first.storage && x.key.evictedBy == x.first.evictedBy))
        s += divergenceText(x, x.key, keyTitle, true, false);
    else if (x.key.op >= 0)
        s += x.culpritEviction ? "The key divergence is the first one.\n" : "The first divergence is also the last before the failure.\n";
    if (!x.culpritEviction && x.key.op >= 0)
        s += "  No eviction by the failing run alone left it without a storage that its failure rebuilds and the completing run "
             "holds there: no divergence is traced back from the failure.\n";
    return s + culpritText(x);
}

std::string failureText(const FailureAnatomy& f, const PairExplanation& x, const Baseline& b)
{
    std::string s = f.outsideOperator
                        ? "Failure after operator " + groupDigits(f.op) + ", its last, outside any operator (a read of the trace): "
                              + outcomeName(f.outcome) + "."
                        : "Failure, operator " + groupDigits(f.op) + ": " + outcomeName(f.outcome) + ".";
    int32_t root = f.outsideOperator && !f.open.empty() ? f.open[0].storage : f.open.size() > 1 ? f.open[1].storage : -1;
    for (const CascadeStep& c : f.cascade)
        if (root < 0 && c.depth == 1)
            root = c.storage;
    const std::string rebuilt = plural(static_cast<int64_t>(f.cascade.size()), "rebuild", "rebuilds") + " completed, nested up to "
                                + groupDigits(f.cascadeDepth) + " deep";
    if (root >= 0 && f.outcome == Outcome::Oom)
        s += " Rebuilding storage " + std::to_string(root) + " starts a cascade that cannot fit: " + rebuilt + ".";
    // The limit caps the whole run's rematerialization: the operator that crosses it may add
    // little, after earlier operators spent nearly all of it.
    if (f.outcome == Outcome::OverheadExceeded) {
        s += root >= 0 ? " The limit is crossed while rebuilding storage " + std::to_string(root) + " (" + rebuilt + ")." : "";
        if (x.options.overheadLimit && b.compute > 0) {
            const double allowed = static_cast<double>(b.compute) * (*x.options.overheadLimit - 1.0);
            // Grouped like every figure here, with the tenth a fractional allowance has.
            const int64_t tenths = std::llround(allowed * 10);
            const std::string allowance = groupDigits(tenths / 10) + (tenths % 10 != 0 ? "." + std::to_string(tenths % 10) : "");
            if (allowed > 0)
                s += std::string(f.outsideOperator ? " Before the closing reads" : " Before this operator") + " the run had spent "
                     + groupDigits(f.rematBefore) + " ns on rebuilds, " + fixed(100.0 * static_cast<double>(f.rematBefore) / allowed, 1)
                     + "% of the " + allowance + " ns the limit allows.";
        }
    }
    s += "\n  At the end: " + bytes(f.memory) + " in use of a budget of " + groupDigits(f.budget) + ", " + bytes(f.pinned)
         + " pinned outside the pool, " + plural(f.pool, "candidate", "candidates") + " left in the pool";
    if (f.request > 0)
        s += "; the last allocation to go through the free loop asked for " + bytes(f.request) + " and found memory "
             + bytes(f.bytesShort) + " short";
    if (f.outcome == Outcome::Oom)
        s += ", still " + bytes(f.stillShort) + " short when no candidate was left";
    return s + ".\n" + cascadeText(f) + "\n";
}

std::string protectionsText(const PairExplanation& x, const Baseline& b)
{
    const auto rescuing = std::count_if(x.culprits.begin(), x.culprits.end(), [](const CulpritTrial& t) { return t.rescues(); });
    std::string s = "Protections tried at the failing budget: " + groupDigits(x.culpritsTried) + (x.pairsTried ? " (pairs included)" : "")
                    + (x.cancelled ? ", cancelled before the end" : "") + "; " + groupDigits(rescuing)
                    + (rescuing == 1 ? " makes" : " make") + " the run complete.\n";
    for (const CulpritTrial& t : x.culprits) {
        std::string ids;
        for (int32_t id : t.storages)
            ids += (ids.empty() ? "" : " + ") + std::to_string(id);
        s += "  protect " + ids + ": " + outcomeName(t.outcome);
        if (t.rescues())
            s += ", overhead " + overhead(t.rematCompute, b);
        else
            s += " " + failurePlace(t.opsDone, t.outsideOperator);
        // Evictions inside the failing operator's cascade come too late to be the cause: the
        // candidates are judged by their last eviction before it. Only evictions to make room:
        // a protection does not stop one at the release of a storage's last reference.
        s += " (last evicted to make room at operator " + groupDigits(t.lastEvicted) + ", before the unprotected run's failure"
             + (t.onlyFailing ? ", an eviction the completing run does not make in that operator)\n" : ")\n");
    }
    return s;
}

} // namespace

std::string explanationToText(const std::string& trace, const Baseline& b, const PairExplanation& x)
{
    std::string s = "Why " + trace + " fails at one budget and completes at the other\n";
    if (policyName(x.options.policy) != "dtr")
        s += "  policy " + policyName(x.options.policy) + "\n";
    if (x.options.overheadLimit)
        s += "  overhead limit " + fixed(*x.options.overheadLimit, 2) + "\n";
    if (!x.options.protect.empty()) {
        s += "  protected:";
        for (int32_t id : x.options.protect)
            s += " " + std::to_string(id);
        s += "\n";
    }
    const bool monotone = x.options.policy.kind == PolicyKind::Monotone;
    s += runLine("failing     ", x.failing, b, monotone, x.failure.outsideOperator);
    s += runLine("completing  ", x.completing, b, monotone);
    if (x.cancelled && x.first.op < 0 && x.failure.cascade.empty())
        return s + "\nCancelled before the runs were compared.\n";
    return s + "\n" + divergencesText(x) + "\n" + failureText(x.failure, x, b) + protectionsText(x, b);
}

} // namespace holescope
