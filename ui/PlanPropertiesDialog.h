// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;

namespace gpuplan::ui {

class PlanController;
class Settings;

namespace report {
class BrandingBox;
class LogoPathEdit;
}

// Plan › Properties: the plan's name, author and the PDF report's organisation and logo. Empty
// organisation and logo fall back to Preferences, which the placeholders show. OK checks every
// field against the plan's bounds first and changes nothing when one is out; then each changed
// field is one undo step through the controller.
class PlanPropertiesDialog : public QDialog
{
    Q_OBJECT
public:
    PlanPropertiesDialog(PlanController *controller, const Settings &settings, QWidget *parent = nullptr);

    QLineEdit *field(const QString &path) const;   // for tests: "name", "report.organisation", ...
    report::LogoPathEdit *logo() const;
    QString error() const;                         // why OK was refused; empty if it was not

    void accept() override;

private:
    PlanController *m_controller;
    QLineEdit *m_name;
    QLineEdit *m_preparedBy;
    report::BrandingBox *m_branding;
    QLabel *m_error;
};

} // namespace gpuplan::ui
