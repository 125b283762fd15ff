// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliSupport.h"

#include "export/OutputFile.h"
#include "sim/ProtectList.h"
#include "trace/TraceReader.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

namespace holescope::cli {

LoadedTrace loadTrace(const QString& path)
{
    TraceLoad load = readTraceFile(path.toStdString());
    if (auto* error = std::get_if<TraceError>(&load))
        throw UsageError{QString::fromStdString(error->toString())};
    return LoadedTrace{prepareTrace(std::move(std::get<Program>(load))), QFileInfo(path).fileName().toStdString()};
}

bool parseCommand(QCommandLineParser& parser, const QStringList& args, const QString& description,
                  std::initializer_list<const char*> repeatable)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    parser.addPositionalArgument("command", "The command.");
    // "-ratio 0.5" reads as "--ratio 0.5": the options have no short forms to bundle, and Qt read
    // it as five unknown one-letter options ("Unknown options: r, a, t, i, o").
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    if (!parser.parse(args))
        throw UsageError{parser.errorText()};
    for (const QString& name : parser.optionNames()) {
        const QStringList values = parser.values(name);
        const bool mayRepeat = std::any_of(repeatable.begin(), repeatable.end(), [&](const char* r) { return name == QLatin1String(r); });
        if (values.size() > 1 && !mayRepeat)
            throw UsageError{QStringLiteral("--%1 is given %2 times (%3); give it once").arg(name).arg(values.size()).arg(values.join(QStringLiteral(", ")))};
    }
    if (parser.isSet("help")) {
        // Qt's usage line names the program as invoked and lists the command as a trailing
        // positional; users type "holescope-cli COMMAND [options] ARGS".
        QStringList lines = parser.helpText().split('\n');
        QString usage = lines.value(0);
        usage.replace(QRegularExpression(QStringLiteral("^Usage: \\S+")), QStringLiteral("Usage: holescope-cli ") + args.value(1));
        usage.remove(QRegularExpression(QStringLiteral(" command$")));
        lines[0] = usage;
        lines.removeIf([](const QString& line) {
            return line.contains(QRegularExpression(QStringLiteral("^\\s+(command\\s+The command\\.|--help-all\\s)")));
        });
        // A command without arguments of its own would end with an empty "Arguments:" heading.
        const qsizetype heading = lines.indexOf(QStringLiteral("Arguments:"));
        if (heading >= 0 && std::all_of(lines.begin() + heading + 1, lines.end(), [](const QString& l) { return l.trimmed().isEmpty(); }))
            lines.resize(heading);
        while (!lines.isEmpty() && lines.back().trimmed().isEmpty())
            lines.removeLast();
        printLine(lines.join('\n').toStdString());
        return false;
    }
    return true;
}

void addReplayOptions(QCommandLineParser& parser, BudgetOptions budgets)
{
    QCommandLineOption budget{"budget", "Memory budget in bytes (digits, or with a B: 4000B).", "bytes"};
    QCommandLineOption ratio{"ratio", "Memory budget as a ratio of the baseline peak: int(peak * ratio).", "ratio"};
    // Commands that take their budgets otherwise still know the options, to say so when given.
    if (budgets == BudgetOptions::Refused) {
        budget.setFlags(QCommandLineOption::HiddenFromHelp);
        ratio.setFlags(QCommandLineOption::HiddenFromHelp);
    }
    parser.addOptions({budget, ratio});
    parser.addOptions({
        {"overhead-limit", "Stop once compute exceeds this multiple of the baseline (simrd's overhead limit, >= 1).", "x"},
        {"protect", "Storage ids never offered for eviction, comma-separated.", "ids"},
        {"max-steps", "Stop as unresolved after this many operator computations (0: no cap).", "n"},
        {"max-seconds", "Stop as unresolved after this much wall time.", "s"},
        {"policy", "The eviction policy (default dtr); holescope-cli policies lists them all.", "name"},
    });
}

