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
            "\nformula features, of one candidate at the moment of the choice (times in the trace's clock, ns):\n"
            "  compute          its own compute: the summed cost of the operators that make it\n"
            "  estar_compute    compute plus that of its evicted neighbourhood (simrd's e*)\n"
            "  eqclass_compute  compute plus its evicted neighbours' equivalence classes (simrd's DTREqClass)\n"
            "  size             bytes\n"
            "  staleness        clock - last_access; inf if never accessed\n"
            "  last_access      the clock at its last access; -inf if never accessed\n"
            "  clock            the clock now\n"
            "  evictions        times it was evicted so far\n"
            "  rebuilds         times it was rebuilt so far\n"
            "  next_use         operators until a model operator, or the trace's closing reads (counted as the\n"
            "                   operator after the last), reads it again; 0: the one running now; inf: never\n"
            "  depth            rebuild nesting of the computation that needs the memory (0: a model operator)\n"
            "  pool             candidates in the pool\n"
            "and the constant inf; muparser's operators and functions (\"=\" would assign, and is refused: \"==\"\n"
            "compares). The candidate with the lowest score is evicted; among equal scores the last in pool order; a\n"
            "score of 0 ends the scan; a score that is not a number stops the run as unresolved.\n"
            "Example: --policy 'formula:estar_compute / (size * staleness^2)'\n";
    printText(text);
    return kExitOk;
}

} // namespace holescope::cli
