// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/ProtectList.h"

#include <algorithm>
#include <charconv>

namespace holescope {

namespace {

std::string_view trimmed(std::string_view s)
{
    const auto space = [](char c) { return c == ' ' || c == '\t'; };
    while (!s.empty() && space(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && space(s.back()))
        s.remove_suffix(1);
    return s;
}

} // namespace

std::variant<std::vector<int32_t>, std::string> parseProtectList(std::string_view text)
{
    std::vector<int32_t> ids;
    if (trimmed(text).empty())
        return ids;
    size_t position = 0;
    for (size_t start = 0;; ++position) {
        const size_t comma = text.find(',', start);
        const std::string_view item = trimmed(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (item.empty())
            return "an empty item (item " + std::to_string(position + 1) + " of \"" + std::string(text) +
                   "\"): expected storage ids separated by commas";
        int32_t id = 0;
        const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), id);
        if (error != std::errc{} || end != item.data() + item.size())
            return "expected storage ids separated by commas, found \"" + std::string(item) + "\"";
        if (std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    return ids;
}

} // namespace holescope