namespace {

int64_t parseNonNegative(const QString& text, const QString& option, const char* what)
{
    bool ok = false;
    const qlonglong v = text.trimmed().toLongLong(&ok);
    if (!ok || v < 0 || v > (qlonglong{1} << 62))
        throw UsageError{QStringLiteral("--%1: expected a non-negative %2 (at most 2^62), found \"%3\"").arg(option, what, text)};
    return v;
}

bool allDigits(const QString& s)
{
    return !s.isEmpty() && std::all_of(s.begin(), s.end(), [](QChar c) { return c.isDigit(); });
}

} // namespace

int64_t parseBytes(const QString& text, const QString& option)
{
    // "4000B" as --pair and --window take it.
    const QString t = text.trimmed();
    return parseNonNegative(t.endsWith('B') && allDigits(t.chopped(1)) ? t.chopped(1) : t, option, "number of bytes");
}

int parseJobs(const QCommandLineParser& parser)
{
    if (!parser.isSet("jobs"))
        return 0;
    const int64_t jobs = parseCount(parser.value("jobs"), "jobs");
    if (jobs < 1 || jobs > 1024)
        throw UsageError{QStringLiteral("--jobs: expected 1 to 1024, found %1").arg(jobs)};
    return static_cast<int>(jobs);
}

QString checkedFigurePath(const QString& path, const QString& option)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != "pdf" && suffix != "svg" && suffix != "png")
        throw UsageError{QStringLiteral("--%1: the format comes from the extension: .pdf, .svg or .png, found \"%2\"").arg(option, path)};
    return path;
}

int64_t parseCount(const QString& text, const QString& option)
{
    return parseNonNegative(text, option, "integer");
}

int64_t budgetFromRatio(const Baseline& baseline, double ratio, const QString& option)
{
    if (static_cast<double>(baseline.memory) * ratio >= 0x1.0p62)
        throw UsageError{QStringLiteral("--%1: %2 times the peak is more bytes than a budget can be").arg(option).arg(ratio)};
    return budgetForRatio(baseline, ratio);
}

double parseRatio(const QString& text, const QString& option)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v) || v <= 0)
        throw UsageError{QStringLiteral("--%1: expected a positive, finite number, found \"%2\"").arg(option, text)};
    return v;
}

double parseBudgetRatio(const QString& text, const QString& option)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0)
        throw UsageError{QStringLiteral("--%1: expected a non-negative, finite ratio of the peak, found \"%2\"").arg(option, text)};
    return v;
}

int64_t parseBudgetOrRatio(const QString& text, const LoadedTrace& trace, const QString& option)
{
    const QString t = text.trimmed();
    if ((t.endsWith('B') && allDigits(t.chopped(1))) || (allDigits(t) && t != "0" && t != "1"))
        return parseBytes(t, option);
    return budgetFromRatio(trace.baseline, parseBudgetRatio(t, option), option);
}

double parseOverheadLimit(const QString& text)
{
    const double limit = parseRatio(text, "overhead-limit");
    if (limit < 1.0)
        throw UsageError{QStringLiteral("--overhead-limit: must be at least 1 (1 allows no rematerialization), found %1").arg(limit)};
    return limit;
}

