// SPDX-License-Identifier: GPL-3.0-or-later
// holescope-cli: the headless entry point. Each command parses its own options.
#include "CliSupport.h"
#include "export/OffscreenMessages.h"

#include <QApplication>
#include <QCoreApplication>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>
#include <exception>

using namespace holescope::cli;

namespace {

const char* kUsage =
    "usage: holescope-cli COMMAND [options]\n"
    "\n"
    "commands:\n"
    "  info TRACE      baseline figures and trace statistics\n"
    "  replay TRACE    replay a trace under a memory budget (DTR, simrd's rules)\n"
    "  record TRACE    replay and record every event and the state after each operator\n"
    "  sweep TRACE     replay a range of budgets (grid, refined, or every byte)\n"
    "  holes TRACE     find the feasibility holes in a range of budgets\n"
    "  merge FILES     merge the shards of a sweep\n"
    "  explain TRACE   why one budget fails where another completes\n"
    "  figure KIND TRACE  draw the outcome plot or a pair's timeline (PDF, SVG, PNG)\n"
    "  export-trace TRACE  a recorded run or pair as trace-event JSON (Perfetto)\n"
    "  policies        the eviction policies --policy takes\n"
    "  advise TRACE    whether a budget sits in or near a hole, and the nearest safe budget\n"
    "  census          every policy over every trace: holes, failures, overheads\n"
    "  synth           write a made-up trace (chain, U-Net or random DAG)\n"
    "  bench           time replays against simrd's recorded times\n"
    "\n"
    "holescope-cli COMMAND --help (or holescope-cli help COMMAND) shows a command's options.\n";

int runCommand(const QString& command, const QStringList& args)
{
    try {
        if (command == "info")
            return runInfo(args);
        if (command == "replay")
            return runReplay(args);
        if (command == "record")
            return runRecord(args);
        if (command == "sweep")
            return runSweepCommand(args);
        if (command == "holes")
            return runHoles(args);
        if (command == "merge")
            return runMerge(args);
        if (command == "figure")
            return runFigure(args);
        if (command == "explain")
            return runExplain(args);
        if (command == "export-trace")
            return runExportTrace(args);
        if (command == "policies")
            return runPolicies(args);
        if (command == "advise")
            return runAdvise(args);
        if (command == "census")
            return runCensus(args);
        if (command == "synth")
            return runSynth(args);
        if (command == "bench")
            return runBench(args);
        throw UsageError{QStringLiteral("unknown command \"%1\"\n\n%2").arg(command, kUsage)};
    } catch (const UsageError& e) {
        std::fprintf(stderr, "holescope-cli %s: %s\n", qUtf8Printable(command), qUtf8Printable(e.message));
        return kExitBadInput;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "holescope-cli %s: internal error: %s\n", qUtf8Printable(command), e.what());
        return 1;
    }
}

// A standard descriptor the caller closed (`>&-`) would be taken by the next file opened (Qt's
// event descriptor), and output meant for it would go there: each is held by /dev/null opened
// for reading, so that a write to it fails, as it would have, with "Bad file descriptor".
void holdClosedStandardDescriptors()
{
    for (int fd = 0; fd <= 2; ++fd) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        const int held = open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (held >= 0 && held != fd) {
            dup2(held, fd);
            close(held);
        }
    }
}

} // namespace

int main(int argc, char** argv)
{
    holdClosedStandardDescriptors();
    // Figures (figure, and census's) are drawn by the desktop app's widgets, which need a GUI
    // application; offscreen when there is no display.
    bool figure = argc > 1 && std::strcmp(argv[1], "figure") == 0;
    for (int i = 2; argc > 1 && std::strcmp(argv[1], "census") == 0 && i < argc; ++i)
        figure = figure || std::strncmp(argv[i], "--figure", 8) == 0;
    if (figure && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (figure && qEnvironmentVariable("QT_QPA_PLATFORM") == QLatin1String("offscreen"))
        holescope::quietOffscreenNotes();
    std::unique_ptr<QCoreApplication> app = figure ? std::make_unique<QApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName("holescope-cli");
    QCoreApplication::setApplicationVersion(HOLESCOPE_VERSION);
    // A file size limit then fails the write (EFBIG), which is reported, rather than killing the
    // process with no word.
    std::signal(SIGXFSZ, SIG_IGN);
    QStringList args = QCoreApplication::arguments();
    if (args.size() == 3 && args.at(1) == "help")
        args = QStringList{args.at(0), args.at(2), QStringLiteral("--help")};
    const QString command = args.size() < 2 ? QString() : args.at(1);
    int status = kExitOk;
    if (args.size() < 2 || command == "--help" || command == "-h" || command == "help") {
        std::fputs(kUsage, args.size() < 2 ? stderr : stdout);
        status = args.size() < 2 ? kExitBadInput : kExitOk;
    } else if (command == "--version" || command == "-v") {
        std::printf("holescope-cli %s\n", HOLESCOPE_VERSION);
    } else {
        status = runCommand(command, args);
    }
    // Output printed but not written (a full disk, a file size limit) is output lost: a trace cut
    // short by synth would pass for a whole one.
    errno = 0;
    if (status == kExitOk && (std::fflush(stdout) != 0 || std::ferror(stdout))) {
        const bool named = !command.startsWith('-') && command != QLatin1String("help");
        std::fprintf(stderr, "holescope-cli%s%s: %s\n", named ? " " : "", named ? qUtf8Printable(command) : "",
                     qUtf8Printable(stdoutCannotWrite(errno)));
        return kExitBadInput;
    }
    return status;
}
