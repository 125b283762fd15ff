// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/FigureExport.h"

#include "outcome/OutcomeStyle.h"
#include "export/FigureRoom.h"
#include "export/OutputFile.h"
#include "export/SvgClip.h"
#include "report/SweepJson.h"
#include "record/RunRecord.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QFileInfo>
#include <QFontInfo>
#include <QHash>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

namespace holescope {
namespace {

// Sets one font size on every text of the plot while alive, and puts the old fonts back. Above
// the paper font the plot's keys and markers were drawn for, legend keys grow in proportion to
// the font, and point markers by its square root (a dense sweep's markers would merge): at a
// slide's 20 pt, keys of 18 x 10 px beside text 27 px high read as specks.
class FontScope {
public:
    FontScope(QCustomPlot* plot, double points)
        : m_plot(plot)
    {
        scaleKeysAndMarkers(std::max(1.0, points / kPaperPoints));
        for (QCPAxisRect* rect : plot->axisRects())
            for (QCPAxis* axis : rect->axes()) {
                m_axes[axis] = {axis->tickLabelFont(), axis->labelFont()};
                axis->setTickLabelFont(sized(axis->tickLabelFont(), points));
                axis->setLabelFont(sized(axis->labelFont(), points));
            }
        if (plot->legend != nullptr) {   // a plot with its own layout may have none
            m_legend = plot->legend->font();
            plot->legend->setFont(sized(m_legend, points));
            for (int i = 0; i < plot->legend->itemCount(); ++i)
                if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i))) {
                    m_legendItems[item] = item->font();
                    item->setFont(sized(item->font(), points));
                }
        }
        for (int i = 0; i < plot->itemCount(); ++i)
            if (auto* text = qobject_cast<QCPItemText*>(plot->item(i))) {
                m_texts[text] = text->font();
                text->setFont(sized(text->font(), points));
            }
        for (QCPLayoutElement* element : plot->plotLayout()->elements(true))
            if (auto* title = qobject_cast<QCPTextElement*>(element)) {
                m_titles[title] = title->font();
                title->setFont(sized(title->font(), points));
            }
    }
    ~FontScope()
    {
        for (auto& [axis, fonts] : m_axes) {
            axis->setTickLabelFont(fonts.first);
            axis->setLabelFont(fonts.second);
        }
        if (m_plot->legend != nullptr)
            m_plot->legend->setFont(m_legend);
        for (auto& [item, font] : m_legendItems)
            item->setFont(font);
        for (auto& [text, font] : m_texts)
            text->setFont(font);
        for (auto& [title, font] : m_titles)
            title->setFont(font);
        for (auto& [legend, size] : m_iconSizes) {
            legend->setIconSize(size.first);
            legend->setIconTextPadding(size.second);
        }
        for (auto& [graph, style] : m_markers)
            graph->setScatterStyle(style);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    FontScope(const FontScope&) = delete;
    FontScope& operator=(const FontScope&) = delete;

private:
    // The font of a paper's figures (FigureOptions' default), at which the keys' and markers'
    // sizes were chosen.
    static constexpr double kPaperPoints = 8.0;

    static QFont sized(QFont f, double points)
    {
        f.setPointSizeF(points);
        return f;
    }

    void scaleKeysAndMarkers(double factor)
    {
        if (factor <= 1.0)
            return;
        std::vector<QCPLegend*> legends;
        if (m_plot->legend != nullptr)
            legends.push_back(m_plot->legend);
        for (QCPLayoutElement* element : m_plot->plotLayout()->elements(true))
            if (auto* legend = qobject_cast<QCPLegend*>(element); legend != nullptr && legend != m_plot->legend)
                legends.push_back(legend);
        for (QCPLegend* legend : legends) {
            m_iconSizes[legend] = {legend->iconSize(), legend->iconTextPadding()};
            legend->setIconSize(static_cast<int>(std::lround(legend->iconSize().width() * factor)),
                                static_cast<int>(std::lround(legend->iconSize().height() * factor)));
            legend->setIconTextPadding(static_cast<int>(std::lround(legend->iconTextPadding() * factor)));
        }
        const double markerFactor = std::sqrt(factor);
        for (int i = 0; i < m_plot->graphCount(); ++i) {
            QCPGraph* graph = m_plot->graph(i);
            QCPScatterStyle style = graph->scatterStyle();
            if (style.isNone())
                continue;
            m_markers[graph] = style;
            style.setSize(style.size() * markerFactor);
            graph->setScatterStyle(style);
        }
    }

    QCustomPlot* m_plot;
    std::map<QCPAxis*, std::pair<QFont, QFont>> m_axes;
    QFont m_legend;
    std::map<QCPPlottableLegendItem*, QFont> m_legendItems;
    std::map<QCPItemText*, QFont> m_texts;
    std::map<QCPTextElement*, QFont> m_titles;
    std::map<QCPLegend*, std::pair<QSize, int>> m_iconSizes;
    std::map<QCPGraph*, QCPScatterStyle> m_markers;
};