ReplayOptions replayOptionsFrom(const QCommandLineParser& parser, const LoadedTrace& trace, const char* budgetsGivenBy)
{
    ReplayOptions o;
    const bool hasBudget = parser.isSet("budget"), hasRatio = parser.isSet("ratio");
    if (budgetsGivenBy != nullptr) {
        if (hasBudget || hasRatio)
            throw UsageError{QStringLiteral("--budget and --ratio do not apply here: %1").arg(QString::fromUtf8(budgetsGivenBy))};
    } else if (hasBudget == hasRatio) {
        throw UsageError{QStringLiteral("give exactly one of --budget BYTES or --ratio R")};
    } else {
        o.budget = hasBudget ? parseBytes(parser.value("budget"), "budget")
                             : budgetFromRatio(trace.baseline, parseBudgetRatio(parser.value("ratio"), "ratio"), "ratio");
    }
    if (parser.isSet("overhead-limit"))
        o.overheadLimit = parseOverheadLimit(parser.value("overhead-limit"));
    if (parser.isSet("protect")) {
        auto ids = parseProtectList(parser.value("protect").toStdString());
        if (auto* error = std::get_if<std::string>(&ids))
            throw UsageError{QStringLiteral("--protect: %1").arg(QString::fromStdString(*error))};
        o.protect = std::get<std::vector<int32_t>>(std::move(ids));
        const auto unknown = unknownStorages(trace.program, o.protect);
        if (!unknown.empty())
            throw UsageError{QStringLiteral("--protect: %1 is not a storage id of this trace (storage ids are root tensor ids, 0 to %2)")
                                 .arg(unknown.front())
                                 .arg(trace.program.tensors.size() - 1)};
    }
    if (parser.isSet("max-steps"))
        o.maxSteps = parseCount(parser.value("max-steps"), "max-steps");
    if (parser.isSet("max-seconds"))
        o.maxSeconds = parseRatio(parser.value("max-seconds"), "max-seconds");
    if (parser.isSet("policy")) {
        auto policy = parsePolicy(parser.value("policy").toStdString());
        if (auto* error = std::get_if<std::string>(&policy))
            throw UsageError{QStringLiteral("--policy: %1").arg(QString::fromStdString(*error))};
        o.policy = std::get<Policy>(std::move(policy));
    }
    return o;
}

void addRecordOptions(QCommandLineParser& parser, int64_t defaultMiB)
{
    parser.addOption({"max-record-mb",
                      QStringLiteral("Stop a recorded run as unresolved once its record takes this many MiB of memory (default %1; 0: no cap).")
                          .arg(defaultMiB),
                      "MiB"});
}

void recordOptionsFrom(const QCommandLineParser& parser, int64_t defaultMiB, ReplayOptions& options)
{
    const int64_t mib = parser.isSet("max-record-mb") ? parseCount(parser.value("max-record-mb"), "max-record-mb") : defaultMiB;
    if (mib > (int64_t{1} << 40))
        throw UsageError{QStringLiteral("--max-record-mb: at most 2^40 MiB, found %1").arg(mib)};
    options.maxRecordBytes = mib << 20;
}

QString traceArgument(const QCommandLineParser& parser, const QString& command)
{
    const QStringList pos = parser.positionalArguments();
    // All of them named: a stray value before the trace ("--from 0.5 0.6 t.log") comes first.
    if (pos.size() > 2)
        throw UsageError{QStringLiteral("one trace at a time, found %1 arguments: \"%2\"; usage: holescope-cli %3 TRACE [options]")
                             .arg(pos.size() - 1)
                             .arg(pos.mid(1).join(QStringLiteral("\", \"")), command)};
    if (pos.size() != 2)
        throw UsageError{QStringLiteral("usage: holescope-cli %1 TRACE [options]; see holescope-cli %1 --help").arg(command)};
    return pos.at(1);
}

namespace {

// What a path names, to tell two names of one file apart from two files: the file's device and
// inode (through the descriptor itself for /dev/stdout and its kin, see descriptorNamed), or for a
// file still to be made, its path with its folder's links resolved. Only a regular file can be
// written over: a device or a pipe takes one output after another.
struct NamedFile {
    QString key;
    bool regular = true;
};

NamedFile namedFile(const QString& path)
{
    struct stat st {};
    const std::optional<int> fd = descriptorNamed(path);
    if (fd ? fstat(*fd, &st) == 0 : stat(QFile::encodeName(path).constData(), &st) == 0)
        return {QStringLiteral("%1:%2").arg(st.st_dev).arg(st.st_ino), S_ISREG(st.st_mode)};
    const QFileInfo info(path);
    const QString folder = QFileInfo(info.absolutePath()).canonicalFilePath();
    return {(folder.isEmpty() ? info.absolutePath() : folder) + "/" + info.fileName(), true};
}

} // namespace

