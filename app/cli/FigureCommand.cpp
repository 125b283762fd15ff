// SPDX-License-Identifier: GPL-3.0-or-later
// figure: the desktop app's plots, written from the command line so a paper's figures can be
// rebuilt by a script.
#include "CliSupport.h"

#include "export/FigureExport.h"
#include "outcome/OutcomePlot.h"
#include "pair/PairData.h"
#include "pair/PairTimeline.h"
#include "sweep/Holes.h"
#include "text/Numbers.h"

#include <QStringList>

#include <cmath>
#include <memory>
#include <utility>

namespace holescope::cli {
namespace {

void addFigureOptions(QCommandLineParser& parser)
{
    parser.addOptions({
        {"out", "The figure: .pdf, .svg or .png.", "file"},
        {"preset", "single (3.5 in), double (7 in) or slide (10 in); default single.", "name"},
        {"width", "Width in inches, instead of the preset's.", "in"},
        {"height", "Height in inches, instead of the preset's.", "in"},
        {"font-size", "Font size in points (default 8, slides 14).", "pt"},
        {"dpi", "PNG resolution (default 300).", "n"},
        {"csv", "Also write the data behind the figure here.", "file"},
    });
}

// out: the figure's path, already checked (.pdf, .svg or .png).
FigureOptions figureOptionsFrom(const QCommandLineParser& parser, const QString& out)
{
    const bool png = out.endsWith(QLatin1String(".png"), Qt::CaseInsensitive);
    FigureOptions o;
    if (parser.isSet("preset")) {
        const auto preset = figurePresetFromName(parser.value("preset"));
        if (!preset)
            throw UsageError{QStringLiteral("--preset: expected single, double or slide, found \"%1\"").arg(parser.value("preset"))};
        o.preset = *preset;
    }
    if (parser.isSet("width"))
        o.widthInches = parseRatio(parser.value("width"), "width");
    if (parser.isSet("height"))
        o.heightInches = parseRatio(parser.value("height"), "height");
    if (parser.isSet("font-size"))
        o.fontPoints = parseRatio(parser.value("font-size"), "font-size");
    if (parser.isSet("dpi") && !png)
        throw UsageError{QStringLiteral("--dpi: sets a PNG's resolution; %1 is a vector figure (the figure's size is --width and --height)").arg(out)};
    if (parser.isSet("dpi")) {
        const int64_t dpi = parseCount(parser.value("dpi"), "dpi");
        if (dpi < 30 || dpi > 2400)
            throw UsageError{QStringLiteral("--dpi: expected 30 to 2400, found %1").arg(dpi)};
        o.dpi = static_cast<int>(dpi);
    }
    // A poster is 48 inches wide; a 1000-inch figure at 1000 dpi took 10 GB before it crashed.
    // Below half an inch nothing fits (exportPlot refuses it too); said before the work, not after.
    for (const auto& [inches, option] : {std::pair{o.widthInches, "width"}, std::pair{o.heightInches, "height"}}) {
        if (inches > 100)
            throw UsageError{QStringLiteral("--%1: at most 100 inches, found %2").arg(QString::fromLatin1(option)).arg(inches)};
        if (inches > 0 && inches < 0.55)
            throw UsageError{QStringLiteral("--%1: at least 0.55 inches, found %2").arg(QString::fromLatin1(option)).arg(inches)};
    }
    const double megapixels = o.width() * o.height() * o.dpi * o.dpi / 1e6;
    if (png && megapixels > 200)
        throw UsageError{QStringLiteral("a %1 x %2 inch figure at %3 dpi would be %4 megapixels; at most 200 (lower --dpi, or write .pdf or .svg)")
                             .arg(o.width())
                             .arg(o.height())
                             .arg(o.dpi)
                             .arg(std::round(megapixels))};
    return o;
}

QString outPath(const QCommandLineParser& parser)
{
    if (!parser.isSet("out"))
        throw UsageError{QStringLiteral("give the figure's file with --out FILE.pdf|.svg|.png")};
    const QString out = checkedFigurePath(parser.value("out"), "out");
    checkOutputFiles(parser, {"out", "csv"});
    checkOutFormat(parser, "csv", "name it .csv", "csv");
    return out;
}

// `makePlot` makes the figure's plot; each call a new one, as a fresh run would (see FreshPlot).
void write(const FreshPlot& makePlot, const QCommandLineParser& parser, const QString& out, const FigureOptions& options, const std::string& csv)
{
    // The data first: a figure refused (no room at that size) leaves them written.
    QString error;
    if (parser.isSet("csv") && !writeTextFile(parser.value("csv"), csv, error))
        throw UsageError{error};
    if (!exportPlot(makePlot().get(), out, options, error, makePlot))
        throw UsageError{error};
}

int outcomeFigure(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("trace", "A DTR trace (JSON lines).");
    addReplayOptions(parser, BudgetOptions::Refused);
    addFigureOptions(parser);
    parser.addOption({"sweep", "Budgets from R1 to R2 (ratios of the peak) every STEP.", "R1:R2:STEP"});
    if (!parseCommand(parser, args, "Budget against compute overhead, coloured by outcome, with holes and regimes shaded."))
        return kExitOk;
    const LoadedTrace t = loadTrace(traceArgument(parser, "figure outcome"));
    const QString out = outPath(parser);
    const FigureOptions options = figureOptionsFrom(parser, out);
    if (!parser.isSet("sweep"))
        throw UsageError{QStringLiteral("give the budgets with --sweep R1:R2:STEP")};
    const QStringList parts = parser.value("sweep").split(':');
    if (parts.size() != 3)
        throw UsageError{QStringLiteral("--sweep: expected R1:R2:STEP, found \"%1\"").arg(parser.value("sweep"))};
    const double from = parseBudgetRatio(parts[0], "sweep"), to = parseBudgetRatio(parts[1], "sweep"), step = parseRatio(parts[2], "sweep");
    if (to < from)
        throw UsageError{QStringLiteral("--sweep: R2 is below R1 in \"%1\"").arg(parser.value("sweep"))};
    checkGridSize((to - from) / step + 1, "sweep");
    SweepSpec spec;
    spec.replay = replayOptionsFrom(parser, t, "give the budgets with --sweep");
    spec.grid = ratioGrid(t.baseline, from, to, step);
    spec.from = spec.grid.empty() ? 0 : spec.grid.front();
    spec.to = spec.grid.empty() ? 0 : spec.grid.back();
    const SweepResult r = runSweep(t, spec);
    const std::vector<Hole> holes = findHoles(r.points, t.baseline);
    const auto makePlot = [&] {
        auto plot = std::make_shared<OutcomePlot>();
        plot->resize(1000, 700);
        plot->setTrace(QString::fromStdString(t.name), t.baseline);
        plot->setPolicyName(QString::fromStdString(policyName(spec.replay.policy)));
        plot->setRange(from, to);
        plot->setPoints(r.points);
        plot->setHoles(holes);
        return std::shared_ptr<QCustomPlot>(plot, plot->plot());
    };
    write(makePlot, parser, out, options, outcomeCsv(r.points, t.baseline));
    return kExitOk;
}

int pairFigure(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument("trace", "A DTR trace (JSON lines).");
    addReplayOptions(parser, BudgetOptions::Refused);
    addFigureOptions(parser);
    parser.addOptions({{"a", "Budget A: a ratio of the peak, or bytes (digits only, or with a B: 1B; 0 and 1 alone are ratios).", "budget"},
                       {"b", "Budget B: a ratio of the peak, or bytes (digits only, or with a B: 1B; 0 and 1 alone are ratios).", "budget"}});
    if (!parseCommand(parser, args, "The timelines of budgets A and B: memory, evictions, rebuilds and their nesting."))
        return kExitOk;
    const LoadedTrace t = loadTrace(traceArgument(parser, "figure pair"));
    const QString out = outPath(parser);
    FigureOptions options = figureOptionsFrom(parser, out);
    if (options.heightInches <= 0)
        options.heightInches = pairFigureHeight(options.preset);
    if (!parser.isSet("a") || !parser.isSet("b"))
        throw UsageError{QStringLiteral("give both budgets: --a BUDGET and --b BUDGET")};
    const ReplayOptions replay = replayOptionsFrom(parser, t, "give the two budgets with --a and --b");
    const int64_t a = parseBudgetOrRatio(parser.value("a"), t, "a");
    const int64_t b = parseBudgetOrRatio(parser.value("b"), t, "b");
    if (a == b)
        throw UsageError{QStringLiteral("--a and --b are the same budget, %1 bytes: a pair compares two").arg(QString::fromStdString(groupDigits(a)))};
    const auto pair = std::make_shared<const PairData>(buildPair(t, a, b, replay));
    const auto makePlot = [&] {
        auto timeline = std::make_shared<PairTimeline>();
        timeline->resize(1200, 800);
        timeline->setPair(pair);
        return std::shared_ptr<QCustomPlot>(timeline, timeline->plot());
    };
    write(makePlot, parser, out, options, pairCsv(*pair));
    return kExitOk;
}

} // namespace

int runFigure(const QStringList& args)
{
    const QString kind = args.size() > 2 ? args.at(2) : QString();
    QStringList rest = args;
    if (rest.size() > 2) {
        // "holescope-cli figure outcome ..." parses like "holescope-cli figure ..."; the help
        // names the command "figure outcome".
        rest.removeAt(2);
        rest[1] = "figure " + kind;
    }
    if (kind == "outcome")
        return outcomeFigure(rest);
    if (kind == "pair")
        return pairFigure(rest);
    const QString usage = QStringLiteral("usage: holescope-cli figure outcome TRACE --sweep R1:R2:STEP --out FILE [options]\n"
                                         "       holescope-cli figure pair TRACE --a BUDGET --b BUDGET --out FILE [options]\n"
                                         "(FILE ends in .pdf, .svg or .png; holescope-cli figure outcome --help and "
                                         "holescope-cli figure pair --help list the options)");
    if (kind == "--help" || kind == "-h") {
        printLine(usage.toStdString());
        return kExitOk;
    }
    throw UsageError{usage};
}

} // namespace holescope::cli
