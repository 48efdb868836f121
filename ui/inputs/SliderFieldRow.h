// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inputs/FieldRow.h"

#include <functional>
#include <vector>

class QAbstractSpinBox;
class QSlider;

namespace gpuplan {
struct FieldSpec;
}

namespace gpuplan::ui {

// A numeric field as a slider with a spin box for the exact value and its unit. Range, unit and
// tooltip come from the field registry. Wide ranges get a log slider (ValueLadder.h); a field
// whose special value means "derived" (0 = same as heads, -1 = from the catalog) shows that
// meaning in the spin box and puts the slider at the derived value when one is known.
class SliderFieldRow : public FieldRow
{
    Q_OBJECT
public:
    using EffectiveValue = std::function<double(const PlanController &)>;   // <= 0: unknown

    SliderFieldRow(PlanController *controller, const FieldSpec &field, const QString &label, QWidget *parent,
                   EffectiveValue effective = {});

    void addToGrid(QGridLayout *grid, int row) override;
    void sync() override;

    QSlider *slider() const { return m_slider; }
    QAbstractSpinBox *spinBox() const { return m_spin; }
    double valueAtPosition(int position) const;
    int positionOfValue(double value) const;
    bool isLogScale() const { return !m_ladder.empty(); }

private:
    void onSliderValueChanged(int position);
    void onSpinValueChanged(double value);
    void setSpinValue(double value);

    const FieldSpec &m_field;
    EffectiveValue m_effective;
    std::vector<double> m_ladder;       // empty: linear slider
    int m_linearSteps = 0;              // linear real fields: slider positions
    QSlider *m_slider;
    QAbstractSpinBox *m_spin;
    QLabel *m_unit;
};

} // namespace gpuplan::ui
