// SPDX-License-Identifier: GPL-3.0-or-later
#include "outcome/SweepControls.h"

#include "policy/Policy.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace holescope {
namespace {

QDoubleSpinBox* ratioBox(double min, double max, double value, int decimals, QWidget* parent)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(min, max);
    box->setDecimals(decimals);
    box->setSingleStep(std::pow(10.0, -std::min(decimals, 3)));
    box->setValue(value);
    box->setAccelerated(true);
    return box;
}

QString duration(double seconds)
{
    if (seconds < 60)
        return QObject::tr("%1 s").arg(std::ceil(seconds));
    return QObject::tr("%1 min %2 s").arg(std::floor(seconds / 60)).arg(std::fmod(std::ceil(seconds), 60.0));
}

} // namespace

SweepControls::SweepControls(QWidget* parent)
    : QWidget(parent)
    , m_from(ratioBox(0.000001, 10.0, 0.05, kRatioDecimals, this))
    , m_to(ratioBox(0.000001, 10.0, 1.0, kRatioDecimals, this))
    , m_step(ratioBox(0.000001, 1.0, 0.01, kRatioDecimals, this))
    , m_exact(new QCheckBox(tr("every byte"), this))
    , m_refine(new QSpinBox(this))
    , m_limited(new QCheckBox(tr("overhead limit"), this))
    , m_limit(ratioBox(1.0, 1000.0, 2.0, kLimitDecimals, this))
    , m_capped(new QCheckBox(tr("time cap"), this))
    , m_cap(ratioBox(0.01, 86400.0, 10.0, kSecondsDecimals, this))
    , m_policy(new QComboBox(this))
    , m_run(new QPushButton(tr("Sweep"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_progress(new QProgressBar(this))
    , m_left(new QLabel(this))
{
    describeControls();
    layOut();
    connectControls();
    updateEnabled();
}

// Ranges, units, tooltips and the policies offered.
void SweepControls::describeControls()
{
    m_from->setToolTip(tr("Lowest budget, as a ratio of the baseline peak"));
    m_to->setToolTip(tr("Highest budget, as a ratio of the baseline peak"));
    m_step->setToolTip(tr("Distance between grid budgets, as a ratio of the peak"));
    m_exact->setToolTip(tr("Classify every byte of the range exactly, jumping from one execution's certified interval to the next"));
    m_refine->setRange(0, 1 << 30);
    m_refine->setSpecialValueText(tr("no refinement"));
    m_refine->setSuffix(tr(" B"));
    m_refine->setToolTip(tr("Bisect every change of outcome between grid budgets down to this many bytes (1: exact edges)"));
    m_limited->setToolTip(tr("simrd's overhead limit: stop once compute exceeds this multiple of the baseline"));
    m_limit->setEnabled(false);
    m_capped->setToolTip(tr("Stop each replay as unresolved after this much time: a budget that recomputes for minutes is "
                            "shown unresolved (grey) instead of holding up the sweep"));
    m_cap->setSuffix(tr(" s"));
    m_cap->setSingleStep(1.0);
    m_cap->setEnabled(false);
    m_policy->setEditable(true);
    m_policy->setInsertPolicy(QComboBox::NoInsert);
    for (const QString& name : QString::fromStdString(policyExamples()).split(QLatin1Char(',')))
        m_policy->addItem(name);
    m_policy->addItem(QStringLiteral("formula:estar_compute/(size*staleness)"));
    m_policy->setMinimumContentsLength(14);
    m_policy->setToolTip(tr("Eviction policy: a name (holescope-cli policies lists them), ablation:COST[-size][-stale], "
                            "random:SEED, or formula:EXPR over compute, estar_compute, eqclass_compute, size, staleness, "
                            "last_access, clock, evictions, rebuilds, next_use, depth, pool"));
    m_run->setDefault(true);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    m_progress->setFormat(QString());
    m_progress->setMinimumWidth(160);
}

void SweepControls::layOut()
{
    // Two rows, what to sweep above and how to run it below: in one row the controls would make
    // the window wider than a laptop's screen.
    auto* rows = new QVBoxLayout(this);
    rows->setContentsMargins(4, 4, 4, 4);
    rows->setSpacing(2);
    auto* range = new QHBoxLayout;
    range->addWidget(new QLabel(tr("From"), this));
    range->addWidget(m_from);
    range->addWidget(new QLabel(tr("to"), this));
    range->addWidget(m_to);
    range->addWidget(new QLabel(tr("step"), this));
    range->addWidget(m_step);
    range->addWidget(m_exact);
    range->addWidget(new QLabel(tr("refine to"), this));
    range->addWidget(m_refine);
    range->addWidget(new QLabel(tr("policy"), this));
    range->addWidget(m_policy);
    range->addStretch(1);
    auto* run = new QHBoxLayout;
    run->addWidget(m_limited);
    run->addWidget(m_limit);
    run->addWidget(m_capped);
    run->addWidget(m_cap);
    run->addStretch(1);
    run->addWidget(m_run);
    run->addWidget(m_cancel);
    run->addWidget(m_progress);
    m_left->setObjectName(QStringLiteral("sweepTime"));
    m_left->setMinimumWidth(m_left->fontMetrics().horizontalAdvance(tr("59 min 59 s left")));
    run->addWidget(m_left);
    rows->addLayout(range);
    rows->addLayout(run);
}

void SweepControls::connectControls()
{
    connect(m_run, &QPushButton::clicked, this, &SweepControls::runRequested);
    connect(m_cancel, &QPushButton::clicked, this, &SweepControls::cancelRequested);
    connect(m_limited, &QCheckBox::toggled, m_limit, &QWidget::setEnabled);
    connect(m_capped, &QCheckBox::toggled, m_cap, &QWidget::setEnabled);
    connect(m_exact, &QCheckBox::toggled, this, [this] { updateEnabled(); });
    for (QDoubleSpinBox* box : {m_from, m_to, m_step, m_limit, m_cap})
        connect(box, &QDoubleSpinBox::editingFinished, this, &SweepControls::settingsEdited);
    connect(m_refine, &QSpinBox::editingFinished, this, &SweepControls::settingsEdited);
    connect(m_exact, &QCheckBox::toggled, this, &SweepControls::settingsEdited);
    connect(m_limited, &QCheckBox::toggled, this, &SweepControls::settingsEdited);
    connect(m_capped, &QCheckBox::toggled, this, &SweepControls::settingsEdited);
    connect(m_policy, &QComboBox::currentTextChanged, this, [this] {
        const QString error = policyError();
        m_policy->setStyleSheet(error.isEmpty() ? QString() : QStringLiteral("QComboBox { color: #b00020; }"));
        m_policy->lineEdit()->setToolTip(error);
        if (error.isEmpty())
            emit settingsEdited();
    });
}

QString SweepControls::policyError() const
{
    const auto policy = parsePolicy(m_policy->currentText().trimmed().toStdString());
    return std::holds_alternative<std::string>(policy) ? QString::fromStdString(std::get<std::string>(policy)) : QString();
}

SweepSettings SweepControls::settings() const
{
    SweepSettings s;
    s.from = m_from->value();
    s.to = std::max(m_to->value(), m_from->value());
    s.step = m_step->value();
    s.exact = m_exact->isChecked();
    s.refine = m_refine->value();
    if (m_limited->isChecked())
        s.overheadLimit = m_limit->value();
    if (m_capped->isChecked())
        s.maxSeconds = m_cap->value();
    s.policy = m_policy->currentText().trimmed().toStdString();
    return s;
}

SweepSettings SweepControls::heldAs(const SweepSettings& s) const
{
    // As QDoubleSpinBox::setValue rounds: through the text of the value at the box's decimals.
    const auto held = [](const QDoubleSpinBox* box, double v) {
        return QString::number(std::clamp(v, box->minimum(), box->maximum()), 'f', box->decimals()).toDouble();
    };
    SweepSettings h = s;
    h.from = held(m_from, s.from);
    h.to = held(m_to, s.to);
    h.step = held(m_step, s.step);
    if (s.overheadLimit)
        h.overheadLimit = held(m_limit, *s.overheadLimit);
    if (s.maxSeconds)
        h.maxSeconds = held(m_cap, *s.maxSeconds);
    return h;
}

std::optional<SweepControls::HeldChange> SweepControls::firstChange(const SweepSettings& s) const
{
    const SweepSettings h = heldAs(s);
    const std::pair<Field, std::pair<std::optional<double>, std::optional<double>>> values[] = {
        {Field::From, {s.from, h.from}},
        {Field::To, {s.to, h.to}},
        {Field::Step, {s.step, h.step}},
        {Field::OverheadLimit, {s.overheadLimit, h.overheadLimit}},
        {Field::MaxSeconds, {s.maxSeconds, h.maxSeconds}}};
    for (const auto& [field, v] : values)
        if (v.first != v.second)
            return HeldChange{field, *v.first, *v.second};
    return std::nullopt;
}

void SweepControls::setSettings(const SweepSettings& s)
{
    const QSignalBlocker blockers[] = {QSignalBlocker(m_from), QSignalBlocker(m_to), QSignalBlocker(m_step), QSignalBlocker(m_exact),
                                       QSignalBlocker(m_refine), QSignalBlocker(m_limited), QSignalBlocker(m_limit),
                                       QSignalBlocker(m_capped), QSignalBlocker(m_cap), QSignalBlocker(m_policy)};
    m_policy->setCurrentText(QString::fromStdString(s.policy));
    // A formula longer than the box reads from its start ("formula:..."), not from its end.
    m_policy->lineEdit()->setCursorPosition(0);
    m_policy->setStyleSheet(QString());
    m_from->setValue(s.from);
    m_to->setValue(s.to);
    m_step->setValue(s.step);
    m_exact->setChecked(s.exact);
    m_refine->setValue(static_cast<int>(std::min<int64_t>(s.refine, m_refine->maximum())));
    m_limited->setChecked(s.overheadLimit.has_value());
    m_limit->setEnabled(s.overheadLimit.has_value());
    if (s.overheadLimit)
        m_limit->setValue(*s.overheadLimit);
    m_capped->setChecked(s.maxSeconds.has_value());
    if (s.maxSeconds)
        m_cap->setValue(*s.maxSeconds);
    updateEnabled();
}

void SweepControls::setRunning(bool running)
{
    m_running = running;
    if (!running) {
        m_progress->setValue(0);
        m_progress->setFormat(QString());
        m_left->clear();
    }
    updateEnabled();
}

void SweepControls::setTraceLoaded(bool loaded)
{
    m_loaded = loaded;
    updateEnabled();
}

void SweepControls::setProgress(qint64 done, qint64 total, double secondsLeft, double secondsSpent)
{
    const double fraction = total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 0.0;
    m_progress->setValue(static_cast<int>(fraction * 1000));
    m_progress->setFormat(QStringLiteral("%1%").arg(fraction * 100, 0, 'f', 1));
    m_left->setText(secondsLeft >= 0 ? tr("%1 left").arg(duration(secondsLeft)) : tr("%1 so far").arg(duration(secondsSpent)));
}

void SweepControls::updateEnabled()
{
    m_step->setEnabled(!m_exact->isChecked() && !m_running);
    m_refine->setEnabled(!m_exact->isChecked() && !m_running);
    for (QWidget* w : std::initializer_list<QWidget*>{m_from, m_to, m_exact, m_limited, m_capped, m_policy})
        w->setEnabled(!m_running);
    m_limit->setEnabled(!m_running && m_limited->isChecked());
    m_cap->setEnabled(!m_running && m_capped->isChecked());
    m_run->setEnabled(m_loaded && !m_running);
    m_cancel->setEnabled(m_running);
}

} // namespace holescope
