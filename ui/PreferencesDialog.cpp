// SPDX-License-Identifier: GPL-3.0-or-later
#include "PreferencesDialog.h"

#include "Settings.h"
#include "Theme.h"
#include "report/BrandingBox.h"
#include "report/LogoPathEdit.h"

#include "plan/PlanFields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace gpuplan::ui {

PreferencesDialog::PreferencesDialog(Settings *settings, QWidget *parent)
    : QDialog(parent), m_settings(settings), m_theme(new QComboBox(this)), m_presentation(new QCheckBox(this)),
      m_comparison(new QSpinBox(this)), m_legend(new QCheckBox(this)),
      m_branding(new report::BrandingBox(tr("Printed on the cover and in every page header of plans that leave "
                                            "their own organisation or logo empty (Plan › Properties). A PNG, JPEG or "
                                            "SVG file."),
                                         this)),
      m_error(createErrorLabel(this))
{
    setWindowTitle(tr("Preferences"));
    m_theme->addItem(tr("Follow the system"), static_cast<int>(Theme::System));
    m_theme->addItem(tr("Light"), static_cast<int>(Theme::Light));
    m_theme->addItem(tr("Dark"), static_cast<int>(Theme::Dark));
    m_theme->setCurrentIndex(m_theme->findData(static_cast<int>(settings->theme())));
    m_presentation->setText(tr("Large fonts for projectors and classrooms"));
    m_presentation->setChecked(settings->presentationMode());
    m_comparison->setRange(0, Settings::kMaxComparisonGpus);
    m_comparison->setValue(settings->comparisonGpuCount());
    m_comparison->setSuffix(tr(" GPUs"));
    m_comparison->setToolTip(tr("Other catalog GPUs the memory chart evaluates the same plan on"));
    m_legend->setText(tr("Show chart legends"));
    m_legend->setChecked(settings->chartLegendVisible());

    auto *form = new QFormLayout;
    form->addRow(tr("Theme"), m_theme);
    form->addRow(tr("Presentation mode"), m_presentation);
    form->addRow(tr("Memory chart compares with"), m_comparison);
    form->addRow(tr("Charts"), m_legend);
    auto *clear = new QPushButton(tr("Clear recent files"), this);
    connect(clear, &QPushButton::clicked, this, [this, clear] {
        m_settings->clearRecentFiles();
        clear->setEnabled(false);
    });
    clear->setEnabled(!settings->recentFiles().isEmpty());
    form->addRow(tr("Recent files"), clear);

    // The PDF report's branding for plans that name none of their own.
    organisation()->setText(settings->reportOrganisation());
    organisation()->setPlaceholderText(tr("none"));
    logo()->setPath(settings->reportLogo());
    logo()->setPlaceholderText(tr("none"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_branding);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
}

QLineEdit *PreferencesDialog::organisation() const
{
    return m_branding->organisation();
}

report::LogoPathEdit *PreferencesDialog::logo() const
{
    return m_branding->logo();
}

QString PreferencesDialog::error() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void PreferencesDialog::accept()
{
    // The branding follows the plan fields' rules; a preference has no plan folder, so its logo
    // path is absolute. Checked first: a refused dialog stores nothing.
    m_error->hide();
    const QString organisation = this->organisation()->text().trimmed();
    const QString logo = this->logo()->path();
    std::string message;
    QString problem;
    if (!checkFieldText(*findPlanField("report.organisation"), organisation.toStdString(), message))
        problem = tr("Organisation: %1").arg(QString::fromStdString(message));
    else if (!checkFieldText(*findPlanField("report.logo"), logo.toStdString(), message))
        problem = tr("Logo: %1").arg(QString::fromStdString(message));
    else if (!logo.isEmpty() && QFileInfo(logo).isRelative())
        problem = tr("Logo: \"%1\" is a relative path; a default logo needs an absolute path (use Browse…)").arg(logo);
    if (!problem.isEmpty()) {
        m_error->setText(problem);
        m_error->show();
        return;
    }
    m_settings->setReportOrganisation(organisation);
    m_settings->setReportLogo(logo);
    m_settings->setTheme(static_cast<Theme>(m_theme->currentData().toInt()));
    m_settings->setPresentationMode(m_presentation->isChecked());
    m_settings->setComparisonGpuCount(m_comparison->value());
    m_settings->setChartLegendVisible(m_legend->isChecked());
    QDialog::accept();
}

} // namespace gpuplan::ui
