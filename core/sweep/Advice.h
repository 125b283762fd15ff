// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Holes.h"
#include "sweep/Sweep.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace holescope {

struct AdviceRequest {
    int64_t budget = 0;
    int64_t window = 0;     // bytes examined on each side of the budget
    int64_t margin = 0;     // a failure closer than this makes a completing budget "near a hole"
    ReplayOptions replay;   // policy and options; the budget is ignored
    int jobs = 0;
    double maxSeconds = 0;  // for the whole examination; 0: no cap
};

enum class AdviceVerdict : uint8_t {
    Safe,        // completes, and no budget within the margin fails
    NearHole,    // completes, but a budget within the margin fails
    InHole,      // fails, with a completing budget below and above it in the window
    Fails,       // fails, and no hole holds it within the window
    Unknown,     // the examination was cut short before the budget itself was known
};

const char* adviceVerdictName(AdviceVerdict v);   // safe near_hole in_hole fails unknown

struct Advice {
    AdviceVerdict verdict = AdviceVerdict::Unknown;
    SweepPoint at{};                       // the execution at the budget
    int64_t windowLo = 0, windowHi = 0;    // the bytes examined, every one of them certified
    int64_t certifiedBytes = 0;
    std::optional<Hole> hole;              // the hole the budget is in
    std::optional<int64_t> nearestFailure; // the failing budget nearest to it in the window
    // The nearest budget >= the budget that completes and has no failing budget within the
    // margin on either side (inside the window), with its execution; none in the window.
    std::optional<SweepPoint> safe;
    // A failing budget: the largest completing budget below it in the window.
    std::optional<SweepPoint> below;
    std::vector<SweepPoint> points;        // the certified sweep of the window
    bool stopped = false;
};

// Examines every byte of [budget - window, budget + window] (a certified sweep) and says where
// the budget sits: safe, near a hole, in a hole, or below every completing budget; and which
// budget to use instead.
Advice adviseBudget(const PreparedTrace& trace, const AdviceRequest& request, const std::atomic<bool>* cancel = nullptr);

} // namespace holescope
