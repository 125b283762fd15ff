// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/Policy.h"

#include "policy/ScoreFormula.h"

#include <array>
#include <charconv>

namespace holescope {
namespace {

constexpr std::array<PolicyInfo, 14> kCatalogue{{
    {"dtr", "simrd's DTR: (compute + e*) / (size * staleness); the default", "dtr"},
    {"dtr-eqclass", "simrd's DTREqClass: e* approximated by union-find equivalence classes", "dtr-eqclass"},
    {"dtr-local", "simrd's DTRLocal: compute / (size * staleness), no neighbourhood", "dtr-local"},
    {"msps", "simrd's MSPS: (compute + reverse e*) / size", "msps"},
    {"lru", "simrd's LRU: the least recently used storage", "lru"},
    {"size", "simrd's LargestStorage: 1 / size", "size"},
    {"random[:SEED]", "simrd's RandomStorage, Python's generator seeded with random.seed(SEED) (default 0)", "random:1"},
    {"formula:EXPR", "a score over named features (listed below); lower is evicted first", nullptr},
    {"twophase", "h_DTR among candidates with no evicted neighbour first; among all only if none is left", "twophase"},
    {"size2", "(compute + e*) / (size^2 * staleness): larger storages go sooner", "size2"},
    {"stale2", "(compute + e*) / (size * staleness^2): staler storages go sooner", "stale2"},
    {"foresight", "(compute + e*) / (size * operators until the next use): knows the future", "foresight"},
    {"monotone[:FLOOR]", "DTR's execution at the largest budget in [FLOOR, B] where DTR completes: no holes by construction", "monotone"},
    {"ablation:COST[-size][-stale]", "simrd's ablations: COST is estar, eqclass, local or nocost", nullptr},
}};

const char* costName(CostTerm c)
{
    switch (c) {
    case CostTerm::EStar: return "estar";
    case CostTerm::EqClass: return "eqclass";
    case CostTerm::Local: return "local";
    case CostTerm::None: return "nocost";
    }
    return "?";
}

Policy scorePolicy(CostTerm cost, bool size, bool staleness)
{
    Policy p;
    p.kind = PolicyKind::Score;
    p.cost = cost;
    p.size = size;
    p.staleness = staleness;
    return p;
}

Policy ofKind(PolicyKind kind)
{
    Policy p;
    p.kind = kind;
    return p;
}

std::variant<Policy, std::string> ablation(const std::string& spec)
{
    std::string rest = spec;
    auto strip = [&](const std::string& suffix) {
        if (rest.size() > suffix.size() && rest.compare(rest.size() - suffix.size(), suffix.size(), suffix) == 0) {
            rest.resize(rest.size() - suffix.size());
            return true;
        }
        return false;
    };
    const bool stale = strip("-stale");
    const bool size = strip("-size");
    for (CostTerm c : {CostTerm::EStar, CostTerm::EqClass, CostTerm::Local, CostTerm::None}) {
        if (rest != costName(c))
            continue;
        if (c == CostTerm::None && !size && !stale) {
            Policy p = ofKind(PolicyKind::Random);   // simrd's AbRandom
            return p;
        }
        return scorePolicy(c, size, stale);
    }
    return "unknown ablation \"" + spec + "\": expected COST, COST-size, COST-stale or COST-size-stale with COST one of estar, "
           "eqclass, local, nocost";
}

} // namespace

bool Policy::usesRegions() const
{
    switch (kind) {
    case PolicyKind::Score: return cost == CostTerm::EStar;
    case PolicyKind::Msps:
    case PolicyKind::TwoPhase:
    case PolicyKind::SizeSquared:
    case PolicyKind::StaleSquared:
    case PolicyKind::Foresight:
    case PolicyKind::Monotone: return true;
    case PolicyKind::Formula: return compiled && compiled->usesEStar();
    case PolicyKind::Lru:
    case PolicyKind::Random: return false;
    }
    return true;
}

bool Policy::usesEqClasses() const
{
    if (kind == PolicyKind::Score)
        return cost == CostTerm::EqClass;
    return kind == PolicyKind::Formula && compiled && compiled->usesEqClass();
}

std::variant<Policy, std::string> parsePolicy(const std::string& name)
{
    if (name == "dtr")
        return scorePolicy(CostTerm::EStar, true, true);
    if (name == "dtr-eqclass")
        return scorePolicy(CostTerm::EqClass, true, true);
    if (name == "dtr-local")
        return scorePolicy(CostTerm::Local, true, true);
    if (name == "size")
        return scorePolicy(CostTerm::None, true, false);
    if (name == "msps")
        return ofKind(PolicyKind::Msps);
    if (name == "lru")
        return ofKind(PolicyKind::Lru);
    if (name == "twophase")
        return ofKind(PolicyKind::TwoPhase);
    if (name == "size2")
        return ofKind(PolicyKind::SizeSquared);
    if (name == "stale2")
        return ofKind(PolicyKind::StaleSquared);
    if (name == "foresight")
        return ofKind(PolicyKind::Foresight);
    if (name == "monotone")
        return ofKind(PolicyKind::Monotone);
    if (name == "random")
        return ofKind(PolicyKind::Random);
    if (name.rfind("random:", 0) == 0) {
        const std::string digits = name.substr(7);
        Policy p = ofKind(PolicyKind::Random);
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), p.seed);
        if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
            return "random:SEED needs a non-negative integer seed, found \"" + digits + "\"";
        return p;
    }
    if (name.rfind("monotone:", 0) == 0) {
        const std::string digits = name.substr(9);
        Policy p = ofKind(PolicyKind::Monotone);
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), p.floor);
        if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || p.floor < 0)
            return "monotone:FLOOR needs the lowest budget to search, in bytes, found \"" + digits + "\"";
        return p;
    }
    if (name.rfind("ablation:", 0) == 0)
        return ablation(name.substr(9));
    if (name.rfind("formula:", 0) == 0) {
        Policy p = ofKind(PolicyKind::Formula);
        p.formula = name.substr(8);
        auto compiled = ScoreFormula::compile(p.formula);
        if (auto* error = std::get_if<std::string>(&compiled))
            return *error;
        p.compiled = std::get<std::shared_ptr<const ScoreFormula>>(compiled);
        return p;
    }
    std::string expected;
    for (size_t i = 0; i < kCatalogue.size(); ++i)
        expected += (i == 0 ? "" : i + 1 == kCatalogue.size() ? " or " : ", ") + std::string(kCatalogue[i].name);
    return "unknown policy \"" + name + "\": expected " + expected;
}

