// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ReplayJson.h"

#include "report/SweepJson.h"
#include "sweep/Sweep.h"

#include <cmath>
#include <limits>

namespace holescope {

nlohmann::ordered_json baselineToJson(const Baseline& baseline)
{
    return {
        {"baseline_memory", baseline.memory},
        {"baseline_compute", baseline.compute},
        {"baseline_const", baseline.constBytes},
        {"baseline_bottleneck", baseline.bottleneck},
        {"ops", baseline.ops},
    };
}

nlohmann::ordered_json certifiedToJson(Outcome outcome, int64_t lo, int64_t hi)
{
    if (outcome == Outcome::Unresolved)
        return nullptr;
    return {lo, hi == std::numeric_limits<int64_t>::max() ? nlohmann::ordered_json() : nlohmann::ordered_json(hi)};
}

bool certifiedFromJson(const nlohmann::json& j, Outcome outcome, int64_t budget, int64_t& lo, int64_t& hi)
{
    if (j.is_null()) {
        lo = hi = budget;
        return outcome == Outcome::Unresolved;
    }
    if (!j.is_array() || j.size() != 2 || !j[0].is_number_integer() || !(j[1].is_number_integer() || j[1].is_null()))
        return false;
    lo = j[0].get<int64_t>();
    hi = j[1].is_null() ? std::numeric_limits<int64_t>::max() : j[1].get<int64_t>();
    return true;
}

nlohmann::ordered_json scoreToJson(double v)
{
    if (std::isnan(v))
        return nullptr;
    if (std::isinf(v))
        return "inf";
    return v;
}

nlohmann::ordered_json replayToJson(const std::string& trace, const Baseline& baseline, const ReplayOptions& options,
                                    const ReplayResult& result, bool withEvents)
{
    nlohmann::ordered_json j;
    j["trace"] = trace;
    j["baseline_memory"] = baseline.memory;
    j["policy"] = policyName(options.policy);
    j["overhead_limit"] = options.overheadLimit ? nlohmann::ordered_json(*options.overheadLimit) : nlohmann::ordered_json();
    j["protect"] = options.protect;
    // The figures every sweep point has, the same way (overhead as explain, advise and census give it).
    j.update(pointToJson(pointOf(result.budget, result), baseline.memory, baseline.compute, options.policy.kind == PolicyKind::Monotone));
    if (withEvents) {
        auto& evicts = j["evict_log"] = nlohmann::ordered_json::array();
        for (const EvictEntry& e : result.evictLog)
            evicts.push_back({e.op, e.storage, e.bytes});
        auto& frees = j["free_log"] = nlohmann::ordered_json::array();
        for (const FreeEntry& f : result.freeLog)
            frees.push_back({f.op, f.bytesShort});
    }
    return j;
}

} // namespace holescope
