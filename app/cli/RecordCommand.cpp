// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliSupport.h"
#include "Interrupt.h"

#include "record/ReplayRecorder.h"
#include "report/RunJson.h"
#include "text/Numbers.h"


namespace holescope::cli {

int runRecord(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("trace", "A DTR trace (JSON lines).");
    addReplayOptions(parser);
    addRecordOptions(parser, kDefaultMaxRecordBytes >> 20);
    parser.addOption({"out", "Where to write the record: FILE.json (everything) or FILE.csv (one line per operator).", "file"});
    if (!parseCommand(parser, args, "Replay a trace and record every allocation, eviction and rebuild, and the state after each operator."))
        return kExitOk;
    const QString out = parser.value("out");
    const bool csv = out.endsWith(".csv", Qt::CaseInsensitive);
    if (out.isEmpty())
        throw UsageError{QStringLiteral("--out FILE.json or --out FILE.csv is required")};
    if (!(csv || out.endsWith(".json", Qt::CaseInsensitive)))
        throw UsageError{QStringLiteral("--out: %1: the record's format comes from the extension: name it .json (the whole record) or "
                                        ".csv (one line per operator)").arg(out)};
    checkOutputFiles(parser, {"out"});
    const LoadedTrace t = loadTrace(traceArgument(parser, "record"));
    ReplayOptions o = replayOptionsFrom(parser, t);
    recordOptionsFrom(parser, kDefaultMaxRecordBytes >> 20, o);
    const InterruptAsCancel interrupt;   // Ctrl-C ends the run as unresolved, and what was recorded is written
    o.cancel = interrupt.flag();
    const RunRecord record = recordReplay(t, o);
    if (csv) {
        writeFileWhole(out, samplesToCsv(t.program, record));
    } else {
        writeFileWhole(out, [&](const TextSink& sink) {
            writeRunJson(sink, t.name, t, o, record);
            sink("\n");
        });
    }
    const std::string why = record.result.reason.empty() ? "" : " (" + record.result.reason + ")";
    printLine(std::string(outcomeName(record.result.outcome)) + " " + failurePlace(record.result.opsDone, record.result.outsideOperator) + why + "; "
              + plural(static_cast<int64_t>(record.events.size()), "event", "events") + ", "
              + plural(static_cast<int64_t>(record.samples.size()), "sample", "samples") + " written to " + out.toStdString());
    return kExitOk;
}

} // namespace holescope::cli
