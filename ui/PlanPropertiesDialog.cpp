// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlanPropertiesDialog.h"

#include "Settings.h"
#include "Theme.h"
#include "document/FieldLabels.h"
#include "document/PlanController.h"
#include "report/BrandingBox.h"
#include "report/LogoPathEdit.h"

#include "plan/PlanFields.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace gpuplan::ui {

namespace {

QString planText(const PlanController &c, const char *path)
{
    return QString::fromStdString(findPlanField(path)->getText(c.plan()));
}

QLineEdit *textEdit(const PlanController &c, const char *path, QWidget *parent, QLineEdit *edit = nullptr)
{
    if (!edit)
        edit = new QLineEdit(parent);
    edit->setText(planText(c, path));
    edit->setObjectName(QString::fromUtf8(path));
    edit->setToolTip(fieldToolTip(*findPlanField(path)));
    return edit;
}

} // namespace

PlanPropertiesDialog::PlanPropertiesDialog(PlanController *controller, const Settings &settings, QWidget *parent)
    : QDialog(parent), m_controller(controller), m_name(textEdit(*controller, "name", this)),
      m_preparedBy(textEdit(*controller, "prepared_by", this)),
      m_branding(new report::BrandingBox(tr("Printed on the cover and in every page header. Left empty, the defaults "
                                            "from Edit › Preferences apply. A relative logo path is read from the plan "
                                            "file's folder."),
                                         this)),
      m_error(createErrorLabel(this))
{
    setWindowTitle(tr("Plan Properties"));
    textEdit(*controller, "report.organisation", this, m_branding->organisation());
    const QString defaultOrganisation = settings.reportOrganisation();
    const QString defaultLogo = settings.reportLogo();
    m_branding->organisation()->setPlaceholderText(
        defaultOrganisation.isEmpty() ? tr("none") : tr("%1 (from Preferences)").arg(defaultOrganisation));
    report::LogoPathEdit *logo = m_branding->logo();
    logo->setPlanFile(controller->filePath());
    logo->setPlaceholderText(defaultLogo.isEmpty() ? tr("none") : tr("%1 (from Preferences)").arg(defaultLogo));
    logo->setPath(planText(*controller, "report.logo"));
    logo->lineEdit()->setToolTip(fieldToolTip(*findPlanField("report.logo")));

    auto *plan = new QFormLayout;
    plan->addRow(tr("Name"), m_name);
    plan->addRow(tr("Prepared by"), m_preparedBy);
    m_error->setObjectName(QStringLiteral("propertiesError"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(plan);
    layout->addWidget(m_branding);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    resize(560, sizeHint().height());
}

report::LogoPathEdit *PlanPropertiesDialog::logo() const
{
    return m_branding->logo();
}

QLineEdit *PlanPropertiesDialog::field(const QString &path) const
{
    if (path == QLatin1String("report.logo"))
        return logo()->lineEdit();
    for (QLineEdit *edit : {m_name, m_preparedBy, m_branding->organisation()}) {
        if (edit->objectName() == path)
            return edit;
    }
    return nullptr;
}

QString PlanPropertiesDialog::error() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void PlanPropertiesDialog::accept()
{
    const std::pair<const char *, QString> values[] = {{"name", m_name->text()},
                                                       {"prepared_by", m_preparedBy->text()},
                                                       {"report.organisation", m_branding->organisation()->text().trimmed()},
                                                       {"report.logo", logo()->path()}};
    m_error->hide();
    // Every value is checked before any is applied: a refused dialog leaves the plan as it was.
    for (const auto &[path, value] : values) {
        if (std::string message; !checkFieldText(*findPlanField(path), value.toStdString(), message)) {
            m_error->setText(QString::fromStdString(message));
            m_error->show();
            return;
        }
    }
    for (const auto &[path, value] : values) {
        QString error;
        if (!m_controller->setText(QString::fromUtf8(path), value, &error)) {
            m_error->setText(error);
            m_error->show();
            return;
        }
    }
    QDialog::accept();
}

} // namespace gpuplan::ui
