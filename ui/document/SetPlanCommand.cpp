// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/SetPlanCommand.h"

#include "document/PlanController.h"

namespace gpuplan::ui {

SetPlanCommand::SetPlanCommand(PlanController *controller, Plan newPlan, const QString &description)
    : m_controller(controller), m_oldPlan(controller->plan()), m_newPlan(std::move(newPlan))
{
    setText(description);
}

void SetPlanCommand::undo()
{
    apply(m_oldPlan);
}

void SetPlanCommand::redo()
{
    apply(m_newPlan);
}

void SetPlanCommand::apply(const Plan &plan)
{
    m_controller->mutablePlan() = plan;
    m_controller->planEdited();
}

} // namespace gpuplan::ui
