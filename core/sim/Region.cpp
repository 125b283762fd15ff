// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/Region.h"

#include <algorithm>
#include <iterator>

namespace holescope {

void absorbRegion(Region& into, int32_t s, const Region& absorbed, const std::vector<int64_t>& computeOf,
                  std::vector<int32_t>& scratch)
{
    auto it = std::lower_bound(into.frontier.begin(), into.frontier.end(), s);
    if (it != into.frontier.end() && *it == s)
        into.frontier.erase(it);
    if (!absorbed.frontier.empty()) {
        scratch.clear();
        std::set_union(into.frontier.begin(), into.frontier.end(), absorbed.frontier.begin(), absorbed.frontier.end(),
                       std::back_inserter(scratch));
        into.frontier.swap(scratch);
    }

    scratch.clear();
    std::set_difference(absorbed.interior.begin(), absorbed.interior.end(), into.interior.begin(), into.interior.end(),
                        std::back_inserter(scratch));
    auto pos = std::lower_bound(scratch.begin(), scratch.end(), s);
    if (pos == scratch.end() || *pos != s)
        scratch.insert(pos, s);
    for (int32_t x : scratch)
        into.compute += computeOf[static_cast<size_t>(x)];

    // Merge the difference in place: both are sorted and disjoint except possibly for s.
    const size_t mid = into.interior.size();
    into.interior.insert(into.interior.end(), scratch.begin(), scratch.end());
    std::inplace_merge(into.interior.begin(), into.interior.begin() + static_cast<std::ptrdiff_t>(mid), into.interior.end());
    into.interior.erase(std::unique(into.interior.begin(), into.interior.end()), into.interior.end());
}

} // namespace holescope
