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
    const int64_t next = gridSize * shard / shards;
    return {.first = gridSize * (shard - 1) / shards, .last = std::min(gridSize, next + 1), .next = next};
}

CertifiedPart certifiedPartOf(const SweepSpec& spec)
{
    const int64_t length = spec.to - spec.from + 1;
    return {.from = spec.from + length * (spec.shard - 1) / spec.shards, .to = spec.from + length * spec.shard / spec.shards - 1};
}

namespace {

// Refinement bisects two neighbours of different outcomes, at the middle of the budgets neither
// certifies, until none are left or they are at most `refine` bytes apart (see refineBracket).
// Every replay it made is a point of the file, so it can be followed again on the points, from the
// grid's neighbours `a` and `b`: `visit` is given every budget it replayed, and the first it would
// replay that has no point is returned. Around a capped run it cannot be followed (the file keeps
// no interval of a capped run): it is left there.
template <typename Visit>
std::optional<MissingPoint> followBisection(const std::vector<SweepPoint>& points, const SweepPoint& a, const SweepPoint& b, int64_t refine,
                                            Visit&& visit)
{
    const auto at = [&](int64_t budget) -> const SweepPoint* {
        const auto it = std::lower_bound(points.begin(), points.end(), budget, [](const SweepPoint& p, int64_t x) { return p.budget < x; });
        return it != points.end() && it->budget == budget ? &*it : nullptr;
    };
    std::vector<std::pair<const SweepPoint*, const SweepPoint*>> todo{{&a, &b}};
    while (!todo.empty()) {
        const auto [x, y] = todo.back();
        todo.pop_back();
        const int64_t gapLo = std::max(x->budget, std::min(x->certifiedHi, y->budget)) + 1;
        const int64_t gapHi = std::min(y->budget, y->certifiedLo) - 1;
        if (gapLo > gapHi || y->budget - x->budget <= refine)
            continue;
        const int64_t middle = gapLo + (gapHi - gapLo) / 2;
        const SweepPoint* p = at(middle);
        if (p == nullptr)
            return MissingPoint{.kind = MissingPoint::Kind::Bisection, .budget = middle, .below = a.budget, .above = b.budget};
        visit(middle);
        if (p->outcome == Outcome::Unresolved)
            continue;
        if (p->outcome != x->outcome)
            todo.emplace_back(x, p);
        if (p->outcome != y->outcome)
            todo.emplace_back(p, y);
    }
    return std::nullopt;
}

// For every two neighbours of a grid block whose outcomes differ (both resolved): f(a, b).
template <typename F>
void forEachBracket(const SweepSpec& spec, const std::vector<SweepPoint>& points, const GridBlock& block, F&& f)
{
    const auto byBudget = [](const SweepPoint& p, int64_t b) { return p.budget < b; };
    for (int64_t i = block.first; i + 1 < block.last; ++i) {
        const auto a = std::lower_bound(points.begin(), points.end(), spec.grid[static_cast<size_t>(i)], byBudget);
        const auto b = std::lower_bound(points.begin(), points.end(), spec.grid[static_cast<size_t>(i + 1)], byBudget);
        if (a == points.end() || b == points.end() || a->budget != spec.grid[static_cast<size_t>(i)] || b->budget != spec.grid[static_cast<size_t>(i + 1)])
            continue;
        if (a->outcome != b->outcome && a->outcome != Outcome::Unresolved && b->outcome != Outcome::Unresolved)
            f(*a, *b);
    }
}

} // namespace

std::optional<MissingPoint> firstMissingPoint(const SweepSpec& spec, const std::vector<SweepPoint>& points)
{
    const auto byBudget = [](const SweepPoint& p, int64_t b) { return p.budget < b; };
    if (!spec.grid.empty()) {
        const GridBlock block = gridBlockOf(static_cast<int64_t>(spec.grid.size()), spec.shard, spec.shards);
        for (int64_t i = block.first; i < block.last; ++i) {
            const int64_t b = spec.grid[static_cast<size_t>(i)];
            const auto it = std::lower_bound(points.begin(), points.end(), b, byBudget);
            if (it == points.end() || it->budget != b)
                return MissingPoint{.kind = MissingPoint::Kind::GridBudget, .budget = b};
        }
        if (spec.refine <= 0)
            return std::nullopt;
        std::optional<MissingPoint> missing;
        forEachBracket(spec, points, block, [&](const SweepPoint& a, const SweepPoint& b) {
            if (!missing)
                missing = followBisection(points, a, b, spec.refine, [](int64_t) {});
        });
        return missing;
    }
    const CertifiedPart part = certifiedPartOf(spec);
    if (part.from > part.to)
        return std::nullopt;
    const auto missing = [](int64_t b) { return MissingPoint{.kind = MissingPoint::Kind::Bytes, .budget = b}; };
    int64_t reach = part.from - 1;   // every byte up to here is accounted for
    bool known = true;               // whether the next point must start at reach + 1
    for (const SweepPoint& p : points) {
        if (known && p.budget > reach + 1)
            return missing(reach + 1);
        known = p.outcome != Outcome::Unresolved;
        reach = std::max(reach, known ? std::min(p.certifiedHi, part.to) : std::min(p.budget, part.to));
        if (reach >= part.to && known)
            return std::nullopt;
    }
    if (known && reach < part.to)
        return missing(reach + 1);
    return std::nullopt;
}

std::optional<int64_t> firstStrayPoint(const SweepSpec& spec, const std::vector<SweepPoint>& points)
{
    if (!spec.grid.empty()) {
        const GridBlock block = gridBlockOf(static_cast<int64_t>(spec.grid.size()), spec.shard, spec.shards);
        const auto begin = spec.grid.begin() + block.first, end = spec.grid.begin() + block.last;
        // The budgets the shard replays: its block's, and those its refinement bisected, as far
        // as the points let it be followed (a stopped shard may have replayed fewer).
        std::vector<int64_t> replayed(begin, end);
        if (spec.refine > 0)
            forEachBracket(spec, points, block, [&](const SweepPoint& a, const SweepPoint& b) {
                (void)followBisection(points, a, b, spec.refine, [&](int64_t middle) { replayed.push_back(middle); });
            });
        std::sort(replayed.begin(), replayed.end());
        for (const SweepPoint& p : points)
            if (!std::binary_search(replayed.begin(), replayed.end(), p.budget))
                return p.budget;
        return std::nullopt;
    }
    // A certified sweep's point stands at its execution's first byte in the whole range, which
    // can lie before the shard's part but not before the range: a resolved one's execution
    // reaches into the part; an unresolved one (its file keeps no interval) can only be placed
    // before the range or after the part's end.
    // A resolved point stands at its execution's first byte in the range, nowhere else.
    const CertifiedPart part = certifiedPartOf(spec);
    for (const SweepPoint& p : points)
        if (p.budget < spec.from || p.budget > part.to
            || (p.outcome != Outcome::Unresolved && (p.certifiedHi < part.from || p.budget != std::max(p.certifiedLo, spec.from))))
            return p.budget;
    return std::nullopt;
}

} // namespace holescope
