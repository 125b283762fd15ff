// SPDX-License-Identifier: GPL-3.0-or-later
#include "pair/StorageReport.h"

#include "text/Numbers.h"

#include <algorithm>
#include <cmath>

namespace holescope {
namespace {

StorageReport::Run runReport(const RunRecord& r, size_t index, int32_t id, const std::vector<int32_t>& protect)
{
    const StorageRecord& s = r.storages[index];
    StorageReport::Run out;
    out.compute = s.compute;
    out.birthOp = s.birthOp;
    out.rebuilds = s.rebuilds;
    out.pinned = s.pinned;
    out.protectedByUser = std::find(protect.begin(), protect.end(), id) != protect.end();
    size_t k = 0;
    for (const RunEvent& e : r.events) {
        if (e.kind != EventKind::Evict || e.storage != id || k >= s.evictions.size())
            continue;
        out.evictions.push_back({e.op, e.reason, s.evictions[k].neededAfter, e.score, e.runnerUp, e.bytesShort});
        ++k;
    }
    return out;
}

std::string score(double v)
{
    if (std::isnan(v))
        return "–";
    if (std::isinf(v))
        return "inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

std::string runHtml(const char* name, const StorageReport::Run& r)
{
    std::string s = "<h4>Run " + std::string(name) + "</h4><p>";
    s += r.birthOp < 0 ? "never computed" : "computed at operator " + groupDigits(r.birthOp);
    s += ", rebuilt " + groupDigits(r.rebuilds) + (r.rebuilds == 1 ? " time" : " times");
    s += ", compute " + groupDigits(r.compute) + " ns";
    if (r.pinned)
        s += ", pinned";
    if (r.protectedByUser)
        s += ", <b>never evicted (intervention)</b>";
    s += "</p>";
    if (r.contests) {
        s += "<p>" + groupDigits(static_cast<int64_t>(r.contests->size())) + " evictions chose another storage while it was a candidate";
        if (!r.contests->empty()) {
            s += ":</p><table cellspacing=4><tr><th align=right>operator</th><th align=right>evicted</th><th align=right>its score</th>"
                 "<th align=right>this one's</th></tr>";
            const size_t shown = std::min<size_t>(r.contests->size(), 100);
            // The latest are the ones nearest a failure: show those.
            for (size_t i = r.contests->size() - shown; i < r.contests->size(); ++i) {
                const auto& c = (*r.contests)[i];
                s += "<tr><td align=right>" + groupDigits(c.op) + "</td><td align=right>" + std::to_string(c.victim) + "</td><td align=right>"
                     + score(c.victimScore) + "</td><td align=right>" + score(c.score) + "</td></tr>";
            }
            s += "</table>";
            if (shown < r.contests->size())
                s += "<p>(the last " + std::to_string(shown) + " shown)</p>";
        } else {
            s += ".</p>";
        }
    }
    if (r.evictions.empty())
        return s + "<p>never evicted</p>";
    s += "<table cellspacing=4><tr><th align=right>operator</th><th>why</th><th align=right>needed again</th>"
         "<th align=right>score</th><th align=right>next best</th><th align=right>short (B)</th></tr>";
    for (const auto& e : r.evictions) {
        s += "<tr><td align=right>" + groupDigits(e.op) + "</td><td>" + (e.reason == EvictReason::Pressure ? "pressure" : "released")
             + "</td><td align=right>" + (e.neededAfter < 0 ? std::string("never") : groupDigits(e.neededAfter) + " ops later")
             + "</td><td align=right>" + (e.reason == EvictReason::Pressure ? score(e.score) : "") + "</td><td align=right>"
             + (e.reason == EvictReason::Pressure ? score(e.runnerUp) : "") + "</td><td align=right>"
             + (e.reason == EvictReason::Pressure ? groupDigits(e.bytesShort) : "") + "</td></tr>";
    }
    return s + "</table>";
}

} // namespace

std::vector<StorageReport::Contest> contestsOf(const RunRecord& probed, int32_t probe)
{
    std::vector<StorageReport::Contest> out;
    for (const RunEvent& e : probed.events)
        if (e.kind == EventKind::Evict && e.reason == EvictReason::Pressure && !std::isnan(e.probeScore) && e.storage != probe)
            out.push_back({e.op, e.storage, e.score, e.probeScore});
    return out;
}

StorageReport storageReport(const Program& program, const PairData& pair, int32_t id)
{
    StorageReport report;
    if (id < 0 || static_cast<size_t>(id) >= program.storageOfRoot.size() || program.storageOfRoot[static_cast<size_t>(id)] < 0)
        return report;
    const auto index = static_cast<size_t>(program.storageOfRoot[static_cast<size_t>(id)]);
    report.id = id;
    report.bytes = program.storages[index].size;
    report.producer = program.tensors[static_cast<size_t>(id)].op;
    report.producerName = program.ops[static_cast<size_t>(report.producer)].name;
    report.a = runReport(pair.a, index, id, pair.options.protect);
    report.b = runReport(pair.b, index, id, pair.options.protect);
    return report;
}

std::string storageReportHtml(const StorageReport& r)
{
    if (r.id < 0)
        return "<p>Select an event with a storage, or type a storage id in the filter.</p>";
    std::string s = "<h3>Storage " + std::to_string(r.id) + "</h3><p>" + groupDigits(r.bytes) + " bytes, made by operator "
                    + groupDigits(r.producer + 1) + " (" + r.producerName + ")</p>";
    return s + runHtml("A", r.a) + runHtml("B", r.b);
}

} // namespace holescope
