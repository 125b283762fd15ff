// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliSupport.h"
#include "Interrupt.h"

#include "report/ReplayJson.h"

#include <cstdio>

namespace holescope::cli {
namespace {

void printHuman(const LoadedTrace& t, const ReplayOptions& o, const ReplayResult& r, bool events)
{
    const Baseline& b = t.baseline;
    printLine("trace            " + t.name);
    printLine("budget           " + groupDigits(r.budget) + " bytes (" + ratioText(ratioOfPeak(r.budget, b.memory)) + " of the peak "
              + groupDigits(b.memory) + ")");
    printLine("policy           " + policyName(o.policy));
    if (o.overheadLimit) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", *o.overheadLimit);
        printLine(std::string("overhead limit   ") + buf);
    }
    if (!o.protect.empty()) {
        std::string ids;
        for (int32_t id : o.protect)
            ids += (ids.empty() ? "" : ",") + std::to_string(id);
        printLine("protected        " + ids);
    }
    std::string outcome = outcomeName(r.outcome);
    if (r.outcome == Outcome::Complete)
        outcome += " (" + groupDigits(r.opsDone) + " operators)";
    else
        outcome += " " + failurePlace(r.opsDone, r.outsideOperator, b.ops);
    if (!r.reason.empty())
        outcome += ": " + r.reason;
    printLine("outcome          " + outcome);
    if (o.policy.kind == PolicyKind::Monotone) {
        const std::string whose = r.executionBudget >= 0 ? "DTR's at " + groupDigits(r.executionBudget) + " bytes (the largest budget up to this one where DTR completes)"
                                  : r.outcome == Outcome::Unresolved ? "DTR's at this budget (a cap cut the search for a completing one short)"
                                  : r.budget < (o.policy.floor >= 0 ? o.policy.floor : b.floor)
                                      ? "DTR's at this budget (it is below the floor, under which nothing completes)"
                                      : "DTR's at this budget (DTR completes at no budget from the floor up to it)";
        printLine("execution        " + whose);
    }
    printLine("clock            " + groupDigits(r.clock));
    char overhead[32];
    std::snprintf(overhead, sizeof overhead, "%.4f", overheadOf(r.rematCompute, b));
    printLine("remat compute    " + groupDigits(r.rematCompute) + " ns (overhead " + overhead + ")");
    printLine("max memory       " + groupDigits(r.maxMemory) + " bytes");
    printLine("evictions        " + groupDigits(r.evictions));
    printLine("deepest cascade  " + groupDigits(r.maxDepth));
    if (events) {
        char row[96];
        printLine("");
        printLine("evictions, in order:");
        std::snprintf(row, sizeof row, "  %10s %10s %16s", "operator", "storage", "bytes");
        printLine(row);
        for (const EvictEntry& e : r.evictLog) {
            std::snprintf(row, sizeof row, "  %10lld %10d %16s", static_cast<long long>(e.op), e.storage, groupDigits(e.bytes).c_str());
            printLine(row);
        }
        printLine("");
        printLine("entries into the free loop (memory in use + request - budget):");
        std::snprintf(row, sizeof row, "  %10s %16s", "operator", "bytes short");
        printLine(row);
        for (const FreeEntry& f : r.freeLog) {
            std::snprintf(row, sizeof row, "  %10lld %16s", static_cast<long long>(f.op), groupDigits(f.bytesShort).c_str());
            printLine(row);
        }
    }
}

} // namespace

int runReplay(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("trace", "A DTR trace (JSON lines).");
    addReplayOptions(parser);
    parser.addOptions({{"json", "Print JSON."}, {"events", "Include every eviction and every entry into the free loop."}});
    if (!parseCommand(parser, args, "Replay a trace under a memory budget as simrd's RuntimeV2EagerOptimized does, evicting by the DTR heuristic or the --policy given."))
        return kExitOk;
    const LoadedTrace t = loadTrace(traceArgument(parser, "replay"));
    ReplayOptions o = replayOptionsFrom(parser, t);
    const bool events = parser.isSet("events");
    o.logEvents = events;
    const InterruptAsCancel interrupt;   // Ctrl-C ends the replay as unresolved, and it is still reported
    o.cancel = interrupt.flag();
    const ReplayResult r = replay(t, o);
    if (parser.isSet("json"))
        printLine(replayToJson(t.name, t.baseline, o, r, events).dump());
    else
        printHuman(t, o, r, events);
    return kExitOk;
}

} // namespace holescope::cli