// QSvgGenerator names a font as Qt has it ("Sans Serif", fontconfig's alias), which is no CSS
// family: a browser showed the figure in its default font. Named as the font drawn (the one
// whose metrics laid the figure out), then as given, then CSS's generic.
QByteArray withFontFallbacks(const QByteArray& svg)
{
    static const QRegularExpression family(QStringLiteral(R"re(font-family="([^"]*)")re"));
    const QString text = QString::fromUtf8(svg);
    QHash<QString, QString> named;
    QString out;
    qsizetype last = 0;
    for (auto it = family.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        auto at = named.find(m.captured(1));
        if (at == named.end()) {
            // Quoted as CSS strings, in an XML attribute (QSvgGenerator wrote the name as-is).
            const auto quoted = [](QString name) {
                name.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('\''), QStringLiteral("\\'"));
                return QLatin1Char('\'') + name.toHtmlEscaped() + QLatin1Char('\'');
            };
            const QString given = m.captured(1);
            const QString found = QFontInfo(QFont(given)).family();
            at = named.insert(m.captured(1), (found.isEmpty() || found == given ? quoted(given) : quoted(found) + QStringLiteral(", ") + quoted(given))
                                                 + QStringLiteral(", sans-serif"));
        }
        out += QStringView(text).mid(last, m.capturedStart() - last);
        out += QStringLiteral("font-family=\"%1\"").arg(*at);
        last = m.capturedEnd();
    }
    out += QStringView(text).mid(last);
    return out.toUtf8();
}

void vectorModes(QCPPainter& painter)
{
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    painter.setMode(QCPPainter::pmNonCosmetic);
}

} // namespace

double FigureOptions::width() const
{
    if (widthInches > 0)
        return widthInches;
    return preset == FigurePreset::SingleColumn ? 3.5 : preset == FigurePreset::DoubleColumn ? 7.0 : 10.0;
}

double FigureOptions::height() const
{
    if (heightInches > 0)
        return heightInches;
    return preset == FigurePreset::SingleColumn ? 2.6 : preset == FigurePreset::DoubleColumn ? 3.2 : 5.625;
}

double FigureOptions::font() const
{
    if (fontPoints > 0)
        return fontPoints;
    return preset == FigurePreset::Slide ? 14.0 : 8.0;
}

double pairFigureHeight(FigurePreset preset)
{
    return preset == FigurePreset::SingleColumn ? 3.6 : preset == FigurePreset::DoubleColumn ? 4.5 : 5.625;
}

std::optional<FigurePreset> figurePresetFromName(const QString& name)
{
    if (name == QLatin1String("single"))
        return FigurePreset::SingleColumn;
    if (name == QLatin1String("double"))
        return FigurePreset::DoubleColumn;
    if (name == QLatin1String("slide"))
        return FigurePreset::Slide;
    return std::nullopt;
}

namespace {

// Whether the figure has room at a size, judged on `plot` or, given `fresh`, on a new plot.
std::function<bool(int, int)> roomJudge(QCustomPlot* plot, double font, const FreshPlot& fresh)
{
    if (!fresh)
        return [plot](int width, int height) { return hasRoom(plot, width, height); };
    return [font, fresh](int width, int height) {
        const std::shared_ptr<QCustomPlot> p = fresh();
        const FontScope fonts(p.get(), font);
        return hasRoom(p.get(), width, height);
    };
}

} // namespace

FigureOptions withRoom(const FreshPlot& fresh, FigureOptions o)
{
    if (!fresh)
        return o;
    if (const std::optional<QSize> least = roomySize(roomJudge(nullptr, o.font(), fresh), layoutPixels(o.width()), layoutPixels(o.height()))) {
        o.widthInches = std::max(o.width(), tenthsUp(least->width()));
        o.heightInches = std::max(o.height(), tenthsUp(least->height()));
    }
    return o;
}

bool exportPlot(QCustomPlot* plot, const QString& path, const FigureOptions& o, QString& error, const FreshPlot& fresh)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const int width = layoutPixels(o.width());
    const int height = layoutPixels(o.height());
    if (width < 50 || height < 50 || width > 100000 || height > 100000) {
        error = QStringLiteral("%1: a figure of %2 x %3 inches is not sensible").arg(path).arg(o.width()).arg(o.height());
        return false;
    }
    if (o.dpi < 30 || o.dpi > 2400) {
        error = QStringLiteral("%1: %2 dpi is not sensible (30 to 2400)").arg(path).arg(o.dpi);
        return false;
    }
    const FontScope fonts(plot, o.font());
    // Also the layout an SVG's items that it cannot clip are cut in: the last one, at this size.
    if (!hasRoom(plot, width, height)) {
        const std::optional<QSize> least = roomySize(roomJudge(plot, o.font(), fresh), width, height);
        error = QStringLiteral("%1: a figure of %2 x %3 inches is too small for its legend, axes and labels at %4 pt")
                    .arg(path)
                    .arg(o.width())
                    .arg(o.height())
                    .arg(o.font());
        if (least)
            error += QStringLiteral(": %1 x %2 inches has room (the least size found; a smaller font needs less)")
                         .arg(least->width() == width ? o.width() : tenthsUp(least->width()))
                         .arg(least->height() == height ? o.height() : tenthsUp(least->height()));
        else
            error += QStringLiteral(", and no size found up to 256 times that has room: make the font smaller");
        return false;
    }
    // Written beside the target and renamed over it: a figure is whole or absent.
    OutputFile file(path);
    if (!file.open()) {
        error = QStringLiteral("%1: cannot write (%2)").arg(path, file.errorString());
        return false;
    }
    bool ok = true;
    if (suffix == QLatin1String("pdf")) {
        QPdfWriter writer(file.device());
        writer.setCreator(QStringLiteral("holescope"));
        writer.setResolution(static_cast<int>(kLayoutDpi));
        writer.setPageSize(QPageSize(QSizeF(o.width(), o.height()), QPageSize::Inch, QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        QCPPainter painter;
        errno = 0;   // a failure's reason is the writes', not one left by the layout
        ok = painter.begin(&writer);
        if (ok) {
            vectorModes(painter);
            plot->toPainter(&painter, width, height);
            painter.end();
        }
    } else if (suffix == QLatin1String("svg")) {
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(QSize(width, height));
        svg.setViewBox(QRect(0, 0, width, height));
        svg.setResolution(static_cast<int>(kLayoutDpi));
        svg.setTitle(QStringLiteral("holescope figure"));
        const SvgClipScope cut(plot);
        QCPPainter painter;
        ok = painter.begin(&svg);
        if (ok) {
            vectorModes(painter);
            plot->toPainter(&painter, width, height);
            painter.end();
        }
        const QByteArray text = withFontFallbacks(buffer.data());
        ok = ok && file.write(text);
    } else if (suffix == QLatin1String("png")) {
        // Exactly the inches times the DPI, the layout scaled to fit.
        QImage png(static_cast<int>(std::lround(o.width() * o.dpi)), static_cast<int>(std::lround(o.height() * o.dpi)),
                   QImage::Format_RGB32);
        png.fill(Qt::white);
        QCPPainter painter;
        ok = painter.begin(&png);   // at the image's default 96 dpi, like the layout
        if (ok) {
            painter.setRenderHint(QPainter::Antialiasing);
            painter.scale(png.width() / static_cast<double>(width), png.height() / static_cast<double>(height));
            plot->toPainter(&painter, width, height);
            painter.end();
            png.setDotsPerMeterX(static_cast<int>(std::lround(o.dpi / 0.0254)));
            png.setDotsPerMeterY(static_cast<int>(std::lround(o.dpi / 0.0254)));
            errno = 0;   // a failure's reason is the encoder's writes', not one left by the drawing
            ok = png.save(file.device(), "PNG");
        }
    } else {
        file.cancel();
        error = QStringLiteral("%1: unknown figure format \"%2\" (use .pdf, .svg or .png)").arg(path, suffix);
        return false;
    }
    if (!ok)
        file.failed();
    if (!ok || !file.commit()) {
        error = QStringLiteral("%1: cannot write the figure (%2)").arg(path, file.errorString());
        return false;
    }
    return true;
}

std::string outcomeCsv(const std::vector<SweepPoint>& points, const Baseline& baseline)
{
    // The certified bounds and the failure's place read as in the sweep's CSV (sweepToCsv).
    std::string out = "budget,ratio,outcome,overhead,ops_done,evictions,max_cascade_depth,certified_lo,certified_hi,outside_operator\n";
    char row[320];
    for (const SweepPoint& p : points) {
        std::snprintf(row, sizeof row, "%lld,%.9f,%s,%.6f,%lld,%lld,%d,", static_cast<long long>(p.budget),
                      ratioOfPeak(p.budget, baseline.memory), outcomeName(p.outcome), overheadOf(p, baseline),
                      static_cast<long long>(p.opsDone), static_cast<long long>(p.evictions), p.maxDepth);
        out += row + certifiedCsvCells(p) + "," + outsideOperatorCsvCell(p) + "\n";
    }
    return out;
}

std::string pairCsv(const PairData& pair)
{
    std::string out = "run,budget,op,memory,pinned,evictable,max_depth,remat_compute,evictions\n";
    char row[320];
    for (int run = 0; run < 2; ++run) {
        const RunRecord& r = pair.run(run);
        // A failed run ends with its state when it stopped, a last row for the operator it failed in.
        for (const OpSample& s : samplesToTheEnd(r)) {
            std::snprintf(row, sizeof row, "%s,%lld,%d,%lld,%lld,%lld,%d,%lld,%lld\n", run == 0 ? "A" : "B",
                          static_cast<long long>(r.result.budget), s.op + 1, static_cast<long long>(s.memory),
                          static_cast<long long>(s.pinned), static_cast<long long>(s.evictable), s.maxDepth,
                          static_cast<long long>(s.rematCompute), static_cast<long long>(s.evictions));
            out += row;
        }
    }
    return out;
}

bool writeTextFile(const QString& path, const std::string& text, QString& error)
{
    OutputFile f(path);
    if (!f.open() || !f.write(text.data(), static_cast<qint64>(text.size())) || !f.commit()) {
        error = QStringLiteral("%1: cannot write (%2)").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace holescope
