// SPDX-License-Identifier: GPL-3.0-or-later
#include "budget/LimitSlider.h"

#include "inputs/ValueLadder.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>

#include <cmath>

namespace gpuplan::ui {

LimitSlider::LimitSlider(const QString &name, std::vector<double> ladder, Format format, QWidget *parent)
    : QWidget(parent), m_ladder(std::move(ladder)), m_format(std::move(format)), m_slider(new QSlider(Qt::Horizontal)),
      m_value(new QLabel)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(name);
    label->setBuddy(m_slider);
    layout->addWidget(label);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_value);
    // The last notch past the ladder is "no limit".
    m_slider->setRange(0, static_cast<int>(m_ladder.size()));
    m_slider->setPageStep(3);
    m_slider->setMinimumWidth(90);
    m_value->setMinimumWidth(m_value->fontMetrics().horizontalAdvance(QStringLiteral("$10.0 M  ")));
    m_slider->setAccessibleName(name);
    connect(m_slider, &QSlider::valueChanged, this, [this] {
        showValue();
        emit limitChanged(limit());
    });
    showValue();
}

double LimitSlider::limit() const
{
    const int i = m_slider->value();
    return i < static_cast<int>(m_ladder.size()) ? m_ladder[static_cast<std::size_t>(i)] : -1.0;
}

void LimitSlider::setLimit(double value)
{
    m_slider->setValue(value < 0 ? static_cast<int>(m_ladder.size()) : nearestLadderIndex(m_ladder, value));
}

QString LimitSlider::valueText() const
{
    return m_value->text();
}

void LimitSlider::showValue()
{
    const double v = limit();
    m_value->setText(v < 0 ? tr("no limit") : m_format(v));
}

std::vector<double> budgetLadderUsd()
{
    return valueLadder(1e5, 1e10, false);
}

std::vector<double> deadlineLadderDays()
{
    std::vector<double> out;
    for (double d = 1; d <= 14; d += 1)
        out.push_back(d);
    for (double d = 15; d <= 60; d += 5)
        out.push_back(d);
    for (double d = 70; d <= 360; d += 10)
        out.push_back(d);
    for (double d = 390; d <= 1095; d += 30)
        out.push_back(d);
    return out;
}

std::vector<double> sitePowerLadderKw()
{
    return valueLadder(10, 1e6, false);
}

} // namespace gpuplan::ui
