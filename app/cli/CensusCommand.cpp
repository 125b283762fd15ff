// SPDX-License-Identifier: GPL-3.0-or-later
// census: every policy over every trace, as a table, CSV, JSON and a figure.
#include "CliSupport.h"
#include "Interrupt.h"

#include "export/CensusFigure.h"
#include "export/FigureExport.h"
#include "policy/Policy.h"
#include "report/CensusReport.h"
#include "sweep/Census.h"

#include <qcustomplot.h>

#include <QDir>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace holescope::cli {
namespace {

QStringList traceFiles(const QCommandLineParser& parser)
{
    QStringList files = parser.positionalArguments().mid(1);
    if (!files.isEmpty()) {
        if (parser.isSet("traces"))
            throw UsageError{QStringLiteral("give trace files or --traces DIR, not both")};
        // A file named twice (by the same path) is one trace: its rows would only repeat.
        files.removeDuplicates();
        return files;
    }
    const QString dir = parser.isSet("traces") ? parser.value("traces") : QStringLiteral(HOLESCOPE_SHARED_DIR "/traces/dtr");
    const QDir d(dir);
    if (!d.exists())
        throw UsageError{QStringLiteral("--traces: no folder %1 (give trace files, or the folder of the DTR logs)").arg(dir)};
    for (const QString& f : d.entryList({"*.log"}, QDir::Files, QDir::Name))
        files << d.filePath(f);
    if (files.isEmpty())
        throw UsageError{QStringLiteral("--traces: %1 holds no .log trace").arg(dir)};
    return files;
}

std::vector<Policy> policiesFrom(const QCommandLineParser& parser)
{
    // Each name with the option that gave it, for the message when it is refused.
    std::vector<std::pair<QString, const char*>> names;
    if (parser.isSet("policies"))
        for (const QString& n : parser.value("policies").split(',')) {
            if (n.trimmed().isEmpty())
                throw UsageError{QStringLiteral("--policies: an empty name in \"%1\": expected policy names separated by commas")
                                     .arg(parser.value("policies"))};
            names.emplace_back(n, "policies");
        }
    for (const QString& n : parser.values("policy"))
        names.emplace_back(n, "policy");
    if (names.empty())
        for (const QString& n : QString::fromStdString(policyExamples()).split(','))
            names.emplace_back(n, "policies");
    std::vector<Policy> policies;
    for (const auto& [n, option] : names) {
        auto p = parsePolicy(n.trimmed().toStdString());
        if (auto* error = std::get_if<std::string>(&p)) {
            // --policies splits at every comma, a formula's too.
            const bool splitFormula = std::strcmp(option, "policies") == 0 && n.trimmed().startsWith("formula:") && parser.value("policies").count(',') > 0;
            throw UsageError{QStringLiteral("--%1: %2%3").arg(QString::fromLatin1(option), QString::fromStdString(*error),
                                                               splitFormula ? QStringLiteral(" (--policies splits at commas: give a formula "
                                                                                             "with commas in --policy, once per formula)")
                                                                            : QString())};
        }
        // A policy named twice is run once: its rows would only repeat. A name that is another's
        // spelling ("random" is "random:0") has its rows under the name the tables use; both are
        // said, or the rows looked for would seem missing.
        Policy policy = std::get<Policy>(std::move(p));
        const QString typed = n.trimmed(), name = QString::fromStdString(policyName(policy));
        const bool repeated = std::any_of(policies.begin(), policies.end(), [&](const Policy& q) { return policyName(q) == policyName(policy); });
        if (typed != name)
            std::fprintf(stderr, "census: %s is %s%s\n", qPrintable(typed), qPrintable(name),
                         repeated ? ", named already: it is run once" : "; its rows are named so");
        else if (repeated)
            std::fprintf(stderr, "census: %s is named twice: it is run once\n", qPrintable(typed));
        if (!repeated)
            policies.push_back(std::move(policy));
    }
    return policies;
}

} // namespace

