// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/ScoreFormula.h"

#include <muParser.h>

#include <limits>
#include <string_view>

namespace holescope {

namespace {

void bindFeatures(mu::Parser& parser, ScoreFeatures& values, const std::string& expression)
{
    parser.DefineVar("compute", &values.compute);
    parser.DefineVar("estar_compute", &values.estarCompute);
    parser.DefineVar("eqclass_compute", &values.eqclassCompute);
    parser.DefineVar("size", &values.size);
    parser.DefineVar("staleness", &values.staleness);
    parser.DefineVar("last_access", &values.lastAccess);
    parser.DefineVar("clock", &values.clock);
    parser.DefineVar("evictions", &values.evictions);
    parser.DefineVar("rebuilds", &values.rebuilds);
    parser.DefineVar("next_use", &values.nextUse);
    parser.DefineVar("depth", &values.depth);
    parser.DefineVar("pool", &values.pool);
    parser.DefineConst("inf", std::numeric_limits<double>::infinity());
    parser.SetExpr(expression);
}

// Where the expression assigns (muparser's "=", "+=" and the like), or npos. An assignment to a
// feature is silently the assigned value: "compute=3" scored every storage 3, where "==" was meant.
size_t assignmentAt(const std::string& e)
{
    for (size_t i = 0; i < e.size(); ++i) {
        if (e[i] != '=')
            continue;
        const bool comparison = (i + 1 < e.size() && e[i + 1] == '=') || (i > 0 && std::string_view("<>!=").find(e[i - 1]) != std::string_view::npos);
        if (!comparison)
            return i;
    }
    return std::string::npos;
}

} // namespace

struct ScoreFormula::Evaluator::Impl {
    ScoreFeatures values;
    mu::Parser parser;
};

std::variant<std::shared_ptr<const ScoreFormula>, std::string> ScoreFormula::compile(const std::string& expression)
{
    if (const size_t at = assignmentAt(expression); at != std::string::npos)
        return "bad formula \"" + expression + "\": an assignment at position " + std::to_string(at)
               + " (a score is an expression; \"==\" compares)";
    auto formula = std::make_shared<ScoreFormula>();
    formula->m_expression = expression;
    try {
        ScoreFeatures values;
        mu::Parser parser;
        bindFeatures(parser, values, expression);
        parser.Eval();   // parses: a syntax error or an unknown name throws here
        if (parser.GetNumResults() != 1)
            return std::string("a score formula gives one value, this one gives ") + std::to_string(parser.GetNumResults());
        for (const auto& [name, ptr] : parser.GetUsedVar()) {
            formula->m_usesEStar |= name == "estar_compute";
            formula->m_usesEqClass |= name == "eqclass_compute";
            formula->m_usesNextUse |= name == "next_use";
        }
    } catch (const mu::Parser::exception_type& e) {
        // muparser's message names the position already (counted from 0): a second count from 1
        // beside it read as two different places.
        return "bad formula \"" + expression + "\": " + e.GetMsg();
    }
    return std::shared_ptr<const ScoreFormula>(std::move(formula));
}

ScoreFormula::Evaluator::Evaluator(const ScoreFormula& formula)
    : m_impl(std::make_unique<Impl>())
{
    bindFeatures(m_impl->parser, m_impl->values, formula.expression());
}

ScoreFormula::Evaluator::~Evaluator() = default;

double ScoreFormula::Evaluator::operator()(const ScoreFeatures& features)
{
    m_impl->values = features;
    try {
        return m_impl->parser.Eval();
    } catch (const mu::Parser::exception_type&) {
        return std::numeric_limits<double>::quiet_NaN();   // checked at compile(); a NaN is never chosen
    }
}

} // namespace holescope
