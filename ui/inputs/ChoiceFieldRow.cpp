// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/ChoiceFieldRow.h"

#include "document/FieldLabels.h"

#include "common/EnumNames.h"
#include "plan/PlanFields.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>

namespace gpuplan::ui {

ChoiceFieldRow::ChoiceFieldRow(PlanController *controller, const FieldSpec &field, const QString &label,
                               QWidget *parent)
    : FieldRow(controller, QString::fromUtf8(field.path), label, parent), m_combo(new QComboBox(parent))
{
    for (const EnumName &n : field.enumTable().names)
        m_choices.push_back({enumDisplayName(field.enumTable(), n.value), static_cast<double>(n.value)});
    const FieldSpec *f = &field;
    m_current = [f](const PlanController &c) { return QVariant(f->getNumber(c.plan())); };
    m_apply = [this](const QVariant &v, QString &error) { return m_controller->setNumber(path(), v.toDouble(), &error); };
    init();
    setToolTipText(fieldToolTip(field));
}

ChoiceFieldRow::ChoiceFieldRow(PlanController *controller, const QString &path, const QString &label,
                               QWidget *parent, std::vector<Choice> choices, Current current, Apply apply)
    : FieldRow(controller, path, label, parent), m_combo(new QComboBox(parent)), m_choices(std::move(choices)),
      m_current(std::move(current)), m_apply(std::move(apply))
{
    init();
    if (const FieldSpec *field = findPlanField(path.toStdString()))
        setToolTipText(fieldToolTip(*field));
}

void ChoiceFieldRow::init()
{
    m_combo->setObjectName(QStringLiteral("combo:") + path());
    m_combo->setFocusPolicy(Qt::StrongFocus);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_combo->setMinimumContentsLength(12);
    connect(m_combo, &QComboBox::activated, this, &ChoiceFieldRow::onActivated);
    addWidget(m_combo);
    label()->setBuddy(m_combo);
    setChoices(std::move(m_choices));
}

void ChoiceFieldRow::setChoices(std::vector<Choice> choices)
{
    m_choices = std::move(choices);
    const QSignalBlocker block(m_combo);
    m_combo->clear();
    for (const Choice &c : m_choices)
        m_combo->addItem(c.text, c.value);
}

void ChoiceFieldRow::setCurrentText(CurrentText currentText)
{
    m_currentText = std::move(currentText);
}

void ChoiceFieldRow::addToGrid(QGridLayout *grid, int row)
{
    grid->addWidget(label(), row, 0);
    grid->addWidget(m_combo, row, 1, 1, 3);
    grid->addWidget(messageLabel(), row + 1, 1, 1, 3);
}

void ChoiceFieldRow::sync()
{
    const QVariant current = m_current(*m_controller);
    const QSignalBlocker block(m_combo);
    // Drop the entry a previous sync added for a value outside the list.
    while (m_combo->count() > static_cast<int>(m_choices.size()))
        m_combo->removeItem(m_combo->count() - 1);
    // Touch the combo only where something changed: every setItemText repaints it, and the panel
    // re-syncs on each slider step.
    for (int i = 0; i < static_cast<int>(m_choices.size()); ++i) {
        const QString &text = m_choices[static_cast<std::size_t>(i)].text;
        if (m_combo->itemText(i) != text)
            m_combo->setItemText(i, text);
    }
    int index = -1;
    for (int i = 0; i < static_cast<int>(m_choices.size()); ++i) {
        const QVariant &v = m_choices[static_cast<std::size_t>(i)].value;
        const bool same = current.typeId() == QMetaType::QString ? v.toString() == current.toString()
                                                                  : v.toDouble() == current.toDouble();
        if (same) {
            index = i;
            break;
        }
    }
    if (index < 0) {
        m_combo->addItem(tr("%1 (not in the catalog)").arg(current.toString()), current);
        index = m_combo->count() - 1;
    }
    if (m_combo->currentIndex() != index)
        m_combo->setCurrentIndex(index);
    if (m_currentText) {
        const QString text = m_currentText(*m_controller);
        if (!text.isEmpty() && m_combo->itemText(index) != text)
            m_combo->setItemText(index, text);
    }
}

void ChoiceFieldRow::onActivated(int index)
{
    if (index < 0 || index >= static_cast<int>(m_choices.size()))
        return;
    QString error;
    const bool ok = m_apply(m_choices[static_cast<std::size_t>(index)].value, error);
    applyResult(ok, error);
}

} // namespace gpuplan::ui
