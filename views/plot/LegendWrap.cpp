// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot/LegendWrap.h"

#include <qcustomplot.h>

#include <algorithm>
#include <vector>

namespace holescope {

void wrapLegendToWidth(QCustomPlot* plot, QCPLegend* legend)
{
    std::vector<int> widths;   // the legend's cells in fill order
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i))
            widths.push_back(item->minimumOuterSizeHint().width() + legend->columnSpacing());
    const int count = static_cast<int>(widths.size());
    if (count == 0)
        return;
    const int room = plot->viewport().width() - 12;
    // The cells form a grid: a column is as wide as its widest cell.
    int columns = count;
    for (; columns > 1; --columns) {
        std::vector<int> columnWidths(static_cast<size_t>(columns), 0);
        for (int i = 0; i < count; ++i)
            columnWidths[static_cast<size_t>(i % columns)] = std::max(columnWidths[static_cast<size_t>(i % columns)], widths[static_cast<size_t>(i)]);
        int total = 0;
        for (int w : columnWidths)
            total += w;
        if (total <= room)
            break;
    }
    if (columns == legend->wrap())
        return;
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        plot->plotLayout()->update(phase);
}

} // namespace holescope
