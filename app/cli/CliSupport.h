// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/RunJson.h"
#include "sim/Replay.h"
#include "text/Numbers.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>

namespace holescope::cli {

// Exit statuses: 0 whatever a replay's outcome, 2 for bad input or usage.
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;

// A failure a user can act on; printed once by main(), never inside the core.
struct UsageError {
    QString message;
};

struct LoadedTrace : PreparedTrace {
    std::string name;   // file name without directories, as the goldens name traces
};

LoadedTrace loadTrace(const QString& path);

// Parses a command's arguments (args[0] the program, args[1] the command). Returns false when
// --help was asked for and printed; throws UsageError on a bad option. An option that takes a
// value may be given once, unless named in `repeatable`: Qt would keep the last value without
// a word ("--ratio 0.4 --ratio 0.5" replays 0.5).
bool parseCommand(QCommandLineParser& parser, const QStringList& args, const QString& description,
                  std::initializer_list<const char*> repeatable = {});

// The options every replaying command shares.
// Taken: --budget and --ratio give the replay's budget. Refused: the command takes its budgets
// otherwise; the options are left out of its help and refused by replayOptionsFrom.
enum class BudgetOptions { Taken, Refused };
void addReplayOptions(QCommandLineParser& parser, BudgetOptions budgets = BudgetOptions::Taken);
// The budget options are required, unless the command takes its budgets otherwise: then
// budgetsGivenBy says how (the message for a user who gave --budget or --ratio) and the budget is left 0.
ReplayOptions replayOptionsFrom(const QCommandLineParser& parser, const LoadedTrace& trace, const char* budgetsGivenBy = nullptr);
// --max-record-mb, for the commands that record runs, and its value (or defaultMiB) into
// options.maxRecordBytes.
void addRecordOptions(QCommandLineParser& parser, int64_t defaultMiB);
void recordOptionsFrom(const QCommandLineParser& parser, int64_t defaultMiB, ReplayOptions& options);
// A budget given either way: digits only and more than 1 are bytes, as are digits with a B ("1B",
// one byte, where "1" is the whole peak); anything else a ratio of the peak.
int64_t parseBudgetOrRatio(const QString& text, const LoadedTrace& trace, const QString& option);

// One positional argument, the trace; complains otherwise.
QString traceArgument(const QCommandLineParser& parser, const QString& command);

// Non-negative integers up to 2^62 (so sums of a few of them cannot overflow).
int64_t parseBytes(const QString& text, const QString& option);
int64_t parseCount(const QString& text, const QString& option);
// --jobs: 1 to 1024 threads; 0 (every core) when not given.
int parseJobs(const QCommandLineParser& parser);
// A figure's file: the format comes from its extension, .pdf, .svg or .png.
QString checkedFigurePath(const QString& path, const QString& option);
// int(peak * ratio), refused when it does not fit in 2^62 bytes.
int64_t budgetFromRatio(const Baseline& baseline, double ratio, const QString& option);
// A positive number (a step, a time, a size).
double parseRatio(const QString& text, const QString& option);
// A budget as a ratio of the peak: from 0, as a budget in bytes is.
double parseBudgetRatio(const QString& text, const QString& option);
// --overhead-limit's value: at least 1.
double parseOverheadLimit(const QString& text);

// Refuses, before any long work, an output file that could not be written at the end: a sweep
// or a census should not run for minutes only to fail on a missing folder. Checks every option
// of `options` that is set (each takes a file). An output that is a file the command reads (its
// positional arguments, and `inputs`) is refused too.
void checkOutputFiles(const QCommandLineParser& parser, std::initializer_list<const char*> options, const QStringList& inputs = {});
// --out FILE.json or FILE.csv for output of another format (a table, say) is refused: the
// extension would promise what the file does not hold. `writes` names what the command writes
// with the options given: "json", "csv" or "text"; `advice` says how to get the other. `option`
// is the file's option (--csv FILE writes CSV whatever the other options).
void checkOutFormat(const QCommandLineParser& parser, const char* writes, const char* advice, const char* option = "out");

// A grid of more budgets than this is a typo (a step of 1e-9, say), not a sweep anyone waits for.
inline constexpr double kMaxGridBudgets = 10'000'000;
// Refuses a grid of more than kMaxGridBudgets budgets, naming the option that set its step and
// what to do instead.
void checkGridSize(double budgets, const QString& option, const QString& advice = QStringLiteral("use a coarser step"));

// Writes the file whole or not at all (a temporary file renamed over it): a half-written output
// would read as a shorter run.
void writeFileWhole(const QString& path, const std::string& text);
// The same for a text made piece by piece: `write` hands each piece to the sink it is given.
void writeFileWhole(const QString& path, const std::function<void(const TextSink&)>& write);
void printLine(const std::string& text);
// Text to standard output as it is; a write the system refuses is a UsageError with its reason.
void printText(const std::string& text);
// "standard output: cannot write: " and the system's reason (errno's `error`), when it gave one.
QString stdoutCannotWrite(int error);
// To the file given with --out (whole or not at all), or else to standard output.
void writeOutput(const QCommandLineParser& parser, const std::string& text);

int runInfo(const QStringList& args);
int runReplay(const QStringList& args);
int runRecord(const QStringList& args);
int runSweepCommand(const QStringList& args);
int runHoles(const QStringList& args);
int runMerge(const QStringList& args);
int runSynth(const QStringList& args);
int runBench(const QStringList& args);
int runExplain(const QStringList& args);
int runFigure(const QStringList& args);
int runExportTrace(const QStringList& args);
int runPolicies(const QStringList& args);
int runAdvise(const QStringList& args);
int runCensus(const QStringList& args);

} // namespace holescope::cli
