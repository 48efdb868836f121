// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/BrandingBox.h"

#include "report/LogoPathEdit.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace gpuplan::ui::report {

BrandingBox::BrandingBox(const QString &note, QWidget *parent)
    : QGroupBox(tr("PDF report"), parent), m_organisation(new QLineEdit(this)), m_logo(new LogoPathEdit(this))
{
    m_organisation->setObjectName(QStringLiteral("organisation"));
    auto *form = new QFormLayout(this);
    form->addRow(tr("Organisation"), m_organisation);
    form->addRow(tr("Logo"), m_logo);
    auto *label = new QLabel(note, this);
    label->setWordWrap(true);
    form->addRow(label);
}

} // namespace gpuplan::ui::report
