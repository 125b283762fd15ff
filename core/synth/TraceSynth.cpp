// SPDX-License-Identifier: GPL-3.0-or-later
#include "synth/TraceSynth.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace holescope {
namespace {

// SplitMix64: tiny, and its output is fixed by its definition (unlike the standard library's
// distributions), so a seed names the same trace everywhere.
class Random {
public:
    explicit Random(uint64_t seed)
        : m_state(seed)
    {
    }

    uint64_t next()
    {
        uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    int64_t between(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1)); }
    bool chance(double p) { return static_cast<double>(next() >> 11) * 0x1.0p-53 < p; }

private:
    uint64_t m_state;
};

class LogWriter {
public:
    std::string text;

    std::string constant(int64_t bytes)
    {
        const std::string x = fresh();
        line({{"INSTRUCTION", "CONSTANT"}, {"NAME", x}});
        line({{"INSTRUCTION", "MEMORY"}, {"NAME", x}, {"MEMORY", std::to_string(bytes)}});
        return x;
    }

    std::string call(const std::string& op, const std::vector<std::string>& args, int64_t bytes, int64_t time)
    {
        const std::string r = fresh();
        line({{"INSTRUCTION", "CALL"}, {"NAME", op}, {"ARGS", args}, {"RESULT", {r}}, {"TIME", std::to_string(time)}});
        line({{"INSTRUCTION", "MEMORY"}, {"NAME", r}, {"MEMORY", std::to_string(bytes)}});
        line({{"INSTRUCTION", "ALIAS"}, {"NAME", r}, {"ALIAS", "-1"}});
        return r;
    }

    void release(const std::string& name) { line({{"INSTRUCTION", "RELEASE"}, {"NAME", name}}); }
    void annotate(const char* what) { line({{"INSTRUCTION", "ANNOTATE"}, {"ANNOTATION", what}}); }

private:
    std::string fresh() { return "t" + std::to_string(++m_names); }
    void line(const nlohmann::json& j)
    {
        text += j.dump();
        text += '\n';
    }
    int m_names = 0;
};

} // namespace

std::optional<SynthSpec::Shape> synthShapeFromName(const std::string& name)
{
    if (name == "chain")
        return SynthSpec::Shape::Chain;
    if (name == "unet")
        return SynthSpec::Shape::UNet;
    if (name == "dag")
        return SynthSpec::Shape::Dag;
    return std::nullopt;
}

std::string synthesizeTrace(const SynthSpec& spec)
{
    Random rng(spec.seed);
    LogWriter log;
    log.annotate("START");
    std::vector<std::string> acts{log.constant(64 * rng.between(1, 4))};
    const int n = spec.layers;
    for (int i = 0; i < n; ++i) {
        std::vector<std::string> args{acts.back(), log.constant(16 * rng.between(1, 8))};
        if (spec.shape == SynthSpec::Shape::Dag && i > 2 && rng.chance(spec.skipChance))
            args.push_back(acts[static_cast<size_t>(rng.between(0, static_cast<int64_t>(acts.size()) - 2))]);
        if (spec.shape == SynthSpec::Shape::UNet && i >= (n + 1) / 2)
            args.push_back(acts[static_cast<size_t>(n - i)]);   // the matching layer of the way down
        acts.push_back(log.call("layer", args, 64 * rng.between(1, 8), rng.between(10, 200)));
    }
    const std::string loss = log.call("loss", {acts.back()}, 8, 5);
    log.annotate("BACKWARD");
    std::string grad = log.call("loss_backward", {loss, acts.back()}, 64 * rng.between(1, 8), 10);
    log.release(loss);
    for (size_t i = acts.size() - 1; i >= 1; --i) {
        const std::string g = log.call("layer_backward", {grad, acts[i], acts[i - 1]}, 64 * rng.between(1, 8), rng.between(10, 300));
        const std::string w = log.call("weight_backward", {grad, acts[i - 1]}, 16 * rng.between(1, 8), rng.between(10, 100));
        log.release(w);
        log.release(grad);
        log.release(acts[i]);
        grad = g;
    }
    log.release(grad);
    return log.text;
}

} // namespace holescope