int runCensus(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("traces", "DTR traces (default: every .log in --traces).", "[TRACE...]");
    parser.addOptions({
        {"traces", "The folder of traces to take (default: the shared DTR logs).", "dir"},
        {"policies", QStringLiteral("Policies, comma-separated (default: %1).").arg(QString::fromStdString(policyExamples())), "names"},
        {"policy", "One more policy (repeatable; for formulas, which may hold commas).", "name"},
        {"from", "Lowest ratio of each trace's peak (default 0.05).", "ratio"},
        {"to", "Highest ratio (default 1.0).", "ratio"},
        {"step", "Grid step (default 0.01).", "ratio"},
        {"overhead-limit", "simrd's overhead limit for every replay (default 2.0, the study's; it also bounds how long a "
                           "thrashing policy runs).", "x"},
        {"no-overhead-limit", "Replay without an overhead limit (thrashing policies may then run for a long time)."},
        {"jobs", "Threads (default: every core).", "n"},
        {"json", "Print JSON (format holescope-census/1) instead of the table."},
        {"csv", "Also write the table as CSV to this file.", "file"},
        {"figure", "Also draw the holes per policy and trace to this file (.pdf, .svg or .png).", "file"},
        {"out", "Write the table (or JSON) to this file instead of standard output.", "file"},
    });
    if (!parseCommand(parser, args,
                      "Run every policy over every trace on a grid of budgets and tabulate, per trace and policy, the hole regions, the "
                      "failing budgets, the smallest completing budget, and the median overhead where both DTR and the policy complete.",
                      {"policy"}))
        return kExitOk;
    CensusSpec spec;
    spec.policies = policiesFrom(parser);
    if (parser.isSet("from"))
        spec.from = parseBudgetRatio(parser.value("from"), "from");
    if (parser.isSet("to"))
        spec.to = parseBudgetRatio(parser.value("to"), "to");
    if (parser.isSet("step"))
        spec.step = parseRatio(parser.value("step"), "step");
    if (!(spec.step > 0) || spec.from > spec.to)
        throw UsageError{QStringLiteral("--from, --to, --step: expected from <= to and a positive step")};
    checkGridSize((spec.to - spec.from) / spec.step + 1, "step");
    spec.overheadLimit = 2.0;
    if (parser.isSet("overhead-limit")) {
        if (parser.isSet("no-overhead-limit"))
            throw UsageError{QStringLiteral("give --overhead-limit or --no-overhead-limit, not both")};
        spec.overheadLimit = parseOverheadLimit(parser.value("overhead-limit"));
    }
    if (parser.isSet("no-overhead-limit"))
        spec.overheadLimit.reset();
    spec.jobs = parseJobs(parser);
    const QString figure = parser.isSet("figure") ? checkedFigurePath(parser.value("figure"), "figure") : QString();
    const QStringList files = traceFiles(parser);
    checkOutputFiles(parser, {"out", "csv", "figure"}, files);   // the traces of --traces DIR too
    checkOutFormat(parser, parser.isSet("json") ? "json" : "text", "--json writes JSON, without it a table, and --csv FILE the CSV");
    checkOutFormat(parser, "csv", "name it .csv", "csv");

    const InterruptAsCancel interrupt;
    const bool tty = isatty(STDERR_FILENO) != 0;
    const auto start = std::chrono::steady_clock::now();
    // Every trace is read before the first replay: a damaged one found after minutes of census
    // would throw those minutes away.
    std::vector<LoadedTrace> traces;
    std::map<std::string, int> named;
    for (const QString& file : files) {
        traces.push_back(loadTrace(file));
        ++named[traces.back().name];
    }
    for (size_t i = 0; i < traces.size(); ++i)
        if (named[traces[i].name] > 1)   // rows that could not be told apart: name them by path
            traces[i].name = files[static_cast<qsizetype>(i)].toStdString();
    std::vector<CensusRow> rows;
    for (const LoadedTrace& t : traces) {
        auto part = censusOfTrace(t.name, t, spec, interrupt.flag(), [&](const std::string& policy, size_t done, size_t total) {
            const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
            std::fprintf(stderr, tty ? "\r\033[K%s: %s done (%zu/%zu), %.0f s" : "%s: %s done (%zu/%zu), %.0f s\n", t.name.c_str(),
                         policy.c_str(), done, total, spent.count());
        });
        rows.insert(rows.end(), part.begin(), part.end());
        if (interrupt.flag()->load())
            break;
    }
    if (tty)
        std::fputs("\r\033[K", stderr);
    // The table and its data first: a figure that cannot be written leaves them written.
    QString error;
    if (parser.isSet("csv") && !writeTextFile(parser.value("csv"), censusToCsv(rows), error))
        throw UsageError{error};
    writeOutput(parser, parser.isSet("json") ? censusToJson(spec, rows).dump() + "\n" : censusToText(spec, rows));
    if (!figure.isEmpty()) {
        const auto makePlot = [&] {
            auto plot = std::make_shared<QCustomPlot>();
            plot->resize(1200, 700);
            drawCensus(plot.get(), spec, rows);
            return plot;
        };
        FigureOptions options;
        options.preset = FigurePreset::DoubleColumn;
        // Two columns wide, and as tall as its rows need: many traces make a long legend.
        if (!exportPlot(makePlot().get(), figure, withRoom(makePlot, options), error, makePlot))
            throw UsageError{error};
    }
    return kExitOk;
}

} // namespace holescope::cli
