// SPDX-License-Identifier: GPL-3.0-or-later
// sweep, holes and merge: many replays over a budget range.
#include "CliSupport.h"
#include "Interrupt.h"
#include "SweepOnTerminal.h"

#include "report/JsonProblem.h"
#include "report/SweepJson.h"
#include "sweep/Holes.h"
#include "sweep/Sweep.h"
#include "sweep/SweepGrid.h"
#include "trace/ProgramDigest.h"

#include <QFileInfo>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>

namespace holescope::cli {
namespace {

// holes refuses --shard (a hole may straddle two shards) but knows it, to say so.
void addSweepOptions(QCommandLineParser& parser, bool shards)
{
    addReplayOptions(parser, BudgetOptions::Refused);
    QCommandLineOption shard{"shard", "Run part K of N of the sweep (merge the parts with holescope-cli merge).", "K/N"};
    if (!shards)
        shard.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(shard);
    parser.addOptions({
        {"from", "Lowest budget, as a ratio of the baseline peak.", "ratio"},
        {"to", "Highest budget, as a ratio of the baseline peak.", "ratio"},
        {"from-bytes", "Lowest budget in bytes (instead of --from).", "bytes"},
        {"to-bytes", "Highest budget in bytes (instead of --to).", "bytes"},
        {"step", "Grid step, as a ratio of the peak.", "ratio"},
        {"exact", "Classify every byte of the range by jumping from one certified execution to the next."},
        {"refine", "Bisect every change of outcome between grid neighbours down to this many bytes (1: exact edges).", "bytes"},
        {"jobs", "Worker threads (default: every core).", "n"},
        {"sweep-seconds", "Stop the whole sweep after this much time; what was certified is reported.", "s"},
        {"json", "Print JSON."},
        {"out", "Write the output to this file (whole or not at all) instead of the terminal.", "file"},
    });
}

struct SweepSetup {
    SweepSpec spec;
    SweepHeader header;
};

SweepSetup sweepSetupFrom(const QCommandLineParser& parser, const LoadedTrace& t, bool defaultExactEdges)
{
    SweepSetup s;
    SweepHeader& h = s.header;
    h.trace = t.name;
    h.traceDigest = programDigest(t.program);
    h.baselineMemory = t.baseline.memory;
    auto bound = [&](const char* ratioOpt, const char* bytesOpt, std::optional<double>& ratio) -> int64_t {
        if (parser.isSet(ratioOpt) == parser.isSet(bytesOpt))
            throw UsageError{QStringLiteral("give exactly one of --%1 R or --%2 BYTES").arg(ratioOpt, bytesOpt)};
        if (parser.isSet(bytesOpt))
            return parseBytes(parser.value(bytesOpt), bytesOpt);
        ratio = parseBudgetRatio(parser.value(ratioOpt), ratioOpt);
        return budgetFromRatio(t.baseline, *ratio, ratioOpt);
    };
    h.from = bound("from", "from-bytes", h.fromRatio);
    h.to = bound("to", "to-bytes", h.toRatio);
    if (h.from > h.to)
        throw UsageError{QStringLiteral("the range is empty: --from is above --to")};

    SweepSpec& spec = s.spec;
    spec.from = h.from;
    spec.to = h.to;
    ReplayOptions base = replayOptionsFrom(parser, t, "give the range with --from and --to");
    spec.replay = base;
    h.overheadLimit = base.overheadLimit;
    h.protect = base.protect;
    h.policy = policyName(base.policy);
    h.baselineCompute = t.baseline.compute;
    h.maxSteps = base.maxSteps;
    h.maxSeconds = base.maxSeconds;

    const bool exact = parser.isSet("exact");
    if (exact && parser.isSet("step"))
        throw UsageError{QStringLiteral("give --step or --exact, not both")};
    if (!exact && !parser.isSet("step") && !defaultExactEdges)
        throw UsageError{QStringLiteral("give --step S (a grid) or --exact (every byte)")};
    if (exact) {
        h.mode = "certified";
    } else {
        h.mode = "grid";
        h.step = parser.isSet("step") ? parseRatio(parser.value("step"), "step") : 0.001;
        // A ratio of the peak even between byte bounds: --step 100 meant bytes, and swept one budget.
        if (*h.step > 1)
            throw UsageError{QStringLiteral("--step: a ratio of the peak (%1 bytes), so at most 1, found %2; a step of N bytes is N / %1")
                                 .arg(QString::fromStdString(groupDigits(t.baseline.memory)), parser.value("step"))};
        const GridRange range{.from = h.from, .to = h.to, .fromRatio = h.fromRatio, .toRatio = h.toRatio, .step = *h.step};
        checkGridSize(gridSizeOf(t.baseline.memory, range), parser.isSet("step") ? QStringLiteral("step") : QStringLiteral("step (default 0.001)"),
                      "use a coarser --step or --exact");
        spec.grid = gridBudgetsOf(t.baseline.memory, range);
        h.refine = spec.refine = parser.isSet("refine") ? parseBytes(parser.value("refine"), "refine") : (defaultExactEdges ? 1 : 0);
    }
    if (exact && parser.isSet("refine"))
        throw UsageError{QStringLiteral("--refine applies to a grid (--step); --exact is exact already")};
    spec.jobs = parseJobs(parser);
    if (parser.isSet("shard")) {
        const QStringList kn = parser.value("shard").split('/');
        bool ok1 = false, ok2 = false;
        if (kn.size() == 2) {
            spec.shard = kn[0].toInt(&ok1);
            spec.shards = kn[1].toInt(&ok2);
        }
        if (!ok1 || !ok2 || spec.shards < 1 || spec.shard < 1 || spec.shard > spec.shards)
            throw UsageError{QStringLiteral("--shard: expected K/N with 1 <= K <= N, found \"%1\"").arg(parser.value("shard"))};
        h.shard = spec.shard;
        h.shards = spec.shards;
    }
    if (parser.isSet("sweep-seconds"))
        spec.maxSeconds = parseRatio(parser.value("sweep-seconds"), "sweep-seconds");
    return s;
}

// Budgets a cap cut short: they bound no hole, so a summary that left them out would overstate
// what the range is known to hold.
// `n` of the points are unresolved (a shard's own, see SweepCoverage).
std::string unresolvedText(const std::vector<SweepPoint>& points, int64_t n)
{
    if (n == 0)
        return {};
    // Not always a cap: a formula's score that is not a number stops a replay too.
    const std::vector<std::string> reasons = unresolvedReasons(points);
    const bool caps = onlyCapsLeftUnresolved(points);
    std::string why = caps ? "cut short by a cap" : reasons.front();
    if (!caps && reasons.size() > 1)
        why += ", and " + plural(static_cast<int64_t>(reasons.size() - 1), "other reason", "other reasons") + ", which --json gives";
    return "; " + plural(n, "budget", "budgets") + " unresolved (" + why + ")";
}

// The same figures as the JSON's "coverage"; a shard's are those of its part (see SweepCoverage).
std::string coverageText(const SweepHeader& header, const SweepResult& r, const SweepCoverage& c)
{
    std::string text = groupDigits(c.certifiedBytes) + " of " + groupDigits(c.rangeBytes);
    if (header.shards > 1 && c.lo > c.hi)
        text += " bytes of this shard's part (" + std::to_string(header.shard) + "/" + std::to_string(header.shards)
                + ": the range has too few budgets for every shard to have one) certified";
    else if (header.shards > 1)
        text += " bytes of this shard's part (" + std::to_string(header.shard) + "/" + std::to_string(header.shards) + ": "
                + groupDigits(c.lo) + " .. " + groupDigits(c.hi) + ") certified";
    else
        text += " bytes of the range certified";
    return text + (r.stopped ? " (stopped early)" : "") + unresolvedText(r.points, c.unresolved);
}

std::string humanSweep(const LoadedTrace& t, const SweepHeader& header, const SweepResult& r)
{
    std::string out;
    char row[200];
    std::snprintf(row, sizeof row, "%16s %9s %-18s %8s %9s %10s %16s\n", "budget", "ratio", "outcome", "ops", "overhead", "evictions",
                  "same execution");
    out += row;
    for (const SweepPoint& p : r.points) {
        const double overhead = overheadOf(p.rematCompute, t.baseline);
        // A run cut short is no whole execution: its interval holds only until it stopped.
        const std::string width = p.outcome == Outcome::Unresolved                   ? "-"
                                  : p.certifiedHi == std::numeric_limits<int64_t>::max() ? "and above"
                                                                                         : groupDigits(p.certifiedHi - p.certifiedLo + 1) + " B";
        std::snprintf(row, sizeof row, "%16s %9s %-18s %8lld %9.4f %10lld %16s\n", groupDigits(p.budget).c_str(),
                      ratioText(ratioOfPeak(p.budget, t.baseline.memory)).c_str(), outcomeName(p.outcome),
                      static_cast<long long>(p.opsDone), overhead, static_cast<long long>(p.evictions), width.c_str());
        out += row;
    }
    // Points, not replays: a certified sweep's threads replay more budgets than one thread does,
    // and the output must not depend on their number.
    const SweepCoverage coverage = sweepCoverage(header, r.points);
    out += "\n" + plural(static_cast<int64_t>(r.points.size()), "point", "points")
           + (header.policy == "dtr" ? std::string() : " under policy " + header.policy) + ", "
           + plural(coverage.executions, "distinct execution", "distinct executions")
           + (header.shards > 1 ? " starting in its part" : "") + "; " + coverageText(header, r, coverage) + "\n";
    return out;
}

// What a hole that is not exact leaves open: where its edges may lie, and whether a completing
// budget may hide inside it.
std::string holeSamplingText(const Hole& h)
{
    std::string s = h.edgesExact()
                        ? "exact edges"
                        : "edges within " + groupDigits(h.spanLo) + " .. " + groupDigits(h.spanHi) + " bytes";
    if (h.gapsInside)
        s += ", budgets inside not all examined (it may be several holes)";
    return s;
}

} // namespace

int runSweepCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("trace", "A DTR trace (JSON lines).");
    addSweepOptions(parser, /*shards=*/true);
    parser.addOption({"csv", "Print CSV."});
    if (!parseCommand(parser, args, "Replay a range of budgets: a grid (--step), optionally refined at every change of outcome, or every byte (--exact)."))
        return kExitOk;
    if (parser.isSet("json") && parser.isSet("csv"))
        throw UsageError{QStringLiteral("give --json or --csv, not both")};
    checkOutputFiles(parser, {"out"});
    checkOutFormat(parser, parser.isSet("json") ? "json" : parser.isSet("csv") ? "csv" : "text",
                   "--json writes JSON, --csv CSV, and neither a table");
    const LoadedTrace t = loadTrace(traceArgument(parser, "sweep"));
    const SweepSetup s = sweepSetupFrom(parser, t, /*defaultExactEdges=*/false);
    const InterruptAsCancel interrupt;
    const SweepResult r = runSweepOnTerminal(t, s.spec, interrupt.flag());
    if (parser.isSet("json"))
        writeOutput(parser, sweepToJson(s.header, r.points, r.stopped).dump() + "\n");
    else if (parser.isSet("csv"))
        writeOutput(parser, sweepToCsv(r.points, t.baseline, s.header.policy));
    else
        writeOutput(parser, humanSweep(t, s.header, r));
    return kExitOk;
}

