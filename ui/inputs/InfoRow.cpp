// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/InfoRow.h"

#include "document/FieldLabels.h"

#include "plan/PlanFields.h"

#include <QGridLayout>
#include <QLabel>

namespace gpuplan::ui {

InfoRow::InfoRow(PlanController *controller, const QString &path, const QString &label, QWidget *parent, Text text)
    : FieldRow(controller, path, label, parent), m_text(std::move(text)), m_value(new QLabel(parent))
{
    m_value->setObjectName(QStringLiteral("info:") + path);
    m_value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_value->setWordWrap(true);
    addWidget(m_value);
    if (const FieldSpec *field = findPlanField(path.toStdString()))
        setToolTipText(fieldToolTip(*field));
}

void InfoRow::addToGrid(QGridLayout *grid, int row)
{
    grid->addWidget(label(), row, 0);
    grid->addWidget(m_value, row, 1, 1, 3);
    grid->addWidget(messageLabel(), row + 1, 1, 1, 3);
}

void InfoRow::sync()
{
    m_value->setText(m_text(*m_controller));
}

} // namespace gpuplan::ui
