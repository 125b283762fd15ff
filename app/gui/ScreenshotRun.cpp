// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScreenshotRun.h"

#include "MainWindow.h"
#include "outcome/SweepControls.h"
#include "pair/PairView.h"
#include "session/Session.h"

#include <QCoreApplication>
#include <QLocale>
#include <QPixmap>
#include <QStringList>

namespace holescope {

std::optional<QString> parseSweepRange(const QString& text, ScreenshotRequest& request)
{
    const QStringList parts = text.split(QLatin1Char(':'));
    bool ok[3] = {false, false, false};
    double v[3] = {0, 0, 0};
    if (parts.size() == 3)
        for (int i = 0; i < 3; ++i)
            v[i] = parts[i].toDouble(&ok[i]);
    if (!ok[0] || !ok[1] || !ok[2] || !(v[0] > 0) || !(v[1] >= v[0]) || !(v[2] > 0))
        return QStringLiteral("--sweep: expected FROM:TO:STEP, three positive ratios with FROM <= TO, found \"%1\"").arg(text);
    request.from = v[0];
    request.to = v[1];
    request.step = v[2];
    return std::nullopt;
}

std::optional<QString> parsePair(const QString& text, ScreenshotRequest& request)
{
    const QStringList parts = text.split(QLatin1Char(':'));
    if (parts.size() != 2 || parts[0].isEmpty() || parts[1].isEmpty())
        return QStringLiteral("--pair: expected A:B, two budgets (ratios of the peak, or bytes as digits), found \"%1\"").arg(text);
    request.pairA = parts[0];
    request.pairB = parts[1];
    return std::nullopt;
}

namespace {

// Digits only and more than 1: bytes; anything else a ratio of the peak.
std::optional<int64_t> budgetFrom(const QString& text, const Baseline& baseline)
{
    bool ok = false;
    // Digits with a B are bytes, 1B too, as in every option of the CLI that takes either.
    if (text.endsWith('B')) {
        const qlonglong bytes = text.chopped(1).toLongLong(&ok);
        return ok && bytes >= 0 && text.front().isDigit() ? std::optional<int64_t>(bytes) : std::nullopt;
    }
    const qlonglong bytes = text.toLongLong(&ok);
    if (ok && bytes > 1)
        return bytes;
    const double ratio = text.toDouble(&ok);
    if (!ok || !(ratio > 0) || ratio > 1000)
        return std::nullopt;
    return budgetForRatio(baseline, ratio);
}

// The first value asked for that the sweep controls would round or clamp, as an error naming its
// option: the window would otherwise show, and sweep, other figures than the command line's.
std::optional<QString> changedByControls(const SweepControls& controls, const SweepSettings& asked)
{
    const auto change = controls.firstChange(asked);
    if (!change)
        return std::nullopt;
    const auto [option, holds] = [&]() -> std::pair<const char*, QString> {
        switch (change->field) {
        case SweepControls::Field::OverheadLimit:
            return {"--overhead-limit", QStringLiteral("limits to %1 decimals, from 1 to 1000").arg(SweepControls::kLimitDecimals)};
        case SweepControls::Field::MaxSeconds:
            return {"--max-seconds", QStringLiteral("times to %1 decimals, from 0.01 to 86400 s").arg(SweepControls::kSecondsDecimals)};
        default:
            return {"--sweep", QStringLiteral("ratios to %1 decimals, from 0.000001 to 10, and steps up to 1").arg(SweepControls::kRatioDecimals)};
        }
    }();
    const auto shortest = [](double v) { return QString::number(v, 'g', QLocale::FloatingPointShortest); };
    return QStringLiteral("%1: %2 would be shown and used as %3 (the sweep controls hold %4)")
        .arg(QLatin1String(option), shortest(change->given), shortest(change->held), holds);
}

} // namespace

std::optional<QString> runScreenshot(MainWindow& window, const ScreenshotRequest& request)
{
    std::optional<QString> error;
    const auto connection = QObject::connect(&window, &MainWindow::errorOccurred, [&error](const QString& m) {
        if (!error)
            error = m;
    });
    window.show();
    if (!request.session.isEmpty())
        window.openSession(request.session);
    else
        window.openTrace(request.trace);
    window.waitUntilIdle();
    if (!error && !window.session().trace())
        error = QStringLiteral("%1: not loaded").arg(request.session.isEmpty() ? request.trace : request.session);
    if (!error) {
        const auto unknown = unknownStorages(window.session().trace()->trace.program, request.protect);
        if (!unknown.empty())
            error = QStringLiteral("--protect: %1 is not a storage id of this trace").arg(unknown.front());
    }
    if (!error && request.step) {
        SweepSettings s = window.sweepControls().settings();
        s.from = *request.from;
        s.to = *request.to;
        s.step = *request.step;
        s.exact = false;
        s.maxSeconds = request.maxSeconds;
        s.overheadLimit = request.overheadLimit;
        if (request.policy)
            s.policy = *request.policy;
        error = changedByControls(window.sweepControls(), s);
        if (!error) {
            window.sweepControls().setSettings(s);
            window.session().setProtect(request.protect);
            window.startSweep();
            window.waitUntilIdle();
        }
    }
    if (!error && !request.pairA.isEmpty()) {
        const Baseline& b = window.session().trace()->trace.baseline;
        const auto a = budgetFrom(request.pairA, b), bb = budgetFrom(request.pairB, b);
        SweepSettings s = window.session().settings();
        s.overheadLimit = request.overheadLimit;
        if (!a || !bb)
            error = QStringLiteral("--pair: \"%1:%2\" are not two budgets (positive ratios of the peak, or bytes: digits, or digits with a B)")
                        .arg(request.pairA, request.pairB);
        else if (*a == *bb)
            error = QStringLiteral("--pair: \"%1:%2\" are the same budget, %L3 bytes: a pair compares two")
                        .arg(request.pairA, request.pairB)
                        .arg(*a);
        else
            error = changedByControls(window.sweepControls(), s);
        if (!error) {
            if (request.policy)
                s.policy = *request.policy;
            window.session().setSettings(s);
            window.session().setProtect(request.protect);
            window.session().setBudgetA(*a);
            window.session().setBudgetB(*bb);
            window.comparePair();
            window.waitUntilIdle();   // the pair opens at its first divergence
        }
    }
    QObject::disconnect(connection);
    if (error)
        return error;
    // Let the plot's queued replot and the layout settle before grabbing.
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    const QPixmap image = window.grab();
    if (image.isNull() || !image.save(request.output, "PNG"))
        return QStringLiteral("%1: cannot write the image").arg(request.output);
    return std::nullopt;
}

} // namespace holescope
