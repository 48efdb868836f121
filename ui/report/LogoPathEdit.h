// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

namespace gpuplan::ui::report {

// A logo path with a Browse… button, a small preview and a line that says what the PDF will
// print: the image's kind and size, or why it cannot be used (checked as the report reads it).
// Preferences and the plan properties dialog edit the logo with it.
class LogoPathEdit : public QWidget
{
    Q_OBJECT
public:
    explicit LogoPathEdit(QWidget *parent = nullptr);

    // Relative paths resolve against this plan file's folder, and Browse… writes a file inside
    // that folder relative to it so the plan and its logo move together. Empty: paths are absolute.
    void setPlanFile(const QString &planFile);
    QString path() const;
    void setPath(const QString &path);
    void setPlaceholderText(const QString &text);
    QLineEdit *lineEdit() const { return m_edit; }

    bool isUsable() const { return m_usable; }    // empty, or a file the report can read
    QString status() const;                        // the line under the path

private:
    void browse();
    void updateStatus();

    QLineEdit *m_edit;
    QToolButton *m_browse;
    QLabel *m_preview;
    QLabel *m_status;
    QString m_planFile;
    bool m_usable = true;
};

} // namespace gpuplan::ui::report