int runHoles(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("trace", "A DTR trace (JSON lines).");
    addSweepOptions(parser, /*shards=*/false);
    if (!parseCommand(parser, args, "Find feasibility holes: budgets that fail although a smaller and a larger one complete. "
                                    "By default a 0.001 grid refined to exact byte edges."))
        return kExitOk;
    checkOutputFiles(parser, {"out"});
    checkOutFormat(parser, parser.isSet("json") ? "json" : "text", "--json writes JSON, and without it a table");
    if (parser.isSet("shard"))
        throw UsageError{QStringLiteral("--shard: holes needs the whole range (a hole may straddle two shards); shard a sweep "
                                        "(sweep --shard K/N --json) and merge it instead")};
    const LoadedTrace t = loadTrace(traceArgument(parser, "holes"));
    const SweepSetup s = sweepSetupFrom(parser, t, /*defaultExactEdges=*/true);
    const InterruptAsCancel interrupt;
    const auto started = std::chrono::steady_clock::now();
    SweepResult r = runSweepOnTerminal(t, s.spec, interrupt.flag());
    std::vector<Hole> holes = findHoles(r.points, t.baseline);
    if (!r.stopped) {
        // Exact edges, and no completing budget hidden inside: certify what lies between the
        // completing budgets around each hole, in the time the sweep has left.
        SweepSpec rest = s.spec;
        if (rest.maxSeconds > 0) {
            rest.maxSeconds -= std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            r.stopped = rest.maxSeconds <= 0;
        }
        if (!r.stopped) {
            certifyHoles(t, rest, holes, r, interrupt.flag());
            holes = findHoles(r.points, t.baseline);
        }
    }
    for (Hole& h : holes)
        describeFailure(t, s.spec.replay, h);
    if (parser.isSet("json")) {
        writeOutput(parser, holesToJson(s.header, holes, r.points, r.stopped).dump() + "\n");
        return kExitOk;
    }
    // Bytes a grid only sampled may hide holes narrower than its step: the count is then a floor.
    const SweepCoverage coverage = sweepCoverage(s.header, r.points);
    const int64_t sampledOnly = coverage.rangeBytes - coverage.certifiedBytes;
    const std::string count = holes.empty() && sampledOnly > 0
                                  ? "no hole found"
                                  : (sampledOnly > 0 ? "at least " : "") + std::to_string(holes.size()) + (holes.size() == 1 ? " hole" : " holes");
    const std::string where = " between " + groupDigits(s.header.from) + " and " + groupDigits(s.header.to) + " bytes"
                              + (s.header.policy == "dtr" ? std::string() : " under policy " + s.header.policy);
    // A hole lies between completing budgets: where none completes, "no hole" would read as good news.
    std::string out = holes.empty() && everyPointFails(r.points)
                          ? t.name + ": no budget swept" + where + " completes, so there is no hole (a hole lies between completing budgets)\n"
                          : t.name + ": " + count + where + "\n";
    if (sampledOnly > 0) {
        // Why they are unknown: a grid samples; a certified sweep examines every byte it reaches,
        // and leaves out only what it did not reach or what a capped replay left unresolved.
        const bool certified = s.header.mode == "certified";
        const bool capped = unresolvedCount(r.points) > 0;
        std::vector<std::string> whys;
        if (!certified)
            whys.emplace_back("were only sampled");
        if (r.stopped)
            whys.emplace_back("were not reached before the sweep stopped");
        if (capped) {
            whys.emplace_back(onlyCapsLeftUnresolved(r.points) ? "were left unresolved by replays a cap cut short"
                                                               : "were left unresolved by replays that stopped (" + unresolvedReasons(r.points).front() + ")");
        }
        std::string why;
        for (size_t i = 0; i < whys.size(); ++i)
            why += (i == 0 ? "" : i + 1 == whys.size() ? ", or " : ", ") + whys[i];
        out += "  (" + groupDigits(sampledOnly) + " bytes of the range " + why + "; holes may hide there"
               + (certified ? ")\n" : (whys.size() == 1 ? ", narrower than the step" : "") + std::string("; --exact examines every byte)\n"));
    }
    for (const Hole& h : holes) {
        out += "\n  " + groupDigits(h.loBudget) + " .. " + groupDigits(h.hiBudget) + " bytes (" + ratioSpanText(h.loRatio, h.hiRatio)
               + " of the peak), "
               + (h.exact ? groupDigits(h.widthBytes()) + " bytes wide, exact edges"
                          : (h.edgesExact() ? "" : "not exact: ") + holeSamplingText(h))
               + "\n";
        out += "    " + std::string(outcomeName(h.outcome)) + (h.mixed ? " (and other failures)" : "") + " "
               + failurePlace(h.failureOp, h.failureOutside) + ", " + groupDigits(h.executions) + (h.executions == 1 ? " execution" : " distinct executions")
               + " inside; at the failure " + groupDigits(h.pinnedBytes) + " bytes pinned, cascade " + groupDigits(h.cascadeDepth)
               + " deep\n";
    }
    out += "\n" + plural(static_cast<int64_t>(r.points.size()), "point", "points") + "; " + coverageText(s.header, r, coverage) + "\n";
    writeOutput(parser, out);
    return kExitOk;
}

