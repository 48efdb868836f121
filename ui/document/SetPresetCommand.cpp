// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/SetPresetCommand.h"

#include "document/PlanController.h"

namespace gpuplan::ui {

SetPresetCommand::SetPresetCommand(PlanController *controller, ModelArch newModel, const QString &displayName)
    : m_controller(controller), m_oldModel(controller->plan().model), m_newModel(std::move(newModel))
{
    setText(QObject::tr("Use model %1").arg(displayName));
}

void SetPresetCommand::undo()
{
    apply(m_oldModel);
}

void SetPresetCommand::redo()
{
    apply(m_newModel);
}

void SetPresetCommand::apply(const ModelArch &model)
{
    m_controller->mutablePlan().model = model;
    m_controller->planEdited();
}

} // namespace gpuplan::ui
