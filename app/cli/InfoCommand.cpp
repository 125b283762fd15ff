// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliSupport.h"

#include "report/ReplayJson.h"

namespace holescope::cli {

int runInfo(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("trace", "A DTR trace (JSON lines).");
    parser.addOption({"json", "Print JSON."});
    if (!parseCommand(parser, args, "Baseline figures (simrd's RuntimeV1 at an infinite budget) and trace statistics."))
        return kExitOk;
    const LoadedTrace t = loadTrace(traceArgument(parser, "info"));
    const Program& p = t.program;
    int64_t constants = 0, backward = 0;
    for (const OpDef& op : p.ops) {
        constants += op.constant ? 1 : 0;
        backward += op.backward ? 1 : 0;
    }
    if (parser.isSet("json")) {
        nlohmann::ordered_json j;
        j["trace"] = t.name;
        j["baseline"] = baselineToJson(t.baseline);
        j["floor"] = t.baseline.floor;
        j["lines"] = p.lines;
        j["operators"] = p.ops.size();
        j["constants"] = constants;
        j["backward_operators"] = backward;
        j["tensors"] = p.tensors.size();
        j["storages"] = p.storages.size();
        printLine(j.dump());
        return kExitOk;
    }
    const Baseline& b = t.baseline;
    printLine("trace              " + t.name);
    printLine("lines              " + groupDigits(p.lines));
    printLine("operators          " + groupDigits(b.ops) + " (" + groupDigits(constants) + " constants, "
              + groupDigits(backward) + " in the backward phase)");
    printLine("tensors            " + groupDigits(static_cast<int64_t>(p.tensors.size())));
    printLine("storages           " + groupDigits(static_cast<int64_t>(p.storages.size())));
    printLine("baseline peak      " + groupDigits(b.memory) + " bytes");
    printLine("model compute      " + groupDigits(b.compute) + " ns");
    printLine("constant bytes     " + groupDigits(b.constBytes));
    printLine("bottleneck bytes   " + groupDigits(b.bottleneck));
    printLine("floor bytes        " + groupDigits(b.floor) + " (no budget below it completes)");
    return kExitOk;
}

} // namespace holescope::cli
