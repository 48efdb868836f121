// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/SetFieldCommand.h"

#include "document/FieldLabels.h"
#include "document/PlanController.h"

#include "plan/PlanFields.h"

namespace gpuplan::ui {

SetFieldCommand::SetFieldCommand(PlanController *controller, const FieldSpec &field, double newValue, int dragSession)
    : m_controller(controller), m_field(&field), m_isText(false), m_oldValue(field.getNumber(controller->plan())),
      m_newValue(newValue), m_dragSession(dragSession)
{
    updateText();
}

SetFieldCommand::SetFieldCommand(PlanController *controller, const FieldSpec &field, std::string newText)
    : m_controller(controller), m_field(&field), m_isText(true), m_oldText(field.getText(controller->plan())),
      m_newText(std::move(newText))
{
    updateText();
}

void SetFieldCommand::updateText()
{
    const QString label = fieldLabel(m_field->path);
    if (m_isText)
        setText(QObject::tr("Set %1 to \"%2\"").arg(label, QString::fromStdString(m_newText)));
    else
        setText(QObject::tr("Set %1 to %2").arg(label, formatFieldValue(*m_field, m_newValue)));
}

void SetFieldCommand::undo()
{
    if (m_isText)
        applyText(m_oldText);
    else
        applyNumber(m_oldValue);
}

void SetFieldCommand::redo()
{
    if (m_isText)
        applyText(m_newText);
    else
        applyNumber(m_newValue);
}

void SetFieldCommand::applyNumber(double value)
{
    m_field->setNumber(m_controller->mutablePlan(), value);
    m_controller->planEdited();
}

void SetFieldCommand::applyText(const std::string &text)
{
    m_field->setText(m_controller->mutablePlan(), text);
    m_controller->planEdited();
}

bool SetFieldCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const SetFieldCommand *>(other);   // same id() => same class
    if (m_isText || next->m_isText || next->m_field != m_field || m_dragSession == 0
        || next->m_dragSession != m_dragSession)
        return false;
    m_newValue = next->m_newValue;
    updateText();
    setObsolete(m_newValue == m_oldValue);
    return true;
}

} // namespace gpuplan::ui
