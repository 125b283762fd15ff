// SPDX-License-Identifier: GPL-3.0-or-later
// explain: why one budget fails where another completes.
#include "CliSupport.h"
#include "Interrupt.h"

#include "forensics/PairExplainer.h"
#include "report/ExplainJson.h"
#include "report/ExplainText.h"
#include "text/Numbers.h"

#include <unistd.h>

#include <cstdio>

namespace holescope::cli {

int runExplain(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("trace", "A DTR trace (JSON lines).");
    addReplayOptions(parser, BudgetOptions::Refused);
    addRecordOptions(parser, kDefaultMaxRecordBytes >> 20);
    parser.addOptions({
        {"fail", "The budget that fails: a ratio of the peak, or bytes (digits only, or with a B: 1B; 0 and 1 alone are ratios).", "budget"},
        {"ok", "The budget that completes: a ratio of the peak, or bytes (digits only, or with a B: 1B; 0 and 1 alone are ratios).", "budget"},
        {"culprits", "Protections to try at the failing budget, one storage each (default 8; 0: none).", "n"},
        {"pairs", "When no single protection rescues the run, try pairs of the first six candidates."},
        {"jobs", "Threads for the protection trials (default: every core).", "n"},
        {"json", "Print JSON (format holescope-explain/1)."},
        {"out", "Write the report to this file instead of standard output.", "file"},
    });
    if (!parseCommand(parser, args,
                      "Explain why a trace fails at one budget and completes at another: where the two runs diverge, what the "
                      "failing run carries from there, the failure's cascade, and which protections rescue it."))
        return kExitOk;
    checkOutputFiles(parser, {"out"});
    checkOutFormat(parser, parser.isSet("json") ? "json" : "text", "--json writes JSON, and without it a table");
    const LoadedTrace t = loadTrace(traceArgument(parser, "explain"));
    ExplainRequest request;
    request.replay = replayOptionsFrom(parser, t, "give the two budgets with --fail and --ok");
    recordOptionsFrom(parser, kDefaultMaxRecordBytes >> 20, request.replay);
    if (!parser.isSet("fail") || !parser.isSet("ok"))
        throw UsageError{QStringLiteral("give both budgets: --fail BUDGET (the one that fails) and --ok BUDGET (the one that completes)")};
    request.failBudget = parseBudgetOrRatio(parser.value("fail"), t, "fail");
    request.okBudget = parseBudgetOrRatio(parser.value("ok"), t, "ok");
    if (request.failBudget == request.okBudget)
        throw UsageError{QStringLiteral("--fail and --ok are the same budget, %1 bytes").arg(QString::fromStdString(groupDigits(request.failBudget)))};
    if (parser.isSet("culprits"))
        request.culprits = static_cast<int>(std::min<int64_t>(parseCount(parser.value("culprits"), "culprits"), 100000));
    request.pairs = parser.isSet("pairs");
    request.jobs = parseJobs(parser);

    const InterruptAsCancel interrupt;
    const bool tty = isatty(STDERR_FILENO) != 0;
    PairExplanation x;
    try {
        x = explainPair(t, request, interrupt.flag(), [&](const char* stage, int64_t done, int64_t total) {
            if (tty)
                std::fprintf(stderr, "\r%s %lld/%lld   ", stage, static_cast<long long>(done), static_cast<long long>(total));
        });
    } catch (const ExplainError& e) {
        if (tty)
            std::fputs("\n", stderr);
        throw UsageError{QString::fromStdString(e.what())};
    }
    if (tty)
        std::fputs("\r\033[K", stderr);
    const std::string text = parser.isSet("json") ? explanationToJson(t.name, t.baseline, x).dump() + "\n"
                                                  : explanationToText(t.name, t.baseline, x);
    writeOutput(parser, text);
    return kExitOk;
}

} // namespace holescope::cli
