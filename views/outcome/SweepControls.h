// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/SessionDocument.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace holescope {

// The sweep's range, step or exact mode, refinement, overhead limit, time cap per replay and policy; Run and Cancel;
// progress with the time left.
class SweepControls : public QWidget {
    Q_OBJECT
public:
    explicit SweepControls(QWidget* parent = nullptr);

    SweepSettings settings() const;
    void setSettings(const SweepSettings& settings);
    // The settings as the controls would hold them: rounded to the boxes' decimals and clamped
    // to their ranges. A caller with settings from elsewhere (the command line) compares, so as
    // to refuse what the controls would silently change rather than sweep something else.
    SweepSettings heldAs(const SweepSettings& settings) const;
    // The first of the values that heldAs would change, in the order from, to, step, overhead
    // limit, time cap; none when the controls would hold every value as given.
    enum class Field { From, To, Step, OverheadLimit, MaxSeconds };
    struct HeldChange {
        Field field;
        double given;
        double held;
    };
    std::optional<HeldChange> firstChange(const SweepSettings& settings) const;
    // The boxes' precision: ratios (from, to, step), the overhead limit and the time cap.
    static constexpr int kRatioDecimals = 6;
    static constexpr int kLimitDecimals = 4;
    static constexpr int kSecondsDecimals = 2;
    void setRunning(bool running);
    void setProgress(qint64 done, qint64 total, double secondsLeft, double secondsSpent);
    void setTraceLoaded(bool loaded);
    // What is wrong with the policy typed in (a name or formula:EXPR); empty when it parses.
    QString policyError() const;

signals:
    void runRequested();
    void cancelRequested();
    void settingsEdited();

private:
    void describeControls();
    void layOut();
    void connectControls();
    void updateEnabled();

    QDoubleSpinBox* m_from;
    QDoubleSpinBox* m_to;
    QDoubleSpinBox* m_step;
    QCheckBox* m_exact;
    QSpinBox* m_refine;
    QCheckBox* m_limited;
    QDoubleSpinBox* m_limit;
    QCheckBox* m_capped;
    QDoubleSpinBox* m_cap;
    QComboBox* m_policy;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_left;
    bool m_running = false;
    bool m_loaded = false;
};

} // namespace holescope
