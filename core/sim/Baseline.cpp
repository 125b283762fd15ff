// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/Baseline.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace holescope {

// At an infinite budget RuntimeV1 never evicts under pressure; a storage leaves memory only
// when it is banished, which happens as its last reference is released (every child of a
// tensor is computed as soon as it is created, so no evicted dependent can hold it back).
Baseline computeBaseline(const Program& program)
{
    Baseline b;
    b.ops = static_cast<int64_t>(program.ops.size());
    std::vector<int64_t> refs(program.storages.size(), 0);
    std::vector<char> resident(program.storages.size(), 0);
    std::vector<char> constant(program.storages.size(), 0);
    std::vector<int32_t> inputs;
    int64_t memory = 0, constants = 0;

    for (const Step& step : program.schedule) {
        switch (step.kind) {
        case StepKind::Compute: {
            const OpDef& op = program.ops[static_cast<size_t>(step.index)];
            for (int32_t k = 0; k < op.outputs(); ++k) {
                const auto s = static_cast<size_t>(program.storageOf(op.firstOutput + k));
                refs[s] += 1;
                resident[s] = 1;
                if (op.constant) {
                    b.constBytes += op.sizes[static_cast<size_t>(k)];
                    constants += op.sizes[static_cast<size_t>(k)];
                    constant[s] = 1;
                }
            }
            memory += op.totalSize;
            b.memory = std::max(b.memory, memory);
            b.compute += op.cost;
            // simrd compares the unique name ("constant/7") with "constant", which never
            // matches: constants and constant inputs all count towards the bottleneck.
            int64_t footprint = op.totalSize;
            for (int32_t arg : op.args)
                footprint += program.tensorSize(arg);
            b.bottleneck = std::max(b.bottleneck, footprint);
            inputs.clear();
            for (int32_t arg : op.args)
                if (!constant[static_cast<size_t>(program.storageOf(arg))])
                    inputs.push_back(program.storageOf(arg));
            std::sort(inputs.begin(), inputs.end());
            inputs.erase(std::unique(inputs.begin(), inputs.end()), inputs.end());
            int64_t needed = constants + (op.constant ? 0 : op.totalSize);
            for (int32_t s : inputs)
                needed += program.storages[static_cast<size_t>(s)].size;
            b.floor = std::max(b.floor, needed);
            break;
        }
        case StepKind::Get:
            refs[static_cast<size_t>(program.storageOf(step.index))] += 1;
            break;
        case StepKind::Release: {
            const auto s = static_cast<size_t>(program.storageOf(step.index));
            if (--refs[s] == 0 && resident[s]) {
                resident[s] = 0;
                memory -= program.storages[s].size;
                if (constant[s])
                    constants -= program.storages[s].size;
            }
            break;
        }
        case StepKind::Pin:
            break;
        }
    }
    return b;
}

int64_t budgetForRatio(const Baseline& baseline, double ratio)
{
    return static_cast<int64_t>(std::trunc(static_cast<double>(baseline.memory) * ratio));
}

} // namespace holescope
