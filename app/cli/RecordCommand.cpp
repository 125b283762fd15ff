// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliSupport.h"

#include "record/ReplayRecorder.h"
#include "report/RunJson.h"


namespace holescope::cli {

int runRecord(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("trace", "A DTR trace (JSON lines).");
    addReplayOptions(parser);
    parser.addOption({"out", "Where to write the record: FILE.json (everything) or FILE.csv (one line per operator).", "file"});
    if (!parseCommand(parser, args, "Replay a trace and record every allocation, eviction and rebuild, and the state after each operator."))
        return kExitOk;
    const QString out = parser.value("out");
    const bool csv = out.endsWith(".csv", Qt::CaseInsensitive);
    if (out.isEmpty() || !(csv || out.endsWith(".json", Qt::CaseInsensitive)))
        throw UsageError{QStringLiteral("--out FILE.json or --out FILE.csv is required")};
    checkOutputFiles(parser, {"out"});
    const LoadedTrace t = loadTrace(traceArgument(parser, "record"));
    const ReplayOptions o = replayOptionsFrom(parser, t);
    const RunRecord record = recordReplay(t, o);
    const std::string text = csv ? samplesToCsv(t.program, record) : runToJson(t.name, t, o, record).dump() + "\n";

    writeFileWhole(out, text);
    printLine(std::string(outcomeName(record.result.outcome)) + " at operator " + std::to_string(record.result.opsDone) + "; "
              + std::to_string(record.events.size()) + " events, " + std::to_string(record.samples.size()) + " samples written to "
              + out.toStdString());
    return kExitOk;
}

} // namespace holescope::cli
