// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ExplainJson.h"

#include "report/ReplayJson.h"

namespace holescope {
namespace {

using Json = nlohmann::ordered_json;

Json runToJson(const RunSummary& r, const Baseline& b, bool monotone)
{
    Json j{{"budget", r.budget},
           {"ratio", ratioOfPeak(r.budget, b.memory)},
           {"outcome", outcomeName(r.outcome)},
           {"ops_done", r.opsDone},
           {"clock", r.clock},
           {"overhead", overheadOf(r.rematCompute, b)},
           {"remat_compute", r.rematCompute},
           {"evictions", r.evictions},
           {"max_cascade_depth", r.maxDepth},
           {"certified", certifiedToJson(r.outcome, r.certifiedLo, r.certifiedHi)}};
    if (monotone)   // as replay --json: null where nothing completes down to the floor
        j["execution_budget"] = r.executionBudget >= 0 ? Json(r.executionBudget) : Json();
    return j;
}

Json storageOrNull(int32_t id)
{
    return id < 0 ? Json() : Json(id);
}

Json divergenceToJson(const Divergence& d)
{
    if (d.op < 0)
        return Json();
    Json j{{"op", d.op},
           {"evicted_by", pairSideName(d.evictedBy)},
           {"storage", storageOrNull(d.storage)},
           {"bytes", d.bytes},
           {"bytes_short", d.bytesShort},
           {"evictions_before", d.evictionsBefore}};
    if (d.budgetCheck >= 0)
        j["budget_check"] = d.budgetCheck;
    return j;
}

Json neededAfter(int64_t n)
{
    return n < 0 ? Json() : Json(n);
}

Json culpritEvictionToJson(const std::optional<CulpritEviction>& culprit)
{
    if (!culprit)
        return nullptr;
    const CulpritEviction& c = *culprit;
    return {{"op", c.op},
            {"storage", c.storage},
            {"bytes", c.bytes},
            {"bytes_short", c.bytesShort},
            {"needed_after", neededAfter(c.neededAfter)},
            {"carried_bytes", c.carriedBytes},
            {"carried_storages", c.carriedStorages},
            {"completing_only_bytes", c.lackedBytes},
            {"completing_only_storages", c.lackedStorages},
            {"carried_evicted_first", c.carriedEvictedFirst}};
}

Json cascadeToJson(const std::vector<CascadeStep>& list, bool withMemory)
{
    Json out = Json::array();
    for (const CascadeStep& s : list) {
        Json step{{"tensor", s.tensor},
                  {"storage", s.storage},
                  {"operator", s.opIndex + 1},
                  {"depth", s.depth},
                  {"needed_by", s.neededBy < 0 ? Json() : Json(s.neededBy)}};
        if (withMemory)
            step["memory"] = s.memory;
        out.push_back(std::move(step));
    }
    return out;
}

Json failureToJson(const FailureAnatomy& f)
{
    return {{"op", f.op},
            {"outcome", outcomeName(f.outcome)},
            {"outside_operator", f.outsideOperator},
            {"remat_before", f.rematBefore},
            {"cascade_depth", f.cascadeDepth},
            {"rebuilds", f.cascade.size()},
            {"request", f.request},
            {"bytes_short", f.bytesShort},
            {"still_short", f.stillShort},
            {"budget", f.budget},
            {"memory", f.memory},
            {"pool", f.pool},
            {"pinned", f.pinned},
            {"under_way", cascadeToJson(f.open, false)},
            {"cascade", cascadeToJson(f.cascade, true)}};
}

Json culpritTrialsToJson(const std::vector<CulpritTrial>& trials, const Baseline& baseline)
{
    Json culprits = Json::array();
    for (const CulpritTrial& t : trials) {
        Json c{{"storage", t.storages.front()}};
        if (t.storages.size() > 1)
            c["storages"] = t.storages;
        c["outcome"] = outcomeName(t.outcome);
        c["rescues"] = t.rescues();
        c["ops_done"] = t.opsDone;
        c["outside_operator"] = t.outsideOperator;
        c["overhead"] = overheadOf(t.rematCompute, baseline);
        c["remat_compute"] = t.rematCompute;
        c["evictions"] = t.evictions;
        c["only_failing"] = t.onlyFailing;
        c["last_evicted"] = t.lastEvicted;
        culprits.push_back(std::move(c));
    }
    return culprits;
}

// Long lists as a table: the column names once, then one array per row.
Json oneSidedToJson(const std::vector<OneSidedEviction>& list)
{
    Json rows = Json::array();
    for (const OneSidedEviction& e : list)
        rows.push_back({e.op, pairSideName(e.side), e.storage, e.bytes, e.bytesShort, neededAfter(e.neededAfter)});
    return {{"columns", {"op", "run", "storage", "bytes", "bytes_short", "needed_after"}}, {"rows", std::move(rows)}};
}

Json carriedToJson(const std::vector<CarriedBytes>& list)
{
    Json rows = Json::array();
    for (const CarriedBytes& c : list)
        rows.push_back({c.op, c.failingOnly, c.completingOnly});
    return {{"columns", {"op", "failing_only", "completing_only"}}, {"rows", std::move(rows)}};
}

} // namespace

nlohmann::ordered_json explanationToJson(const std::string& trace, const Baseline& baseline, const PairExplanation& x)
{
    Json j;
    j["format"] = "holescope-explain/1";
    j["trace"] = trace;
    j["baseline_memory"] = baseline.memory;
    j["baseline_compute"] = baseline.compute;
    j["overhead_limit"] = x.options.overheadLimit ? Json(*x.options.overheadLimit) : Json();
    j["policy"] = policyName(x.options.policy);
    j["protect"] = x.options.protect;
    const bool monotone = x.options.policy.kind == PolicyKind::Monotone;
    j["failing"] = runToJson(x.failing, baseline, monotone);
    j["completing"] = runToJson(x.completing, baseline, monotone);
    j["cancelled"] = x.cancelled;
    j["first_divergence"] = divergenceToJson(x.first);
    j["key_divergence"] = divergenceToJson(x.key);
    j["key_carried"] = x.keyCarried;
    j["culprit_eviction"] = culpritEvictionToJson(x.culpritEviction);
    j["failure"] = failureToJson(x.failure);
    j["culprits_tried"] = x.culpritsTried;
    j["pairs_tried"] = x.pairsTried;
    j["culprits"] = culpritTrialsToJson(x.culprits, baseline);
    j["one_sided_evictions"] = oneSidedToJson(x.oneSided);
    j["carried"] = carriedToJson(x.carried);
    return j;
}

} // namespace holescope
