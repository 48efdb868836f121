// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDoubleSpinBox>

#include <vector>

namespace gpuplan::ui {

// A spin box for quantities from ones to quadrillions (tokens, request rates): shows "15 T",
// accepts "15T", "15 t", "1.5e13" or "15000000000000", and steps along a ladder of round values
// instead of by one.
class ScaledSpinBox : public QDoubleSpinBox
{
    Q_OBJECT
public:
    explicit ScaledSpinBox(QWidget *parent = nullptr);

    void setLadder(std::vector<double> ladder);
    void stepBy(int steps) override;
    QString textFromValue(double value) const override;
    double valueFromText(const QString &text) const override;
    QValidator::State validate(QString &text, int &pos) const override;

    static bool parse(const QString &text, double &value);

protected:
    StepEnabled stepEnabled() const override;

private:
    std::vector<double> m_ladder;
};

} // namespace gpuplan::ui
