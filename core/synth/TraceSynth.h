// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace holescope {

// A made-up training step in the DTR prototype log format: a forward phase, ANNOTATE BACKWARD,
// and a backward phase that releases activations as it consumes them.
struct SynthSpec {
    enum class Shape { Chain, UNet, Dag };
    Shape shape = Shape::Dag;
    int layers = 24;
    uint64_t seed = 1;
    double skipChance = 0.35;   // Dag: chance that a layer also reads a random earlier activation
};

std::optional<SynthSpec::Shape> synthShapeFromName(const std::string& name);   // chain, unet, dag

// The same spec gives the same bytes on every machine.
std::string synthesizeTrace(const SynthSpec& spec);

} // namespace holescope
