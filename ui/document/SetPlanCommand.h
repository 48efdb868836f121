// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Plan.h"

#include <QUndoCommand>

namespace gpuplan::ui {

class PlanController;

// Replaces the whole plan in one undo step: applying an auto-planned layout or any other change
// of several fields at once. The plan is a plain value, so old and new are simply kept.
class SetPlanCommand : public QUndoCommand
{
public:
    SetPlanCommand(PlanController *controller, Plan newPlan, const QString &description);

    void undo() override;
    void redo() override;

private:
    void apply(const Plan &plan);

    PlanController *m_controller;
    Plan m_oldPlan;
    Plan m_newPlan;
};

} // namespace gpuplan::ui
