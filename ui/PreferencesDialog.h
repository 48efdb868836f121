// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace gpuplan::ui {

class Settings;

namespace report {
class BrandingBox;
class LogoPathEdit;
}

// Edit > Preferences: theme, presentation mode, chart defaults and the PDF report's default
// organisation and logo. Writes to Settings on OK (nothing when a value is out of bounds); the
// main window then applies them.
class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PreferencesDialog(Settings *settings, QWidget *parent = nullptr);

    void accept() override;

    QLineEdit *organisation() const;
    report::LogoPathEdit *logo() const;
    QString error() const;                         // why OK was refused; empty if it was not

private:
    Settings *m_settings;
    QComboBox *m_theme;
    QCheckBox *m_presentation;
    QSpinBox *m_comparison;
    QCheckBox *m_legend;
    report::BrandingBox *m_branding;
    QLabel *m_error;
};

} // namespace gpuplan::ui
