// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include <functional>
#include <vector>

class QLabel;
class QSlider;

namespace gpuplan::ui {

// One limit of the Budget view (budget, deadline, site power): a slider over a ladder of round
// values with "no limit" at its top notch, and the value written next to it.
class LimitSlider : public QWidget
{
    Q_OBJECT
public:
    using Format = std::function<QString(double)>;
    LimitSlider(const QString &name, std::vector<double> ladder, Format format, QWidget *parent = nullptr);

    double limit() const;          // negative: no limit
    void setLimit(double value);   // nearest ladder value; negative = no limit. Emits limitChanged.
    QSlider *slider() const { return m_slider; }
    QString valueText() const;
    const std::vector<double> &ladder() const { return m_ladder; }

signals:
    void limitChanged(double value);

private:
    void showValue();

    std::vector<double> m_ladder;
    Format m_format;
    QSlider *m_slider;
    QLabel *m_value;
};

// The ladders the Budget view's sliders move along.
std::vector<double> budgetLadderUsd();       // $100 k to $10 B: 1, 1.5, 2, 3, 5, 7 per decade
std::vector<double> deadlineLadderDays();    // 1 day to 3 years: days, then 5, 10 and 30-day steps
std::vector<double> sitePowerLadderKw();     // 10 kW to 1 GW: 1, 1.5, 2, 3, 5, 7 per decade

} // namespace gpuplan::ui
