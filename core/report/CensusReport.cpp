// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/CensusReport.h"

#include "text/CsvField.h"
#include "text/Numbers.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace holescope {
namespace {

using Json = nlohmann::ordered_json;

template <typename T>
Json optional(const std::optional<T>& v)
{
    return v ? Json(*v) : Json();
}

std::string cell(const std::optional<double>& v, int digits)
{
    return v ? fixed(*v, digits) : "-";
}

} // namespace

Json censusToJson(const CensusSpec& spec, const std::vector<CensusRow>& rows)
{
    Json j;
    j["format"] = "holescope-census/1";
    j["from"] = spec.from;
    j["to"] = spec.to;
    j["step"] = spec.step;
    j["overhead_limit"] = optional(spec.overheadLimit);
    Json& out = j["rows"] = Json::array();
    for (const CensusRow& r : rows)
        out.push_back({{"trace", r.trace},
                       {"policy", r.policy},
                       {"budgets", r.budgets},
                       {"failing", r.failing},
                       {"unresolved", r.unresolved},
                       {"holes", r.holes},
                       {"smallest_complete", optional(r.smallestComplete)},
                       {"smallest_complete_ratio", optional(r.smallestCompleteRatio)},
                       {"compared", r.compared},
                       {"median_overhead", optional(r.medianOverhead)},
                       {"dtr_median_overhead", optional(r.dtrMedianOverhead)},
                       {"monotone_floor", optional(r.monotoneFloor)}});
    return j;
}

std::string censusToCsv(const std::vector<CensusRow>& rows)
{
    std::string csv = "trace,policy,budgets,failing,unresolved,holes,smallest_complete,smallest_complete_ratio,compared,median_overhead,"
                      "dtr_median_overhead,monotone_floor\n";
    for (const CensusRow& r : rows) {
        csv += csvField(r.trace) + "," + csvField(r.policy) + "," + std::to_string(r.budgets) + "," + std::to_string(r.failing) + "," + std::to_string(r.unresolved)
               + "," + std::to_string(r.holes) + "," + (r.smallestComplete ? std::to_string(*r.smallestComplete) : "") + ","
               + (r.smallestCompleteRatio ? ratioText(*r.smallestCompleteRatio) : "") + "," + std::to_string(r.compared) + ","
               + (r.medianOverhead ? fixed(*r.medianOverhead, 6) : "") + "," + (r.dtrMedianOverhead ? fixed(*r.dtrMedianOverhead, 6) : "")
               + "," + (r.monotoneFloor ? std::to_string(*r.monotoneFloor) : "") + "\n";
    }
    return csv;
}

std::string censusGridText(const CensusSpec& spec)
{
    return "ratios " + ratioText(spec.from) + " to " + ratioText(spec.to) + " every " + ratioText(spec.step)
           + (spec.overheadLimit ? ", overhead limit " + fixed(*spec.overheadLimit, 2) : std::string(", no overhead limit"));
}

std::string censusToText(const CensusSpec& spec, const std::vector<CensusRow>& rows)
{
    std::string t = censusGridText(spec) + "\n\n";
    // A floored monotone is marked, and its floor given below the table.
    const auto policyCell = [](const CensusRow& r) { return r.monotoneFloor ? r.policy + "*" : r.policy; };
    // Columns as wide as their longest name: traces told apart by their paths, and formulas,
    // must read whole.
    int traceWidth = 5, policyWidth = 6;
    for (const CensusRow& r : rows) {
        traceWidth = std::max(traceWidth, static_cast<int>(r.trace.size()));
        policyWidth = std::max(policyWidth, static_cast<int>(policyCell(r).size()));
    }
    std::vector<char> line(static_cast<size_t>(traceWidth + policyWidth) + 128);
    std::snprintf(line.data(), line.size(), "%-*s %-*s %6s %8s %6s %12s %9s %9s %9s\n", traceWidth, "trace", policyWidth, "policy", "holes",
                  "failing", "unres", "min complete", "overhead", "dtr", "compared");
    t += line.data();
    std::string previous;
    for (const CensusRow& r : rows) {
        const std::string trace = r.trace == previous ? "" : r.trace;
        previous = r.trace;
        std::snprintf(line.data(), line.size(), "%-*s %-*s %6lld %8lld %6lld %12s %9s %9s %9lld\n", traceWidth, trace.c_str(), policyWidth,
                      policyCell(r).c_str(), static_cast<long long>(r.holes), static_cast<long long>(r.failing), static_cast<long long>(r.unresolved),
                      cell(r.smallestCompleteRatio, kRatioDigits).c_str(), cell(r.medianOverhead, 3).c_str(), cell(r.dtrMedianOverhead, 3).c_str(),
                      static_cast<long long>(r.compared));
        t += line.data();
    }
    t += "\nholes: hole regions among the grid points; failing: grid points that fail; min complete: the smallest completing\n"
         "ratio; overhead and dtr: median compute overhead of the policy and of DTR where both complete (compared points).\n";
    std::string floors;
    for (const CensusRow& r : rows)
        if (r.monotoneFloor)
            floors += "  " + r.trace + ": floor " + groupDigits(*r.monotoneFloor) + " bytes\n";
    if (!floors.empty())
        t += "* monotone was searched only down to DTR's smallest completing grid budget (its floor, below): grid budgets\n"
             "  under it count as failing, though monotone without a floor may complete there (DTR can complete between grid\n"
             "  points). sweep --policy monotone:FLOOR gives the same row.\n"
             + floors;
    return t;
}

} // namespace holescope
