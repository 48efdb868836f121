// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inputs/FieldRow.h"

#include <cstdint>
#include <vector>

class QCheckBox;
class QWidget;

namespace gpuplan::ui {

// parallelism.recompute_modules (docs/memory.md §3, "Selective recompute's modules"): one check
// box per module Megatron-Core's --recompute-modules names. Ticking or clearing a box writes the
// whole set as the field's text through the controller, so each click is one undo step and the
// registry checks it like a file or --set would; no box ticked is the stack's default, the
// attention core.
class RecomputeModulesRow : public FieldRow
{
    Q_OBJECT
public:
    RecomputeModulesRow(PlanController *controller, const QString &label, QWidget *parent);
    void addToGrid(QGridLayout *grid, int row) override;
    void sync() override;

private:
    QWidget *m_boxes;
    std::vector<std::pair<QCheckBox *, std::uint32_t>> m_checks;
};

}   // namespace gpuplan::ui
