// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/RandomTraces.h"

#include "trace/TraceReader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <vector>

namespace holescope::test {

std::string randomAliasTrace(uint32_t seed)
{
    std::mt19937 rng(seed);
    const auto below = [&](uint32_t n) { return static_cast<int>(rng() % n); };
    const auto between = [&](int lo, int hi) { return lo + below(static_cast<uint32_t>(hi - lo + 1)); };
    std::string log;
    const auto line = [&](const nlohmann::json& j) { log += j.dump() + "\n"; };
    line({{"INSTRUCTION", "ANNOTATE"}, {"ANNOTATION", "START"}});
    std::vector<std::string> live;
    for (int c = 0; c < 2; ++c) {
        const std::string name = "c" + std::to_string(c);
        line({{"INSTRUCTION", "CONSTANT"}, {"NAME", name}});
        line({{"INSTRUCTION", "MEMORY"}, {"NAME", name}, {"MEMORY", std::to_string(between(10, 100))}});
        live.push_back(name);
    }
    const int ops = 30 + below(50);
    int next = 0;
    for (int i = 0; i < ops && !live.empty(); ++i) {
        if (i == ops / 2)
            line({{"INSTRUCTION", "ANNOTATE"}, {"ANNOTATION", "BACKWARD"}});
        std::vector<std::string> args;
        const int nargs = between(1, std::min(3, static_cast<int>(live.size())));
        for (int a = 0; a < nargs; ++a) {
            const int recent = std::min(3, static_cast<int>(live.size()) - 1);
            args.push_back(below(10) < 6 ? live[live.size() - 1 - static_cast<size_t>(between(0, recent))]
                                         : live[static_cast<size_t>(below(static_cast<uint32_t>(live.size())))]);
        }
        std::vector<std::string> results;
        for (int k = below(5) == 0 ? 2 : 1; k > 0; --k)
            results.push_back("x" + std::to_string(next++));
        line({{"INSTRUCTION", "CALL"}, {"NAME", "f"}, {"ARGS", args}, {"RESULT", results},
              {"TIME", std::to_string(below(10) == 0 ? 0 : between(1, 100))}});
        for (const std::string& r : results) {
            line({{"INSTRUCTION", "MEMORY"}, {"NAME", r}, {"MEMORY", std::to_string(between(20, 500))}});
            line({{"INSTRUCTION", "ALIAS"}, {"NAME", r}, {"ALIAS", std::to_string(below(4) == 0 ? below(static_cast<uint32_t>(args.size())) : -1)}});
            live.push_back(r);
        }
        for (size_t k = 2; k < live.size();) {
            if (below(100) < 12 && live[k] != args.back()) {
                line({{"INSTRUCTION", "RELEASE"}, {"NAME", live[k]}});
                live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
            } else {
                ++k;
            }
        }
    }
    return log;
}

std::string randomAliasTraceName(uint32_t seed)
{
    return "random-alias-" + std::to_string(seed) + ".log";
}

PreparedTrace preparedRandomAliasTrace(uint32_t seed)
{
    TraceLoad load = parseTrace(randomAliasTrace(seed), randomAliasTraceName(seed));
    if (auto* e = std::get_if<TraceError>(&load))
        throw std::runtime_error(e->toString());
    return prepareTrace(std::move(std::get<Program>(load)));
}

void addCaseLimits(ReplayOptions& o, const PreparedTrace& t, uint32_t seed, int i)
{
    if (i % 3 == 0)
        o.maxSteps = 5 + i * 3;
    if (i % 4 == 0)
        o.overheadLimit = 1.0 + 0.25 * i;
    if (i % 5 == 0 && !t.program.storages.empty())
        o.protect = {t.program.storages[seed % t.program.storages.size()].root};
}

} // namespace holescope::test
