// SPDX-License-Identifier: GPL-3.0-or-later
// advise: is this budget in or near a hole, and which budget to use instead.
#include "CliSupport.h"
#include "Interrupt.h"

#include "report/AdviceReport.h"
#include "sweep/Advice.h"
#include "text/Numbers.h"

namespace holescope::cli {

int runAdvise(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("trace", "A DTR trace (JSON lines).");
    addReplayOptions(parser);
    parser.addOptions({
        {"window", "How far around the budget to look, as a ratio of the peak (default 0.02), or bytes (digits only, or with a B: 1B; 0 and 1 alone are ratios).", "size"},
        {"margin", "A failure closer than this makes a completing budget \"near a hole\" (default 0.001 of the peak, or bytes as for --window).", "size"},
        {"jobs", "Threads (default: every core).", "n"},
        {"sweep-seconds", "Stop looking after this much time; what was certified is reported.", "s"},
        {"json", "Print JSON (format holescope-advice/1)."},
        {"out", "Write the report to this file instead of standard output.", "file"},
    });
    if (!parseCommand(parser, args,
                      "Say whether a budget sits in or near a feasibility hole of the chosen policy, by replaying every byte around it, "
                      "and propose the nearest safe budget and its overhead."))
        return kExitOk;
    checkOutputFiles(parser, {"out"});
    checkOutFormat(parser, parser.isSet("json") ? "json" : "text", "--json writes JSON, and without it a table");
    const LoadedTrace t = loadTrace(traceArgument(parser, "advise"));
    AdviceRequest request;
    request.replay = replayOptionsFrom(parser, t);
    request.budget = request.replay.budget;
    auto size = [&](const char* option, double defaultRatio) {
        if (!parser.isSet(option))
            return budgetForRatio(t.baseline, defaultRatio);
        return parseBudgetOrRatio(parser.value(option), t, option);
    };
    request.window = size("window", 0.02);
    request.margin = size("margin", 0.001);
    // The margin is judged inside the window: a wider one would be claimed without being looked at.
    if (request.margin > request.window)
        throw UsageError{QStringLiteral("--margin: %1 is wider than the window, %2 on either side; widen --window")
                             .arg(QString::fromStdString(plural(request.margin, "byte", "bytes")),
                                  QString::fromStdString(plural(request.window, "byte", "bytes")))};
    if (request.budget > (int64_t{1} << 62) - request.window)
        throw UsageError{QStringLiteral("--window: the budget plus the window is more bytes than a budget can be (2^62)")};
    request.jobs = parseJobs(parser);
    if (parser.isSet("sweep-seconds"))
        request.maxSeconds = parseRatio(parser.value("sweep-seconds"), "sweep-seconds");
    const InterruptAsCancel interrupt;
    const Advice a = adviseBudget(t, request, interrupt.flag());
    writeOutput(parser, parser.isSet("json") ? adviceToJson(t.name, t.baseline, request, a).dump() + "\n"
                                             : adviceToText(t.name, t.baseline, request, a));
    return kExitOk;
}

} // namespace holescope::cli
