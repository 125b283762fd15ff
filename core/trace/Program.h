// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace holescope {

// One operator call of the schedule, constants included. Operator index == simrd's op_count
// when it starts; its outputs take the tensor ids firstOutput .. firstOutput + outputs - 1.
struct OpDef {
    std::string name;                 // the trace's NAME ("constant" for CONSTANT)
    int64_t cost = 0;                 // TIME in nanoseconds
    std::vector<int64_t> sizes;       // per output; 0 for aliased outputs
    std::vector<int32_t> alias;       // per output: index into args, or -1
    std::vector<int32_t> args;        // tensor ids, duplicates kept
    int32_t firstOutput = 0;
    int64_t totalSize = 0;            // sum of sizes: what the budget check asks for
    bool constant = false;            // simrd's name test: first '/'-segment is "constant"
    bool backward = false;
    int32_t line = 0;                 // line of the CALL / CONSTANT / MUTATE in the file
    int32_t outputs() const { return static_cast<int32_t>(sizes.size()); }
};

enum class StepKind : uint8_t { Compute, Get, Pin, Release };

struct Step {
    StepKind kind;
    int32_t index;   // operator index for Compute, tensor id otherwise
};

struct TensorDef {
    int32_t op = 0;        // producing operator
    int32_t index = 0;     // output index within the operator
    int32_t storage = 0;   // storage index (see StorageDef)
};

// A storage is named by the id of its root tensor, as in simrd.
struct StorageDef {
    int32_t root = 0;                 // root tensor id == the storage id users see
    int64_t size = 0;
    std::vector<int32_t> tensors;     // tensor ids on this storage in creation order, root first
};

// A parsed trace: what simrd's parse_file + Graph.get_closure would execute.
struct Program {
    std::string path;
    std::vector<OpDef> ops;
    std::vector<TensorDef> tensors;
    std::vector<StorageDef> storages;
    std::vector<int32_t> storageOfRoot;          // root tensor id -> storage index, -1 if not a root
    std::vector<std::vector<int32_t>> children;  // per tensor: child tensor ids in creation order,
                                                 // one entry per argument occurrence
    std::vector<Step> schedule;
    int32_t backwardOp = -1;                     // first operator in the backward phase, -1 if none
    int64_t lines = 0;                           // lines in the file

    int32_t storageOf(int32_t tensor) const { return tensors[static_cast<size_t>(tensor)].storage; }
    const OpDef& opOf(int32_t tensor) const { return ops[static_cast<size_t>(tensors[static_cast<size_t>(tensor)].op)]; }
    int64_t tensorSize(int32_t tensor) const {
        const TensorDef& t = tensors[static_cast<size_t>(tensor)];
        return ops[static_cast<size_t>(t.op)].sizes[static_cast<size_t>(t.index)];
    }
};

} // namespace holescope
