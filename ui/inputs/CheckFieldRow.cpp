// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/CheckFieldRow.h"

#include "document/FieldLabels.h"

#include "plan/PlanFields.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QLabel>

namespace gpuplan::ui {

CheckFieldRow::CheckFieldRow(PlanController *controller, const FieldSpec &field, const QString &label,
                             QWidget *parent)
    : FieldRow(controller, QString::fromUtf8(field.path), label, parent), m_field(field), m_check(new QCheckBox(parent))
{
    m_check->setObjectName(QStringLiteral("check:") + path());
    m_check->setFocusPolicy(Qt::StrongFocus);
    connect(m_check, &QCheckBox::toggled, this, [this](bool on) { applyNumber(on ? 1.0 : 0.0); });
    addWidget(m_check);
    setToolTipText(fieldToolTip(field));
    this->label()->setBuddy(m_check);
}

void CheckFieldRow::addToGrid(QGridLayout *grid, int row)
{
    grid->addWidget(label(), row, 0);
    grid->addWidget(m_check, row, 1, 1, 3);
    grid->addWidget(messageLabel(), row + 1, 1, 1, 3);
}

void CheckFieldRow::sync()
{
    const QSignalBlocker block(m_check);
    m_check->setChecked(m_field.getNumber(m_controller->plan()) != 0.0);
}

} // namespace gpuplan::ui
