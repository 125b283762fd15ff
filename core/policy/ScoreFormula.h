// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <string>
#include <variant>

namespace holescope {

// What a user formula can read about one eviction candidate at the moment of the choice.
// Times are in the trace's clock (ns); "never" is +inf (staleness, next_use).
struct ScoreFeatures {
    double compute = 0;        // the storage's own compute (summed cost of its operators)
    double estarCompute = 0;   // compute plus its evicted neighbourhood (simrd's e*)
    double eqclassCompute = 0; // compute plus its neighbours' equivalence classes
    double size = 0;           // bytes
    double staleness = 0;      // clock - last access
    double lastAccess = 0;
    double clock = 0;
    double evictions = 0;      // times this storage was evicted so far
    double rebuilds = 0;       // times it was rebuilt so far
    double nextUse = 0;        // operators until a model operator reads it again
    double depth = 0;          // rebuild nesting of the computation that needs the memory
    double pool = 0;           // candidates in the pool
};

// A score formula over ScoreFeatures, named compute, estar_compute, eqclass_compute, size,
// staleness, last_access, clock, evictions, rebuilds, next_use, depth and pool; parsed with
// muparser (its functions and operators: sqrt, log, min, max, ^, ?:, ...). Lower scores are
// evicted first. Checked once; each replay evaluates it with its own Evaluator (muparser
// parsers are not shared between threads).
class ScoreFormula {
public:
    // The formula, or a message that says what is wrong and where.
    static std::variant<std::shared_ptr<const ScoreFormula>, std::string> compile(const std::string& expression);

    const std::string& expression() const { return m_expression; }
    bool usesEStar() const { return m_usesEStar; }
    bool usesEqClass() const { return m_usesEqClass; }
    bool usesNextUse() const { return m_usesNextUse; }

    class Evaluator {
    public:
        explicit Evaluator(const ScoreFormula& formula);
        ~Evaluator();
        Evaluator(const Evaluator&) = delete;
        Evaluator& operator=(const Evaluator&) = delete;
        double operator()(const ScoreFeatures& features);

    private:
        struct Impl;
        std::unique_ptr<Impl> m_impl;
    };

private:
    std::string m_expression;
    bool m_usesEStar = false;
    bool m_usesEqClass = false;
    bool m_usesNextUse = false;
};

} // namespace holescope
