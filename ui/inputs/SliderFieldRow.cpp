// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/SliderFieldRow.h"

#include "document/FieldLabels.h"
#include "inputs/ScaledSpinBox.h"
#include "inputs/ValueLadder.h"

#include "plan/PlanFields.h"

#include <QGridLayout>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>

#include <cmath>

namespace gpuplan::ui {

namespace {

constexpr int kLinearRealSteps = 200;
constexpr double kLargeRealMax = 1e6;     // from here on reals get the SI-suffix spin box

int realDecimals(const FieldSpec &field)
{
    if (field.max <= 1.5)
        return 3;
    return 2;
}

} // namespace

SliderFieldRow::SliderFieldRow(PlanController *controller, const FieldSpec &field, const QString &labelText,
                               QWidget *parent, EffectiveValue effective)
    : FieldRow(controller, QString::fromUtf8(field.path), labelText, parent), m_field(field),
      m_effective(std::move(effective)), m_slider(new QSlider(Qt::Horizontal, parent)),
      m_unit(new QLabel(QString::fromUtf8(field.unit), parent))
{
    const bool integer = field.type == FieldType::Int;
    m_slider->setObjectName(QStringLiteral("slider:") + path());
    m_slider->setFocusPolicy(Qt::StrongFocus);
    if (wantsLadder(field)) {
        m_ladder = valueLadder(field.min, field.max, integer);
        m_slider->setRange(0, static_cast<int>(m_ladder.size()) - 1);
        m_slider->setPageStep(4);
    } else if (integer) {
        m_slider->setRange(static_cast<int>(field.min), static_cast<int>(field.max));
        m_slider->setPageStep(std::max(1, static_cast<int>((field.max - field.min) / 8)));
    } else {
        m_linearSteps = kLinearRealSteps;
        m_slider->setRange(0, m_linearSteps);
        m_slider->setPageStep(m_linearSteps / 10);
    }

    // Spin box: the special value ("derived", "from the catalog") sits just below the minimum.
    const double low = field.hasSentinel ? std::min(field.min, field.sentinel) : field.min;
    const QString special = field.hasSentinel ? tr("auto") : QString();
    if (integer) {
        auto *spin = new QSpinBox(parent);
        spin->setRange(static_cast<int>(low), static_cast<int>(field.max));
        spin->setGroupSeparatorShown(true);
        spin->setSpecialValueText(special);
        spin->setKeyboardTracking(false);
        connect(spin, &QSpinBox::valueChanged, this, [this](int v) { onSpinValueChanged(v); });
        m_spin = spin;
    } else {
        QDoubleSpinBox *spin = nullptr;
        if (field.max >= kLargeRealMax) {
            auto *scaled = new ScaledSpinBox(parent);
            scaled->setLadder(valueLadder(field.min, field.max, false));
            spin = scaled;
        } else {
            spin = new QDoubleSpinBox(parent);
            spin->setDecimals(realDecimals(field));
            spin->setSingleStep((field.max - field.min) / 100.0);
            spin->setKeyboardTracking(false);
        }
        spin->setRange(low, field.max);
        spin->setSpecialValueText(special);
        connect(spin, &QDoubleSpinBox::valueChanged, this, &SliderFieldRow::onSpinValueChanged);
        m_spin = spin;
    }
    m_spin->setObjectName(QStringLiteral("spin:") + path());
    m_spin->setFocusPolicy(Qt::StrongFocus);
    m_spin->setAlignment(Qt::AlignRight);
    m_unit->setObjectName(QStringLiteral("unit:") + path());

    connect(m_slider, &QSlider::valueChanged, this, &SliderFieldRow::onSliderValueChanged);
    connect(m_slider, &QSlider::sliderPressed, m_controller, &PlanController::beginDrag);
    connect(m_slider, &QSlider::sliderReleased, m_controller, &PlanController::endDrag);

    addWidget(m_slider);
    addWidget(m_spin);
    addWidget(m_unit);
    QString tip = fieldToolTip(field);
    if (field.hasSentinel)
        tip += QStringLiteral("<br>") + tr("<i>auto</i> = %1").arg(QString::fromUtf8(field.sentinelMeaning).toHtmlEscaped());
    if (isLogScale())
        tip += QStringLiteral("<br>") + tr("The slider moves on a log scale; type any value in the box.");
    setToolTipText(tip);
    label()->setBuddy(m_spin);
}

void SliderFieldRow::addToGrid(QGridLayout *grid, int row)
{
    grid->addWidget(label(), row, 0);
    grid->addWidget(m_slider, row, 1);
    grid->addWidget(m_spin, row, 2);
    grid->addWidget(m_unit, row, 3);
    grid->addWidget(messageLabel(), row + 1, 1, 1, 3);
}

double SliderFieldRow::valueAtPosition(int position) const
{
    if (!m_ladder.empty())
        return m_ladder[static_cast<std::size_t>(std::clamp(position, 0, static_cast<int>(m_ladder.size()) - 1))];
    if (m_linearSteps > 0)
        return m_field.min + (m_field.max - m_field.min) * position / m_linearSteps;
    return position;
}

int SliderFieldRow::positionOfValue(double value) const
{
    if (!m_ladder.empty())
        return nearestLadderIndex(m_ladder, value);
    if (m_linearSteps > 0)
        return static_cast<int>(std::lround((value - m_field.min) / (m_field.max - m_field.min) * m_linearSteps));
    return static_cast<int>(std::lround(value));
}

void SliderFieldRow::sync()
{
    const double value = m_field.getNumber(m_controller->plan());
    double sliderValue = value;
    if (m_field.hasSentinel && value == m_field.sentinel) {
        const double effective = m_effective ? m_effective(*m_controller) : 0.0;
        sliderValue = effective > 0 ? effective : m_field.min;
    }
    {
        const QSignalBlocker block(m_slider);
        // During a drag the slider already stands where the user holds it.
        if (!m_slider->isSliderDown())
            m_slider->setValue(positionOfValue(sliderValue));
    }
    setSpinValue(value);
}

void SliderFieldRow::setSpinValue(double value)
{
    const QSignalBlocker block(m_spin);
    if (auto *spin = qobject_cast<QSpinBox *>(m_spin))
        spin->setValue(static_cast<int>(std::lround(value)));
    else if (auto *dspin = qobject_cast<QDoubleSpinBox *>(m_spin))
        dspin->setValue(value);
}

void SliderFieldRow::onSliderValueChanged(int position)
{
    applyNumber(valueAtPosition(position));
}

void SliderFieldRow::onSpinValueChanged(double value)
{
    if (m_field.type == FieldType::Real && !(m_field.hasSentinel && value == m_field.sentinel)) {
        // The spin box rounds to its decimals; keep the plan's exact value when that is all that changed.
        const double current = m_field.getNumber(m_controller->plan());
        const auto *spin = qobject_cast<QDoubleSpinBox *>(m_spin);
        if (spin && std::fabs(current - value) < 0.5 * std::pow(10.0, -spin->decimals()))
            return;
    }
    applyNumber(value);
}

} // namespace gpuplan::ui
