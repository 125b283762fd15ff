// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace holescope {

class MainWindow;

// What `holescope --screenshot FILE [--sweep R1:R2:STEP] TRACE` does.
struct ScreenshotRequest {
    QString output;      // .png
    QString trace;
    QString session;     // instead of a trace
    std::optional<double> from, to, step;   // the sweep, if any
    QString pairA, pairB;                   // budgets to compare (ratios, or bytes as digits)
    std::optional<double> overheadLimit;
    std::optional<double> maxSeconds;    // each replay of the sweep
    std::optional<std::string> policy;   // a name parsePolicy accepts
    std::vector<int32_t> protect;
};

// Parses "A:B", each a ratio of the peak or bytes (digits only).
std::optional<QString> parsePair(const QString& text, ScreenshotRequest& request);

// Parses "R1:R2:STEP"; an error message (naming the value) when it is not three positive
// numbers with R1 <= R2.
std::optional<QString> parseSweepRange(const QString& text, ScreenshotRequest& request);

// Loads, sweeps, renders the window and writes the image. Returns an error message, or
// nothing when the image was written.
std::optional<QString> runScreenshot(MainWindow& window, const ScreenshotRequest& request);

} // namespace holescope