namespace {

// What a shard's points must account for, and may not go beyond: a point added to its file (any
// shard), or one removed from it (a shard that ran to its end has a point for every budget of
// its part, see firstMissingPoint; without one, the merged sweep would pass off a removed point
// as bytes never examined).
void checkShardPoints(const QString& file, const SweepHeader& h, const std::vector<SweepPoint>& points, bool stopped)
{
    SweepSpec spec;
    spec.from = h.from;
    spec.to = h.to;
    spec.shard = h.shard;
    spec.shards = h.shards;
    spec.refine = h.refine;
    if (h.mode == "grid") {
        const GridRange range{.from = h.from, .to = h.to, .fromRatio = h.fromRatio, .toRatio = h.toRatio, .step = *h.step};
        const double size = gridSizeOf(h.baselineMemory, range);
        if (size > kMaxGridBudgets)
            throw UsageError{QStringLiteral("%1: field \"step\": its grid would have %2 budgets (at most %3)")
                                 .arg(file, QString::number(size, 'g', 3), QString::number(kMaxGridBudgets, 'g', 3))};
        spec.grid = gridBudgetsOf(h.baselineMemory, range);
        // A sweep never writes a grid of no budget; read as one, its points would be checked as
        // a certified sweep's.
        if (spec.grid.empty())
            throw UsageError{QStringLiteral("%1: field \"from_ratio\": its grid (%2 to %3, step %4) has no budget")
                                 .arg(file, h.fromRatio ? QString::number(*h.fromRatio) : QStringLiteral("%1 B").arg(h.from),
                                      h.toRatio ? QString::number(*h.toRatio) : QStringLiteral("%1 B").arg(h.to), QString::number(*h.step))};
    }
    const auto bytes = [&](int64_t b) {
        return QStringLiteral("%1 B (%2 of the peak)")
            .arg(QString::fromStdString(groupDigits(b)), QString::fromStdString(ratioText(ratioOfPeak(b, h.baselineMemory))));
    };
    // A removed point is named first: the bisection behind it cannot be followed past it, and
    // the points it led to would read as added.
    if (const std::optional<MissingPoint> missing = stopped ? std::nullopt : firstMissingPoint(spec, points)) {
        QString what;
        switch (missing->kind) {
        case MissingPoint::Kind::GridBudget: what = QStringLiteral("has no point at its grid budget %1").arg(bytes(missing->budget)); break;
        case MissingPoint::Kind::Bytes: what = QStringLiteral("has no point whose execution covers %1").arg(bytes(missing->budget)); break;
        case MissingPoint::Kind::Bisection:
            what = QStringLiteral("has no point between %1 and %2, whose outcomes differ, where refining to %3 B bisects at %4")
                       .arg(QString::fromStdString(groupDigits(missing->below)), QString::fromStdString(groupDigits(missing->above)),
                            QString::fromStdString(groupDigits(h.refine)), QString::fromStdString(groupDigits(missing->budget)));
            break;
        }
        throw UsageError{QStringLiteral("%1: shard %2/%3 ran to its end but %4: a point was removed from the file")
                             .arg(file, QString::number(h.shard), QString::number(h.shards), what)};
    }
    if (const std::optional<int64_t> stray = firstStrayPoint(spec, points))
        throw UsageError{QStringLiteral("%1: has a point at %2, which shard %3/%4 %5 does not replay: a point was added to the file")
                             .arg(file, bytes(*stray), QString::number(h.shard), QString::number(h.shards),
                                  h.mode == "certified" ? QStringLiteral("of this certified sweep")
                                  : h.refine > 0        ? QStringLiteral("of this grid")
                                                        : QStringLiteral("of this unrefined grid"))};
}

// One shard as merge reads it: its settings, points, whether it was stopped, and whether its
// file names a policy (files of a holescope before policies do not).
struct ShardFile {
    SweepHeader header;
    std::vector<SweepPoint> points;
    bool stopped = false;
    bool namesPolicy = true;
};

ShardFile readShard(const QString& f)
{
    if (QFileInfo(f).isDir())
        throw UsageError{QStringLiteral("%1: is a folder, not a shard").arg(f)};
    std::ifstream in(f.toStdString());
    if (!in)
        throw UsageError{QStringLiteral("%1: cannot open").arg(f)};
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& e) {   // a parse error, or a number beyond a double (1e999)
        throw UsageError{QStringLiteral("%1: not JSON: %2").arg(f, QString::fromStdString(jsonProblem(e)))};
    }
    ShardFile shard;
    std::string error;
    if (!sweepFromJson(j, shard.header, shard.points, shard.stopped, error))
        throw UsageError{QStringLiteral("%1: %2").arg(f, QString::fromStdString(error))};
    shard.namesPolicy = j.contains("policy");
    return shard;
}

