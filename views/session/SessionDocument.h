// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sweep/Sweep.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace holescope {

// How the user last asked for a sweep.
struct SweepSettings {
    double from = 0.05;             // ratios of the baseline peak
    double to = 1.0;
    double step = 0.01;             // grid mode
    bool exact = false;             // certify every byte of the range instead of a grid
    int64_t refine = 0;             // grid mode: bisect outcome changes down to this many bytes; 0: none
    std::optional<double> overheadLimit;
    // Each replay of a sweep stops as unresolved after this many seconds; none: no cap. Budgets
    // that thrash for minutes then show as unresolved rather than hold up the sweep.
    std::optional<double> maxSeconds;
    std::string policy = "dtr";     // a policy name (parsePolicy); files of version 0.1 say "DTR"

    bool operator==(const SweepSettings&) const = default;
};

// What a sweep's points were replayed with. The settings and interventions a session holds are
// for the next sweep and the pairs, and may have changed since.
struct SweptWith {
    std::string policy = "dtr";
    std::optional<double> overheadLimit;
    std::optional<double> maxSeconds;
    std::vector<int32_t> protect;

    bool operator==(const SweptWith&) const = default;
};

SweptWith sweptWith(const SweepSettings& settings, const std::vector<int32_t>& protect);

// Everything a session keeps: `.holescope` files, "format": "holescope-session/1".
struct SessionDocument {
    std::string tracePath;          // as given; relative paths are relative to the session file
    std::string traceDigest;        // programDigest() of the trace swept; empty in files written before it
    SweepSettings settings;
    std::vector<SweepPoint> points; // the last sweep's, ascending by budget
    std::optional<SweptWith> swept; // what they were replayed with; none without points (files written
                                    // before it: read as the settings and interventions)
    bool sweepStopped = false;      // that sweep was cancelled before the end
    std::optional<int64_t> budgetA, budgetB;
    std::vector<int32_t> protect;   // interventions: storages never evicted
};

bool operator==(const SweepPoint& a, const SweepPoint& b);
bool operator==(const SessionDocument& a, const SessionDocument& b);

std::string sessionToJson(const SessionDocument& doc);
// Parses a session; on failure says what is wrong, naming the field. `where` names the source
// (a file path) in the messages.
std::optional<SessionDocument> sessionFromJson(const std::string& text, const std::string& where, std::string& error);

// Reads and writes session files. Writing is atomic: the file is whole or untouched.
std::optional<SessionDocument> readSessionFile(const std::string& path, std::string& error);
bool writeSessionFile(const std::string& path, const SessionDocument& doc, std::string& error);

} // namespace holescope
