// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/CensusFigure.h"

#include "plot/LegendWrap.h"
#include "report/CensusReport.h"

#include <qcustomplot.h>

#include <algorithm>
#include <map>
#include <set>

namespace holescope {
namespace {

// Legend names: the model ("inceptionv4" of "inceptionv4-64-10000000000.0-...-default.log"),
// unless two traces share it; then the file's name, or, shared too, the path as given.
std::vector<std::string> legendNames(const std::vector<std::string>& traces)
{
    auto fileOf = [](const std::string& path) {
        std::string f = path.substr(path.find_last_of('/') + 1);
        if (f.size() > 4 && f.compare(f.size() - 4, 4, ".log") == 0)
            f.resize(f.size() - 4);
        return f;
    };
    auto modelOf = [&](const std::string& path) {
        const std::string f = fileOf(path);
        return f.substr(0, f.find('-'));
    };
    std::map<std::string, int> models, files;
    for (const std::string& t : traces) {
        ++models[modelOf(t)];
        ++files[fileOf(t)];
    }
    std::vector<std::string> names;
    for (const std::string& t : traces)
        names.push_back(models[modelOf(t)] == 1 ? modelOf(t) : files[fileOf(t)] == 1 ? fileOf(t) : t);
    return names;
}

// Marks the bars at these keys with a symbol just above the axis, named in the legend.
void addBarMarks(QCustomPlot* plot, const std::vector<double>& keys, double y, const QString& name,
                 QCPScatterStyle::ScatterShape shape)
{
    if (keys.empty())
        return;
    auto* marks = plot->addGraph();
    marks->setName(name);
    marks->setLineStyle(QCPGraph::lsNone);
    marks->setScatterStyle(QCPScatterStyle(shape, QPen(Qt::black, 1.5), Qt::NoBrush, 9));
    marks->setData(QVector<double>(keys.begin(), keys.end()), QVector<double>(static_cast<qsizetype>(keys.size()), y));
}

} // namespace

void drawCensus(QCustomPlot* plot, const CensusSpec& spec, const std::vector<CensusRow>& rows)
{
    plot->clearPlottables();
    std::vector<std::string> policies, traces;
    for (const CensusRow& r : rows) {
        if (std::find(policies.begin(), policies.end(), r.policy) == policies.end())
            policies.push_back(r.policy);
        if (std::find(traces.begin(), traces.end(), r.trace) == traces.end())
            traces.push_back(r.trace);
    }
    const std::vector<std::string> names = legendNames(traces);
    auto* group = new QCPBarsGroup(plot);
    // Spacing in plot coordinates, none: bar t of n then stands at x + (t - (n - 1) / 2) * width,
    // where a cross can mark it.
    group->setSpacingType(QCPBarsGroup::stPlotCoords);
    group->setSpacing(0);
    const double width = 0.8 / static_cast<double>(std::max<size_t>(traces.size(), 1));
    double most = 1;
    // The keys of bars whose row has no completing budget: every grid budget failed, or some
    // were left unresolved (a formula's score that is not a number), which says nothing of them.
    std::vector<double> noneCompletes, noneCompletesSomeUnresolved;
    std::set<std::string> floored;   // policies with a floored row
    for (size_t t = 0; t < traces.size(); ++t) {
        auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setBarsGroup(group);
        bars->setWidth(width);
        const QColor colour = QColor::fromHsv(static_cast<int>(360 * t / std::max<size_t>(traces.size(), 1)), 150, 200);
        bars->setBrush(colour);
        bars->setPen(colour.darker(130));
        const std::string& name = traces[t];
        bars->setName(QString::fromStdString(names[t]));
        for (const CensusRow& r : rows)
            if (r.trace == name) {
                const auto x = static_cast<double>(std::find(policies.begin(), policies.end(), r.policy) - policies.begin());
                bars->addData(x, static_cast<double>(r.holes));
                most = std::max(most, static_cast<double>(r.holes));
                if (!r.smallestComplete)
                    (r.unresolved > 0 ? noneCompletesSomeUnresolved : noneCompletes)
                        .push_back(x + (static_cast<double>(t) - static_cast<double>(traces.size() - 1) / 2) * width);
                if (r.monotoneFloor)
                    floored.insert(r.policy);
            }
    }
    addBarMarks(plot, noneCompletes, most * 0.04, QStringLiteral("no grid budget completes"), QCPScatterStyle::ssCross);
    addBarMarks(plot, noneCompletesSomeUnresolved, most * 0.04, QStringLiteral("none completes, some unresolved"),
                QCPScatterStyle::ssCrossCircle);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (size_t p = 0; p < policies.size(); ++p) {
        ticker->addTick(static_cast<double>(p), QString::fromStdString(floored.count(policies[p]) ? policies[p] + "*" : policies[p]));
    }
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setTickLabelRotation(-50);   // the label ends at its tick
    plot->xAxis->setRange(-0.6, static_cast<double>(policies.size()) - 0.4);
    plot->yAxis->setRange(0, most * 1.15);
    plot->yAxis->setLabel(QStringLiteral("hole regions"));
    std::string subtitle = censusGridText(spec);
    if (!floored.empty())
        subtitle += "; * searched down to DTR's smallest completing grid budget only";
    // The legend in a row above the plot, where it hides no bar.
    plot->legend->setVisible(true);
    plot->legend->setFont(plot->xAxis->tickLabelFont());
    if (plot->plotLayout()->rowCount() < 2) {
        plot->plotLayout()->insertRow(0);
        plot->plotLayout()->addElement(0, 0, plot->legend);
        plot->plotLayout()->insertRow(0);
        plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, QString(), plot->xAxis->tickLabelFont()));
        plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        plot->legend->setWrap(4);
        plot->legend->setBorderPen(Qt::NoPen);
        plot->plotLayout()->setRowStretchFactor(0, 0.001);
        plot->plotLayout()->setRowStretchFactor(1, 0.001);
        QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] { wrapLegendToWidth(plot, plot->legend); });
    }
    if (auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0)))
        title->setText(QString::fromStdString(subtitle));
    plot->replot();
}

} // namespace holescope