void checkOutputFiles(const QCommandLineParser& parser, std::initializer_list<const char*> options, const QStringList& read)
{
    std::vector<std::pair<QString, const char*>> named;   // file, option
    // The files the command reads (its trace, the sweeps it merges): an output written over one
    // of them destroys it, and the work it came from with it.
    std::vector<std::pair<QString, QString>> inputs;   // file, as given
    for (const QString& arg : parser.positionalArguments().mid(1) + read)
        if (const QFileInfo in(arg); in.isFile())
            inputs.emplace_back(namedFile(arg).key, arg);
    for (const char* option : options) {
        if (!parser.isSet(option))
            continue;
        const QString path = parser.value(option);
        const QString why = whyNotWritable(path);
        if (!why.isEmpty())
            throw UsageError{QStringLiteral("--%1: %2: cannot write: %3").arg(QString::fromLatin1(option), path, why)};
        // One output written over another leaves only the last (a figure over its own CSV), also
        // through a link or a descriptor.
        const NamedFile file = namedFile(path);
        for (const auto& [input, given] : inputs)
            if (input == file.key)
                throw UsageError{QStringLiteral("--%1: %2 is the file this command reads (%3): writing there would destroy it; give another file")
                                     .arg(QString::fromLatin1(option), path, given)};
        if (!file.regular)
            continue;
        for (const auto& [other, otherOption] : named)
            if (other == file.key)
                throw UsageError{QStringLiteral("--%1 and --%2 name the same file, %3: give each its own")
                                     .arg(QString::fromLatin1(otherOption), QString::fromLatin1(option), path)};
        named.emplace_back(file.key, option);
    }
}

void checkOutFormat(const QCommandLineParser& parser, const char* writes, const char* advice, const char* option)
{
    if (!parser.isSet(option))
        return;
    const QString path = parser.value(option);
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QString format = QString::fromLatin1(writes);
    if ((suffix == "json" || suffix == "csv") && suffix != format) {
        const QString what = format == "json" ? QStringLiteral("JSON") : format == "csv" ? QStringLiteral("CSV") : QStringLiteral("a table");
        throw UsageError{QStringLiteral("--%1: %2 is named .%3, but this writes %4; %5")
                             .arg(QString::fromLatin1(option), path, suffix, what, QString::fromLatin1(advice))};
    }
}

void checkGridSize(double budgets, const QString& option, const QString& advice)
{
    if (budgets > kMaxGridBudgets)
        throw UsageError{QStringLiteral("--%1: the grid would have %2 budgets (at most %3); %4")
                             .arg(option)
                             .arg(budgets, 0, 'g', 3)
                             .arg(kMaxGridBudgets, 0, 'g', 3)
                             .arg(advice)};
}

void writeFileWhole(const QString& path, const std::string& text)
{
    writeFileWhole(path, [&](const TextSink& sink) { sink(text); });
}

void writeFileWhole(const QString& path, const std::function<void(const TextSink&)>& write)
{
    OutputFile file(path);
    bool ok = file.open();
    write([&](std::string_view piece) { ok = ok && file.write(piece.data(), static_cast<qint64>(piece.size())); });
    if (!ok || !file.commit())
        throw UsageError{QStringLiteral("%1: cannot write: %2").arg(path, file.errorString())};
}

void printText(const std::string& text)
{
    // Checked at once, while errno still says why; what stays buffered is checked at exit (main).
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size())
        throw UsageError{stdoutCannotWrite(errno)};
}

QString stdoutCannotWrite(int error)
{
    return QStringLiteral("standard output: cannot write: %1")
        .arg(error != 0 ? QString::fromLocal8Bit(std::strerror(error)) : QStringLiteral("a write failed"));
}

void printLine(const std::string& text)
{
    printText(text + "\n");
}

} // namespace holescope::cli

namespace holescope::cli {

void writeOutput(const QCommandLineParser& parser, const std::string& text)
{
    if (parser.isSet("out"))
        writeFileWhole(parser.value("out"), text);
    else
        printText(text);
}

} // namespace holescope::cli
