// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inputs/FieldRow.h"

class QCheckBox;

namespace gpuplan {
struct FieldSpec;
}

namespace gpuplan::ui {

// A true/false field as a check box.
class CheckFieldRow : public FieldRow
{
    Q_OBJECT
public:
    CheckFieldRow(PlanController *controller, const FieldSpec &field, const QString &label, QWidget *parent);
    void addToGrid(QGridLayout *grid, int row) override;
    void sync() override;
    QCheckBox *checkBox() const { return m_check; }

private:
    const FieldSpec &m_field;
    QCheckBox *m_check;
};

} // namespace gpuplan::ui
