// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep/SweepGrid.h"

#include "sim/Baseline.h"

#include <algorithm>

namespace holescope {

namespace {

double toRatioOf(int64_t peak, const GridRange& range)
{
    return range.toRatio ? *range.toRatio : static_cast<double>(range.to) / std::max(static_cast<double>(peak), 1.0) + range.step;
}

int64_t stepBytesOf(int64_t peak, const GridRange& range)
{
    return std::max<int64_t>(1, static_cast<int64_t>(range.step * static_cast<double>(peak)));
}

} // namespace

double gridSizeOf(int64_t peak, const GridRange& range)
{
    if (range.fromRatio)
        return (toRatioOf(peak, range) - *range.fromRatio) / range.step + 1;
    return static_cast<double>(range.to - range.from) / std::max(range.step * static_cast<double>(peak), 1.0) + 1;
}

std::vector<int64_t> gridBudgetsOf(int64_t peak, const GridRange& range)
{
    std::vector<int64_t> grid;
    if (range.fromRatio) {
        Baseline baseline;
        baseline.memory = peak;
        grid = ratioGrid(baseline, *range.fromRatio, toRatioOf(peak, range), range.step);
        std::erase_if(grid, [&](int64_t b) { return b > range.to; });
    } else {
        const int64_t step = stepBytesOf(peak, range);
        for (int64_t b = range.from; b <= range.to; b += step)
            grid.push_back(b);
    }
    return grid;
}

GridBlock gridBlockOf(int64_t gridSize, int shard, int shards)
{
    return {.first = gridSize * (shard - 1) / shards, .last = std::min(gridSize, gridSize * shard / shards + 1)};
}

std::optional<int64_t> firstBudgetWithoutPoint(const SweepSpec& spec, const std::vector<SweepPoint>& points)
{
    const auto byBudget = [](const SweepPoint& p, int64_t b) { return p.budget < b; };
    if (!spec.grid.empty()) {
        const GridBlock block = gridBlockOf(static_cast<int64_t>(spec.grid.size()), spec.shard, spec.shards);
        for (int64_t i = block.first; i < block.last; ++i) {
            const int64_t b = spec.grid[static_cast<size_t>(i)];
            const auto it = std::lower_bound(points.begin(), points.end(), b, byBudget);
            if (it == points.end() || it->budget != b)
                return b;
        }
        return std::nullopt;
    }
    const int64_t length = spec.to - spec.from + 1;
    const int64_t from = spec.from + length * (spec.shard - 1) / spec.shards;
    const int64_t to = spec.from + length * spec.shard / spec.shards - 1;
    if (from > to)
        return std::nullopt;
    int64_t reach = from - 1;   // every byte up to here is accounted for
    bool known = true;          // whether the next point must start at reach + 1
    for (const SweepPoint& p : points) {
        if (known && p.budget > reach + 1)
            return reach + 1;
        known = p.outcome != Outcome::Unresolved;
        reach = std::max(reach, known ? std::min(p.certifiedHi, to) : std::min(p.budget, to));
        if (reach >= to && known)
            return std::nullopt;
    }
    if (known && reach < to)
        return reach + 1;
    return std::nullopt;
}

} // namespace holescope
