// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliSupport.h"

#include "synth/TraceSynth.h"
#include "trace/TraceLimits.h"

#include <cstdio>

namespace holescope::cli {

int runSynth(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addOptions({
        {"shape", "chain, unet or dag (default dag: random skip connections).", "shape", "dag"},
        {"layers", "Layers of the forward phase (default 24).", "n", "24"},
        {"seed", "Seed; the same seed gives the same trace (default 1).", "n", "1"},
        {"out", "Write the trace to this file instead of the terminal.", "file"},
    });
    if (!parseCommand(parser, args, "Write a made-up training step in the DTR log format."))
        return kExitOk;
    checkOutputFiles(parser, {"out"});
    if (parser.positionalArguments().size() > 1)
        throw UsageError{QStringLiteral("synth takes no trace; see holescope-cli synth --help")};
    SynthSpec spec;
    const auto shape = synthShapeFromName(parser.value("shape").toStdString());
    if (!shape)
        throw UsageError{QStringLiteral("--shape: expected chain, unet or dag, found \"%1\"").arg(parser.value("shape"))};
    spec.shape = *shape;
    bool layersOk = false;
    const qlonglong layers = parser.value("layers").trimmed().toLongLong(&layersOk);
    // About 900 bytes a layer: more layers than this make a trace above the reader's 256 MiB.
    if (!layersOk || layers < 1 || layers > 250'000)
        throw UsageError{QStringLiteral("--layers: expected 1 to 250000 (more would make a trace larger than the reader takes), found \"%1\"")
                             .arg(parser.value("layers"))};
    spec.layers = static_cast<int>(layers);
    bool ok = false;
    spec.seed = parser.value("seed").toULongLong(&ok);
    if (!ok)
        throw UsageError{QStringLiteral("--seed: expected an integer from 0 to 18446744073709551615, found \"%1\"").arg(parser.value("seed"))};
    const std::string text = synthesizeTrace(spec);
    // A trace the reader would refuse is of no use: say so rather than write it.
    if (const int64_t limit = TraceLimits{}.maxFileBytes; static_cast<int64_t>(text.size()) > limit)
        throw UsageError{QStringLiteral("--layers: %1 layers make a %2 MiB trace, above the %3 MiB the reader takes; use fewer")
                             .arg(layers)
                             .arg(static_cast<int64_t>(text.size()) >> 20)
                             .arg(limit >> 20)};
    writeOutput(parser, text);
    return kExitOk;
}

} // namespace holescope::cli
