// SPDX-License-Identifier: GPL-3.0-or-later
// holescope: the desktop application. `holescope [TRACE | SESSION.holescope]`, or headless with
// --screenshot.
#include "MainWindow.h"
#include "RecentFiles.h"
#include "ScreenshotRun.h"
#include "export/OffscreenMessages.h"
#include "export/OutputFile.h"
#include "session/Session.h"
#include "session/SessionAutosave.h"
#include "sim/ProtectList.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

using namespace holescope;

namespace {

// Without a display (a server, CI), Qt cannot open a window: render offscreen instead.
bool haveDisplay()
{
    // Offscreen and minimal draw where no one sees: a window there would wait for a user who
    // cannot reach it (CI sets QT_QPA_PLATFORM=offscreen).
    const QString platform = qEnvironmentVariable("QT_QPA_PLATFORM");
    if (platform.startsWith(QLatin1String("offscreen")) || platform.startsWith(QLatin1String("minimal")))
        return false;
    return !platform.isEmpty() || !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

int fail(const QString& message)
{
    std::fprintf(stderr, "holescope: %s\n", qUtf8Printable(message));
    return 2;
}

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QStringLiteral("Forensics of memory-budgeted training: DTR replays, budget sweeps and holes."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A DTR trace, or a session (.holescope)."), QStringLiteral("[FILE]"));
    parser.addOptions({
        {QStringLiteral("screenshot"), QStringLiteral("Render the window offscreen after loading (and sweeping), write it to FILE (PNG) and exit."),
         QStringLiteral("FILE")},
        {QStringLiteral("sweep"), QStringLiteral("Sweep budgets from R1 to R2 (ratios of the peak) every STEP once the trace is loaded."),
         QStringLiteral("R1:R2:STEP")},
        {QStringLiteral("pair"), QStringLiteral("With --screenshot: compare budgets A and B (ratios, or bytes as digits, with or without a B) and show the pair."),
         QStringLiteral("A:B")},
        {QStringLiteral("overhead-limit"), QStringLiteral("The overhead limit of --sweep and --pair."), QStringLiteral("X")},
        {QStringLiteral("max-seconds"), QStringLiteral("Stop each replay of --sweep as unresolved after S seconds."), QStringLiteral("S")},
        {QStringLiteral("protect"), QStringLiteral("Storage ids never evicted in --sweep and --pair, comma-separated."), QStringLiteral("IDS")},
        {QStringLiteral("policy"), QStringLiteral("The eviction policy of --sweep and --pair (default dtr; holescope-cli policies lists them)."),
         QStringLiteral("NAME")},
    });
}

// What the command line asks for, or what is wrong with it.
std::optional<QString> requestFrom(const QCommandLineParser& parser, bool display, ScreenshotRequest& request)
{
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1)
        return QStringLiteral("give at most one trace or session");
    if (parser.isSet(QStringLiteral("sweep")))
        if (auto error = parseSweepRange(parser.value(QStringLiteral("sweep")), request))
            return error;
    if (parser.isSet(QStringLiteral("pair")))
        if (auto error = parsePair(parser.value(QStringLiteral("pair")), request))
            return error;
    if (parser.isSet(QStringLiteral("overhead-limit"))) {
        bool ok = false;
        const double limit = parser.value(QStringLiteral("overhead-limit")).toDouble(&ok);
        if (!ok || !(limit >= 1.0))
            return QStringLiteral("--overhead-limit: expected a number of at least 1, found \"%1\"").arg(parser.value(QStringLiteral("overhead-limit")));
        request.overheadLimit = limit;
    }
    if (parser.isSet(QStringLiteral("max-seconds"))) {
        bool ok = false;
        const double seconds = parser.value(QStringLiteral("max-seconds")).toDouble(&ok);
        if (!ok || !(seconds > 0) || !std::isfinite(seconds))
            return QStringLiteral("--max-seconds: expected a positive number of seconds, found \"%1\"").arg(parser.value(QStringLiteral("max-seconds")));
        request.maxSeconds = seconds;
    }
    if (parser.isSet(QStringLiteral("protect"))) {
        auto ids = parseProtectList(parser.value(QStringLiteral("protect")).toStdString());
        if (auto* error = std::get_if<std::string>(&ids))
            return QStringLiteral("--protect: %1").arg(QString::fromStdString(*error));
        request.protect = std::get<std::vector<int32_t>>(std::move(ids));
    }
    if (parser.isSet(QStringLiteral("policy"))) {
        const std::string name = parser.value(QStringLiteral("policy")).toStdString();
        if (const auto policy = parsePolicy(name); std::holds_alternative<std::string>(policy))
            return QStringLiteral("--policy: %1").arg(QString::fromStdString(std::get<std::string>(policy)));
        request.policy = name;
    }
    const QString file = files.isEmpty() ? QString() : files.first();
    (file.endsWith(QStringLiteral(".holescope")) ? request.session : request.trace) = file;
    request.output = parser.value(QStringLiteral("screenshot"));
    if (request.output.isEmpty() && !display) {
        if (file.isEmpty())
            return QStringLiteral("no display to open a window on; give a trace or a session, and a screenshot of it is written instead");
        request.output = QStringLiteral("holescope-screenshot.png");
        std::fprintf(stderr, "holescope: no display, so no window; writing a screenshot to %s instead\n", qUtf8Printable(request.output));
    }
    if (!request.output.isEmpty() && file.isEmpty())
        return QStringLiteral("--screenshot needs a trace or a session");
    // Checked before the work: a PNG is what is written, and into a folder that exists.
    if (!request.output.isEmpty()) {
        const QFileInfo out(request.output);
        if (out.suffix().compare(QLatin1String("png"), Qt::CaseInsensitive) != 0)
            return QStringLiteral("--screenshot: %1 is not named .png, but a PNG is what is written").arg(request.output);
        if (const QString why = whyNotWritable(request.output); !why.isEmpty())
            return QStringLiteral("--screenshot: %1: cannot write: %2").arg(request.output, why);
    }
    // The replay options only shape --sweep and --pair: without them they would be ignored.
    const bool sweepOrPair = parser.isSet(QStringLiteral("sweep")) || parser.isSet(QStringLiteral("pair"));
    for (const char* option : {"overhead-limit", "protect", "policy"})
        if (parser.isSet(QLatin1String(option)) && !sweepOrPair)
            return QStringLiteral("--%1: applies to --sweep or --pair, and neither was given").arg(QLatin1String(option));
    if (parser.isSet(QStringLiteral("max-seconds")) && !parser.isSet(QStringLiteral("sweep")))
        return QStringLiteral("--max-seconds: applies to --sweep, which was not given");
    return std::nullopt;
}

// The window as a user meets it: unsaved work of a run that crashed offered back, then the file
// asked for opened (and swept, with --sweep).
int runInteractive(MainWindow& window, const ScreenshotRequest& request, const QString& autosavePath)
{
    window.show();
    if (QFileInfo::exists(autosavePath)) {
        const auto answer = QMessageBox::question(&window, QStringLiteral("holescope"),
                                                  QStringLiteral("holescope did not close properly last time. Restore the session that was not saved?"),
                                                  QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
        if (answer == QMessageBox::Yes && window.restoreAutosave())
            return QApplication::exec();
        window.autosave()->discard();
    }
    if (!request.session.isEmpty()) {
        window.openSession(request.session);
    } else if (!request.trace.isEmpty()) {
        window.openTrace(request.trace);
        if (request.step)
            QObject::connect(&window.session(), &Session::traceChanged, &window, [&window, request] {
                SweepSettings s = window.session().settings();
                s.from = *request.from;
                s.to = *request.to;
                s.step = *request.step;
                s.maxSeconds = request.maxSeconds;
                s.overheadLimit = request.overheadLimit;
                if (request.policy)
                    s.policy = *request.policy;
                window.session().setSettings(s);
                window.session().setProtect(request.protect);
                QTimer::singleShot(0, &window, &MainWindow::startSweep);
            }, Qt::SingleShotConnection);
    }
    return QApplication::exec();
}

} // namespace

int main(int argc, char** argv)
{
    const bool display = haveDisplay();
    if (!display)
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariable("QT_QPA_PLATFORM") == QLatin1String("offscreen"))
        quietOffscreenNotes();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("holescope"));
    QApplication::setOrganizationName(QStringLiteral("holescope"));
    QApplication::setApplicationVersion(QStringLiteral(HOLESCOPE_VERSION));

    QCommandLineParser parser;
    addOptions(parser);
    // Not process(), which exits with status 1 on an unknown option: bad input is status 2, as in the CLI.
    if (!parser.parse(QApplication::arguments()))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    ScreenshotRequest request;
    if (const auto error = requestFrom(parser, display, request))
        return fail(*error);

    QSettings settings;
    RecentFiles recent(settings);
    const bool headless = !request.output.isEmpty();
    const QString autosavePath =
        headless ? QString() : QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave.holescope");
    MainWindow window(recent, /*interactive=*/!headless, autosavePath);
    if (!headless)
        return runInteractive(window, request, autosavePath);
    if (const auto error = runScreenshot(window, request))
        return fail(*error);
    std::fprintf(stderr, "holescope: wrote %s\n", qUtf8Printable(QFileInfo(request.output).absoluteFilePath()));
    return 0;
}