std::string policyName(const Policy& p)
{
    switch (p.kind) {
    case PolicyKind::Score:
        if (p.size && p.staleness && p.cost == CostTerm::EStar)
            return "dtr";
        if (p.size && p.staleness && p.cost == CostTerm::EqClass)
            return "dtr-eqclass";
        if (p.size && p.staleness && p.cost == CostTerm::Local)
            return "dtr-local";
        if (p.size && !p.staleness && p.cost == CostTerm::None)
            return "size";
        return std::string("ablation:") + costName(p.cost) + (p.size ? "-size" : "") + (p.staleness ? "-stale" : "");
    case PolicyKind::Msps: return "msps";
    case PolicyKind::Lru: return "lru";
    case PolicyKind::Random: return "random:" + std::to_string(p.seed);
    case PolicyKind::Formula: return "formula:" + p.formula;
    case PolicyKind::TwoPhase: return "twophase";
    case PolicyKind::SizeSquared: return "size2";
    case PolicyKind::StaleSquared: return "stale2";
    case PolicyKind::Foresight: return "foresight";
    case PolicyKind::Monotone: return p.floor < 0 ? "monotone" : "monotone:" + std::to_string(p.floor);
    }
    return "?";
}

const PolicyInfo* policyCatalogue(size_t& count)
{
    count = kCatalogue.size();
    return kCatalogue.data();
}

std::string policyExamples()
{
    std::string out;
    for (const PolicyInfo& p : kCatalogue)
        if (p.example != nullptr)
            out += (out.empty() ? "" : ",") + std::string(p.example);
    return out;
}

} // namespace holescope
