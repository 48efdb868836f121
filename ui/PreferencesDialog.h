// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace gpuplan::ui {

class Settings;

// Edit > Preferences: theme, presentation mode and chart defaults. Writes to Settings on OK;
// the main window then applies them.
class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PreferencesDialog(Settings *settings, QWidget *parent = nullptr);

    void accept() override;

private:
    Settings *m_settings;
    QComboBox *m_theme;
    QCheckBox *m_presentation;
    QSpinBox *m_comparison;
    QCheckBox *m_legend;
};

} // namespace gpuplan::ui
