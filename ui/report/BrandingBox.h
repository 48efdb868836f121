// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGroupBox>

class QLineEdit;

namespace gpuplan::ui::report {

class LogoPathEdit;

// The "PDF report" group of Edit › Preferences and Plan › Properties: the organisation's name and
// its logo (path, preview and what the PDF will print), with a note on where they apply.
class BrandingBox : public QGroupBox
{
    Q_OBJECT
public:
    BrandingBox(const QString &note, QWidget *parent = nullptr);

    QLineEdit *organisation() const { return m_organisation; }
    LogoPathEdit *logo() const { return m_logo; }

private:
    QLineEdit *m_organisation;
    LogoPathEdit *m_logo;
};

} // namespace gpuplan::ui::report
