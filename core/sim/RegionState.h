// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

namespace holescope {

// The replay state that region walks read; owned by the replay engine.
struct RegionState {
    const std::vector<uint8_t>* material;
    const std::vector<uint8_t>* pinned;
    const std::vector<int64_t>* compute;
    const int64_t* createdOps;   // operators created so far: edges born later are not there yet
};

} // namespace holescope
