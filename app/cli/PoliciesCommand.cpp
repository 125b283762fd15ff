// SPDX-License-Identifier: GPL-3.0-or-later
// policies: the names --policy takes, and what a formula can read.
#include "CliSupport.h"

#include "policy/Policy.h"

#include <cstdio>

namespace holescope::cli {

int runPolicies(const QStringList& args)
{
    QCommandLineParser parser;
    if (!parseCommand(parser, args, "List the eviction policies that --policy takes, and the features a formula can use."))
        return kExitOk;
    if (parser.positionalArguments().size() > 1)
        throw UsageError{QStringLiteral("policies takes no arguments")};
    size_t count = 0;
    const PolicyInfo* catalogue = policyCatalogue(count);
    std::string text = "policies (--policy NAME):\n";
    for (size_t i = 0; i < count; ++i) {
        char line[256];
        std::snprintf(line, sizeof line, "  %-30s %s\n", catalogue[i].name, catalogue[i].description);
        text += line;
    }
    text += "\nablations (simrd's): ablation:estar, estar-size, estar-stale, estar-size-stale (= dtr), and the same with\n"
            "eqclass, local or nocost for estar; ablation:nocost is random:0 and ablation:nocost-size is size.\n"
            "\nformula features: compute, estar_compute, eqclass_compute, size, staleness, last_access, clock,\n"
            "evictions, rebuilds, next_use, depth, pool (and the constant inf); muparser's operators and functions.\n"
            "The candidate with the lowest score is evicted; among equal scores the last in pool order; a score of 0\n"
            "ends the scan. Example: --policy 'formula:estar_compute / (size * staleness^2)'\n";
    std::fputs(text.c_str(), stdout);
    return kExitOk;
}

} // namespace holescope::cli
