// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>

namespace holescope {

class ScoreFormula;

// What a score is made of, for simrd's heuristics and their ablations: a cost (the storage's
// own compute, plus its evicted neighbourhood e* or its equivalence classes, or nothing),
// divided by the size and the staleness where those are used.
enum class CostTerm : uint8_t { EStar, EqClass, Local, None };

// The eviction policies. Every one but Random scores each candidate in pool order and evicts
// the LAST with the lowest score, stopping at a score of 0, as simrd's Heuristic.choose does.
enum class PolicyKind : uint8_t {
    Score,       // simrd's family: dtr, dtr-eqclass, dtr-local, size and the ablations
    Msps,        // simrd's MSPS: (compute + reverse e*) / size
    Lru,         // simrd's LRU: the last access time
    Random,      // simrd's RandomStorage, with Python's generator seeded as random.seed(seed)
    Formula,     // a user formula over named features (muparser)
    TwoPhase,    // holescope: h_DTR among candidates with no evicted neighbour, then among all
    SizeSquared, // holescope: (compute + e*) / (size^2 * staleness)
    StaleSquared,// holescope: (compute + e*) / (size * staleness^2)
    Foresight,   // holescope: (compute + e*) / (size * operators until the next use)
    Monotone,    // holescope: DTR's execution at the largest budget <= B where DTR completes
};

struct Policy {
    PolicyKind kind = PolicyKind::Score;
    CostTerm cost = CostTerm::EStar;
    bool size = true;
    bool staleness = true;
    uint64_t seed = 0;                        // Random
    int64_t floor = -1;                       // Monotone: the lowest budget searched; -1: Baseline::floor
    std::string formula;                      // Formula: the expression as given
    std::shared_ptr<const ScoreFormula> compiled;   // Formula: checked once; each replay evaluates its own copy

    // The region walks simrd maintains only for heuristics that read e*.
    bool usesRegions() const;
    bool usesEqClasses() const;
};

// The policy a name on the command line (or in a session) stands for:
//   dtr (default), dtr-eqclass, dtr-local, msps, lru, size, random:SEED, formula:EXPR, twophase,
//   size2, stale2, foresight, monotone[:FLOOR], and the ablations ablation:COST[-size][-stale] with COST
//   one of estar, eqclass, local, nocost (ablation:nocost is random:0).
// Returns the error message for a name that is none of these, or a formula that does not parse.
std::variant<Policy, std::string> parsePolicy(const std::string& name);

// The canonical name, which parsePolicy reads back to the same policy.
std::string policyName(const Policy& policy);

// Every policy name with one line of description, for --help and the census.
struct PolicyInfo {
    const char* name;          // as written in help: "random[:SEED]"
    const char* description;
    const char* example;       // a name that runs as it is ("random:1"); null for templates (formula:EXPR)
};
const PolicyInfo* policyCatalogue(size_t& count);

// The catalogue's runnable examples, comma-separated, in its order: the census's default
// policies and the GUI's choices.
std::string policyExamples();

} // namespace holescope
