// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"

#include <QDialog>
#include <QString>

class QTableWidget;
class QLabel;

namespace gpuplan::ui {

// Help › Coverage: the support matrix of gpuplan-cli catalog coverage (validate/Coverage.h). One
// row per GPU and precision, one column per workload: "validated (N)", "extrapolated" or "not
// validated"; the tooltip says what the status rests on. Counted from the bundled validation CSVs.
class CoverageDialog : public QDialog
{
    Q_OBJECT
public:
    // validationDir empty = the installed or source-tree validation folder (validationFolder()).
    CoverageDialog(const Catalog &catalog, const QString &validationDir, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QString problem() const { return m_problem; }   // why the files could not be read; empty when they were

    // $GPUPLAN_VALIDATION_DIR, else share/gpuplan/validation (installed), else the source tree's.
    static QString validationFolder();

private:
    QTableWidget *m_table;
    QLabel *m_summary;
    QString m_problem;
};

} // namespace gpuplan::ui
