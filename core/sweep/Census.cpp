// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep/Census.h"

#include "sweep/Holes.h"

#include <algorithm>
#include <chrono>

namespace holescope {
namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

} // namespace

std::vector<CensusRow> censusOfTrace(const std::string& name, const PreparedTrace& trace, const CensusSpec& spec,
                                     const std::atomic<bool>* cancel, const std::function<void(const std::string&, size_t, size_t)>& progress)
{
    SweepSpec sweep;
    sweep.grid = ratioGrid(trace.baseline, spec.from, spec.to, spec.step);
    if (sweep.grid.empty())
        return {};
    sweep.from = sweep.grid.front();
    sweep.to = sweep.grid.back();
    sweep.jobs = spec.jobs;
    sweep.replay.overheadLimit = spec.overheadLimit;

    std::vector<Policy> policies{Policy{}};
    std::vector<std::string> names{"dtr"};
    for (const Policy& p : spec.policies)
        if (policyName(p) != "dtr") {
            policies.push_back(p);
            names.push_back(policyName(p));
        }
    std::vector<SweepResult> results;
    std::vector<std::optional<int64_t>> floors(policies.size());
    for (size_t i = 0; i < policies.size(); ++i) {
        if (cancel && cancel->load())
            break;
        sweep.replay.policy = policies[i];
        // monotone without a floor searches down to the baseline's floor, replaying every execution
        // below DTR's smallest completing budget for each budget there; the census floors it at
        // DTR's smallest completing grid budget instead (documented with the table).
        if (i > 0 && policies[i].kind == PolicyKind::Monotone && policies[i].floor < 0) {
            const auto& dtr = results[0].points;
            const auto first = std::find_if(dtr.begin(), dtr.end(), [](const SweepPoint& p) { return p.outcome == Outcome::Complete; });
            sweep.replay.policy.floor = first == dtr.end() ? sweep.grid.back() + 1 : first->budget;
            floors[i] = sweep.replay.policy.floor;
        }
        results.push_back(runSweep(trace, sweep, cancel));
        if (results.back().stopped) {
            results.pop_back();
            break;
        }
        if (progress)
            progress(names[i], i + 1, policies.size());
    }

    std::vector<CensusRow> rows;
    const bool dtrListed = std::any_of(spec.policies.begin(), spec.policies.end(), [](const Policy& p) { return policyName(p) == "dtr"; });
    for (size_t i = 0; i < results.size(); ++i) {
        if (i == 0 && !dtrListed)
            continue;
        const std::vector<SweepPoint>& points = results[i].points;
        const std::vector<SweepPoint>& dtr = results[0].points;
        CensusRow row;
        row.trace = name;
        row.policy = names[i];
        row.monotoneFloor = floors[i];
        row.budgets = static_cast<int64_t>(points.size());
        row.holes = static_cast<int64_t>(findHoles(points, trace.baseline).size());
        std::vector<double> mine, theirs;
        for (size_t k = 0; k < points.size(); ++k) {
            const SweepPoint& p = points[k];
            row.failing += p.failed() ? 1 : 0;
            row.unresolved += p.outcome == Outcome::Unresolved ? 1 : 0;
            if (p.outcome == Outcome::Complete && !row.smallestComplete) {
                row.smallestComplete = p.budget;
                row.smallestCompleteRatio = static_cast<double>(p.budget) / static_cast<double>(trace.baseline.memory);
            }
            if (k < dtr.size() && dtr[k].budget == p.budget && p.outcome == Outcome::Complete && dtr[k].outcome == Outcome::Complete) {
                mine.push_back(overheadOf(p.rematCompute, trace.baseline));
                theirs.push_back(overheadOf(dtr[k].rematCompute, trace.baseline));
            }
        }
        row.compared = static_cast<int64_t>(mine.size());
        if (!mine.empty()) {
            row.medianOverhead = median(mine);
            row.dtrMedianOverhead = median(theirs);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace holescope
