// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/LessonRunner.h"

#include "document/PlanController.h"

#include "plan/PlanFields.h"

#include <QUndoStack>

namespace gpuplan::ui {

namespace {

// The preset's architecture in the plan, as choosing the preset does.
void useModelPreset(Plan &plan, const ModelPreset &preset)
{
    plan.model = preset.arch;
    plan.model.preset = preset.id;
    if (plan.model.name.empty())
        plan.model.name = preset.id;
}

} // namespace

LessonRunner::LessonRunner(PlanController *controller, QObject *parent) : QObject(parent), m_controller(controller)
{
}

const Lesson *LessonRunner::lesson() const
{
    return m_lesson >= 0 ? &lessons()[static_cast<std::size_t>(m_lesson)] : nullptr;
}

int LessonRunner::stepCount() const
{
    return m_lesson >= 0 ? static_cast<int>(lesson()->steps.size()) : 0;
}

const LessonStep *LessonRunner::step() const
{
    return m_lesson >= 0 ? &lesson()->steps[static_cast<std::size_t>(m_step)] : nullptr;
}

bool LessonRunner::canGoForward() const
{
    return m_lesson >= 0 && m_step + 1 < stepCount();
}

bool LessonRunner::canGoBack() const
{
    return m_lesson >= 0 && m_step > 0;
}

bool LessonRunner::start(int lessonIndex, QString *error)
{
    if (lessonIndex < 0 || lessonIndex >= static_cast<int>(lessons().size())) {
        if (error)
            *error = tr("No lesson %1").arg(lessonIndex);
        return false;
    }
    const Lesson &l = lessons()[static_cast<std::size_t>(lessonIndex)];
    const ModelPreset *preset = m_controller->catalog().findModel(l.modelPreset);
    if (!preset) {
        if (error)
            *error = tr("The lesson needs the model preset \"%1\", which the catalog does not have.")
                         .arg(QString::fromUtf8(l.modelPreset));
        return false;
    }
    // The lesson's plan: defaults, the preset's architecture (as choosing the preset does), then
    // the lesson's own settings, checked like a loaded file.
    Plan plan;
    useModelPreset(plan, *preset);
    l.setup(plan);
    std::string message;
    if (!checkPlanBounds(plan, message)) {
        if (error)
            *error = QString::fromStdString(message);
        return false;
    }
    m_lesson = lessonIndex;
    m_step = 0;
    m_controller->applyPlan(plan, tr("Lesson: %1").arg(QString::fromUtf8(l.title)));
    m_undoIndexAtStep.assign(1, m_controller->undoStack()->index());
    emit stepChanged();
    return true;
}

void LessonRunner::stop()
{
    m_lesson = -1;
    m_step = 0;
    m_undoIndexAtStep.clear();
    emit stepChanged();
}

void LessonRunner::forward()
{
    if (!canGoForward())
        return;
    ++m_step;
    const LessonStep &s = *step();
    if (s.edit) {
        Plan plan = m_controller->plan();
        s.edit(plan);
        // A step that moves to another model names its preset; the catalog gives the architecture.
        if (plan.model.preset != m_controller->plan().model.preset)
            if (const ModelPreset *preset = m_controller->catalog().findModel(plan.model.preset))
                useModelPreset(plan, *preset);
        m_controller->applyPlan(plan, tr("Lesson step: %1").arg(QString::fromUtf8(s.move)));
    }
    m_undoIndexAtStep.push_back(m_controller->undoStack()->index());
    emit stepChanged();
}

void LessonRunner::back()
{
    if (!canGoBack())
        return;
    QUndoStack *stack = m_controller->undoStack();
    // Undo this step's edit only while it is the newest change: what the reader changed since
    // stays theirs.
    if (step()->edit && stack->index() == m_undoIndexAtStep.back() && stack->canUndo())
        stack->undo();
    m_undoIndexAtStep.pop_back();
    --m_step;
    emit stepChanged();
}

std::vector<LiveValue> LessonRunner::liveValues() const
{
    const LessonStep *s = step();
    if (!s || !s->live || !m_controller->isResolved())
        return {};
    return s->live(LessonContext{m_controller->catalog(), m_controller->resolved(), m_controller->evaluation()});
}

} // namespace gpuplan::ui
