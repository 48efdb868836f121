// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Plan.h"

#include <QUndoCommand>

namespace gpuplan::ui {

class PlanController;

// Replaces the model architecture with a catalog preset (or back), as one undo step.
class SetPresetCommand : public QUndoCommand
{
public:
    SetPresetCommand(PlanController *controller, ModelArch newModel, const QString &displayName);

    void undo() override;
    void redo() override;

private:
    void apply(const ModelArch &model);

    PlanController *m_controller;
    ModelArch m_oldModel;
    ModelArch m_newModel;
};

} // namespace gpuplan::ui
