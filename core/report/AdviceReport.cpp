// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/AdviceReport.h"

#include "text/Numbers.h"

namespace holescope {
namespace {

using Json = nlohmann::ordered_json;

double ratioOf(int64_t budget, const Baseline& b)
{
    return b.memory > 0 ? static_cast<double>(budget) / static_cast<double>(b.memory) : 0.0;
}

Json budgetJson(const SweepPoint& p, const Baseline& b)
{
    return {{"budget", p.budget}, {"ratio", ratioOf(p.budget, b)}, {"outcome", outcomeName(p.outcome)},
            {"overhead", overheadOf(p.rematCompute, b)}};
}

std::string budgetText(int64_t budget, const Baseline& b)
{
    return groupDigits(budget) + " bytes (" + ratioText(ratioOf(budget, b)) + " of the peak)";
}

} // namespace

Json adviceToJson(const std::string& trace, const Baseline& b, const AdviceRequest& r, const Advice& a)
{
    Json j;
    j["format"] = "holescope-advice/1";
    j["trace"] = trace;
    j["budget"] = r.budget;
    j["ratio"] = ratioOf(r.budget, b);
    j["policy"] = policyName(r.replay.policy);
    j["overhead_limit"] = r.replay.overheadLimit ? Json(*r.replay.overheadLimit) : Json();
    j["verdict"] = adviceVerdictName(a.verdict);
    if (a.atKnown) {
        j["outcome"] = outcomeName(a.at.outcome);
        j["ops_done"] = a.at.opsDone;
        j["overhead"] = overheadOf(a.at.rematCompute, b);
    }
    j["window"] = {a.windowLo, a.windowHi};
    j["certified_bytes"] = a.certifiedBytes;
    j["hole"] = a.hole ? Json{{"lo_budget", a.hole->loBudget}, {"hi_budget", a.hole->hiBudget}, {"lo_ratio", a.hole->loRatio},
                              {"hi_ratio", a.hole->hiRatio}, {"exact", a.hole->exact}, {"outcome", outcomeName(a.hole->outcome)}}
                       : Json();
    j["nearest_failure"] = a.nearestFailure ? Json(*a.nearestFailure) : Json();
    j["nearest_failure_certain"] = a.nearestFailureCertain;
    j["nearest_failure_in_hole"] = a.nearestFailureInHole;
    j["completes_only_within"] = a.island ? Json{a.island->lo, a.island->hi} : Json();
    j["safe"] = a.safe ? budgetJson(*a.safe, b) : Json();
    j["below"] = a.below ? budgetJson(*a.below, b) : Json();
    j["stopped"] = a.stopped;
    j["budget_cut_short"] = a.atCutShort;
    j["margin_unexamined"] = a.marginUnexamined;
    j["above_unexamined"] = a.aboveUnexamined;
    return j;
}

namespace {

// Why the replay of the budget itself was not decided: a cap, or another reason (a formula's
// score that is not a number), which raising a cap would not change.
std::string atCutShortWhy(const Advice& a, int64_t budget)
{
    for (const SweepPoint& p : a.points)
        if (p.outcome == Outcome::Unresolved && (p.budget == budget || (p.certifiedLo <= budget && budget <= p.certifiedHi))
            && !isCapReason(p.reason))
            return "stopped unresolved: " + p.reason;
    return "was cut short by a cap; raise --max-steps or --max-seconds";
}

} // namespace

std::string adviceToText(const std::string& trace, const Baseline& b, const AdviceRequest& r, const Advice& a)
{
    std::string t = trace + " at " + budgetText(r.budget, b) + ", policy " + policyName(r.replay.policy) + ":\n";
    // Why bytes were left unexamined: the sweep stopped, or replays there hit a cap.
    const std::string why = a.stopped                         ? "the examination was stopped early; allow it more --sweep-seconds"
                            : onlyCapsLeftUnresolved(a.points) ? "replays there were cut short by a cap; raise --max-steps or --max-seconds"
                                                               : "replays there stopped unresolved: " + unresolvedReasons(a.points).front();
    if (!a.atKnown)
        return t
               + (a.atCutShort ? "  not decided: the replay of the budget itself " + atCutShortWhy(a, r.budget) + "\n"
                               : "  not decided: the examination stopped before the budget itself was replayed\n")
               + (a.nearestFailure ? "  the nearest failing budget found is " + groupDigits(*a.nearestFailure) + "\n" : "");
    t += "  " + std::string(outcomeName(a.at.outcome)) + (a.at.failed() ? " " + failurePlace(a.at.opsDone, a.at.outsideOperator) : "")
         + ", overhead " + fixed(overheadOf(a.at.rematCompute, b), 4) + "\n";
    switch (a.verdict) {
    case AdviceVerdict::Safe:
        t += "  SAFE: no budget within " + groupDigits(r.margin) + " bytes fails";
        if (!a.nearestFailure)
            t += " in the window\n";
        else if (a.nearestFailureCertain)
            t += "; the nearest failing budget is " + groupDigits(*a.nearestFailure) + "\n";
        else
            t += "; the nearest failing budget found is " + groupDigits(*a.nearestFailure) + " (bytes nearer to the budget were not all examined: "
                 + why + ")\n";
        break;
    case AdviceVerdict::NearHole:
        // A failure with nothing completing beyond it in the window is the edge of what works, not a hole.
        t += a.nearestFailureInHole ? "  NEAR A HOLE: " + groupDigits(*a.nearestFailure) + " bytes fails, within " + groupDigits(r.margin) + " bytes\n"
                                    : "  NEAR A FAILURE: " + groupDigits(*a.nearestFailure) + " bytes fails, within " + groupDigits(r.margin)
                                          + " bytes; no hole around it in the window (nothing examined beyond it completes)\n";
        break;
    case AdviceVerdict::InHole:
        t += "  IN A HOLE: " + groupDigits(a.hole->loBudget) + " .. " + groupDigits(a.hole->hiBudget) + " bytes fail ("
             + groupDigits(a.hole->widthBytes()) + " bytes wide" + (a.hole->exact ? ", exact edges" : "") + ")\n";
        break;
    case AdviceVerdict::Fails:
        if (!a.below)
            t += "  FAILS: no budget below it in the window completes\n";
        else if (a.aboveUnexamined > 0)
            t += "  FAILS: smaller budgets complete, and none above it of those examined; " + groupDigits(a.aboveUnexamined)
                 + " bytes above it were not examined (" + why + ")\n";
        else
            t += "  FAILS: smaller budgets complete, but nothing above it does within the window (widen it with --window)\n";
        break;
    case AdviceVerdict::Unknown:
        t += "  NOT DECIDED: no budget within " + groupDigits(r.margin) + " bytes fails of those examined, but "
             + groupDigits(a.marginUnexamined) + " bytes within it were not examined (" + why + ")\n";
        break;
    }
    // A budget that completes between failures on both sides sits on an island: a little more
    // memory may fail again.
    if (a.island)
        t += "  it completes only from " + groupDigits(a.island->lo) + " to " + groupDigits(a.island->hi) + " bytes ("
             + groupDigits(a.island->hi - a.island->lo + 1) + " bytes), with failures on both sides\n";
    if (a.below)
        t += "  a smaller budget that completes: " + budgetText(a.below->budget, b) + ", overhead " + fixed(overheadOf(a.below->rematCompute, b), 4) + "\n";
    if (a.safe && a.verdict != AdviceVerdict::Safe)
        t += "  nearest safe budget: " + budgetText(a.safe->budget, b) + ", overhead " + fixed(overheadOf(a.safe->rematCompute, b), 4)
             + " (no failure within " + groupDigits(r.margin) + " bytes of it)\n";
    else if (!a.safe && a.aboveUnexamined > 0)
        t += "  no safe budget at or above it in the part of the window examined\n";
    else if (!a.safe)
        t += "  no safe budget at or above it in the window; widen it with --window\n";
    t += "  examined " + groupDigits(a.windowLo) + " .. " + groupDigits(a.windowHi) + " bytes: " + groupDigits(a.certifiedBytes) + " of "
         + groupDigits(a.windowHi - a.windowLo + 1) + " certified" + (a.stopped ? " (stopped early)" : "") + "\n";
    return t;
}

} // namespace holescope
