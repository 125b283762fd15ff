// SPDX-License-Identifier: GPL-3.0-or-later
// export-trace: a recorded run, or a pair, as Chrome trace-event JSON for Perfetto.
#include "CliSupport.h"
#include "Interrupt.h"

#include "record/ReplayRecorder.h"
#include "report/TraceEventJson.h"
#include "text/Numbers.h"

#include <optional>

namespace holescope::cli {
namespace {

// The trace-event file is built whole in memory before it is written, at about ten times its
// runs' records: their cap is lower than record's.
constexpr int64_t kDefaultMaxRecordMiB = 256;

} // namespace

int runExportTrace(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("trace", "A DTR trace (JSON lines).");
    addReplayOptions(parser);
    addRecordOptions(parser, kDefaultMaxRecordMiB);
    parser.addOptions({
        {"pair", "A second budget, replayed with the same options and shown beside the first: a ratio of the peak, or bytes (digits only, or with a B: 1B; 0 and 1 alone are ratios).",
         "budget"},
        {"out", "The trace-event file to write (JSON; opens in https://ui.perfetto.dev and chrome://tracing).", "file"},
    });
    if (!parseCommand(parser, args,
                      "Export a recorded replay as Chrome trace-event JSON: computations and rebuilds as nested slices, memory as "
                      "counters, evictions and the failure as instant events, storage residencies as async events and flows from "
                      "each eviction to its rebuild. With --pair, the two budgets open side by side as two processes."))
        return kExitOk;
    const QString out = parser.value("out");
    if (out.isEmpty())
        throw UsageError{QStringLiteral("--out FILE.json is required")};
    checkOutputFiles(parser, {"out"});
    checkOutFormat(parser, "json", "trace events are JSON: name it .json");
    const LoadedTrace t = loadTrace(traceArgument(parser, "export-trace"));
    ReplayOptions o = replayOptionsFrom(parser, t);
    recordOptionsFrom(parser, kDefaultMaxRecordMiB, o);
    const InterruptAsCancel interrupt;   // Ctrl-C ends the runs as unresolved, and what was recorded is written
    o.cancel = interrupt.flag();
    std::optional<int64_t> pair;
    if (parser.isSet("pair")) {
        pair = parseBudgetOrRatio(parser.value("pair"), t, "pair");
        if (*pair == o.budget)
            throw UsageError{QStringLiteral("--pair is the same budget as the run's, %1 bytes: a pair compares two")
                                 .arg(QString::fromStdString(groupDigits(o.budget)))};
    }
    std::vector<RunRecord> records;
    records.push_back(recordReplay(t, o));
    if (pair) {
        o.budget = *pair;
        records.push_back(recordReplay(t, o));
    }
    std::vector<const RunRecord*> runs;
    for (const RunRecord& r : records)
        runs.push_back(&r);
    writeFileWhole(out, traceEventsJson(t.name, t, o, runs).dump() + "\n");
    std::string summary;
    for (const RunRecord& r : records)
        summary += (summary.empty() ? "" : "; ") + groupDigits(r.result.budget) + " B: " + outcomeName(r.result.outcome) + " "
                   + failurePlace(r.result.opsDone, r.result.outsideOperator) + (r.result.reason.empty() ? "" : " (" + r.result.reason + ")");
    printLine(summary + "; written to " + out.toStdString());
    return kExitOk;
}

} // namespace holescope::cli