// Refuses a shard `f` of another sweep than the first one read (`first`, from `firstFile`).
// Files of a holescope before policies (or trace digests, or caps) lack those: such a shard
// merges only with its like.
void checkSameSweep(const QString& f, const ShardFile& shard, const QString& firstFile, const ShardFile& first)
{
    const SweepHeader& h = shard.header;
    const SweepHeader& m = first.header;
    const auto digestText = [](const std::string& d) { return QString::fromStdString(d.empty() ? std::string("missing") : d); };
    if (m.traceDigest != h.traceDigest)
        throw UsageError{QStringLiteral("%1: a shard of another trace than %2 (trace digest %3, not %4)")
                             .arg(f, firstFile, digestText(h.traceDigest), digestText(m.traceDigest))};
    const QString other = QStringLiteral("%1: not a shard of the same sweep as %2: ").arg(f, firstFile);
    const auto policyText = [](const ShardFile& s) {
        return s.namesPolicy ? QString::fromStdString(nlohmann::json(s.header.policy).dump()) : QStringLiteral("missing");
    };
    if (shard.namesPolicy != first.namesPolicy)
        throw UsageError{other + QStringLiteral("its \"policy\" is %1, not %2").arg(policyText(shard), policyText(first))};
    const auto splitText = [](const SweepHeader& x) {
        return x.shards == 1 ? QStringLiteral("a whole sweep") : QStringLiteral("split into %1 shards").arg(x.shards);
    };
    if (h.shards != m.shards)
        throw UsageError{other + QStringLiteral("it is %1, not %2").arg(splitText(h), splitText(m))};
    SweepHeader a = m, b = h;
    a.shard = b.shard = a.shards = b.shards = 1;   // compared above; as one sweep, only the settings are written
    const auto ja = sweepToJson(a, {}, false), jb = sweepToJson(b, {}, false);
    const auto shown = [](const nlohmann::ordered_json& header, const std::string& key) {
        return QString::fromStdString(header.contains(key) ? header.at(key).dump() : std::string("missing"));
    };
    for (const auto* keys : {&ja, &jb})
        for (const auto& [key, value] : keys->items())
            if (!ja.contains(key) || !jb.contains(key) || ja.at(key) != jb.at(key))
                throw UsageError{other + QStringLiteral("its \"%1\" is %2, not %3").arg(QString::fromStdString(key), shown(jb, key), shown(ja, key))};
}

} // namespace

