// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inputs/FieldRow.h"

#include <functional>

namespace gpuplan::ui {

// A read-only line derived from the evaluation ("DP 32, derived from 1,024 GPUs"), shown among
// the inputs it depends on. Messages for its field path (e.g. parallelism.dp) appear under it.
class InfoRow : public FieldRow
{
    Q_OBJECT
public:
    using Text = std::function<QString(const PlanController &)>;
    InfoRow(PlanController *controller, const QString &path, const QString &label, QWidget *parent, Text text);
    void addToGrid(QGridLayout *grid, int row) override;
    void sync() override;
    QLabel *valueLabel() const { return m_value; }

private:
    Text m_text;
    QLabel *m_value;
};

} // namespace gpuplan::ui