int runMerge(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("shards", "The JSON outputs of `sweep --shard K/N --json`, every K once.");
    parser.addOption({"out", "Write the merged sweep to this file instead of the terminal.", "file"});
    if (!parseCommand(parser, args, "Merge the shards of a sweep into the output the whole sweep gives."))
        return kExitOk;
    checkOutputFiles(parser, {"out"});
    checkOutFormat(parser, "json", "merge writes the sweep's JSON");
    const QStringList files = parser.positionalArguments().mid(1);
    if (files.isEmpty())
        throw UsageError{QStringLiteral("usage: holescope-cli merge SHARD.json... [--out FILE]")};
    std::optional<ShardFile> first;
    std::vector<std::vector<SweepPoint>> parts;
    std::vector<bool> seen;
    bool stopped = false;
    for (const QString& f : files) {
        ShardFile shard = readShard(f);
        const SweepHeader& h = shard.header;
        if (!first) {
            seen.assign(static_cast<size_t>(h.shards), false);
            first = shard;
        }
        checkSameSweep(f, shard, files.front(), *first);
        checkShardPoints(f, h, shard.points, shard.stopped);
        if (seen[static_cast<size_t>(h.shard - 1)])
            throw UsageError{QStringLiteral("%1: shard %2/%3 given twice").arg(f, QString::number(h.shard), QString::number(h.shards))};
        seen[static_cast<size_t>(h.shard - 1)] = true;
        stopped = stopped || shard.stopped;
        parts.push_back(std::move(shard.points));
    }
    for (size_t k = 0; k < seen.size(); ++k)
        if (!seen[k])
            throw UsageError{QStringLiteral("shard %1/%2 is missing").arg(k + 1).arg(seen.size())};
    SweepHeader merged = first->header;
    merged.shard = merged.shards = 1;
    writeOutput(parser, sweepToJson(merged, mergePoints(std::move(parts)), stopped).dump() + "\n");
    return kExitOk;
}

} // namespace holescope::cli
