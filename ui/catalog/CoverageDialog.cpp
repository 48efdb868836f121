// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/CoverageDialog.h"

#include "common/TextFile.h"
#include "validate/Coverage.h"
#include "validate/CsvTable.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QStandardPaths>
#include <QTableWidget>
#include <QVBoxLayout>

namespace gpuplan::ui {

QString CoverageDialog::validationFolder()
{
    const QString env = qEnvironmentVariable("GPUPLAN_VALIDATION_DIR");
    if (!env.isEmpty())
        return env;
    const QString installed =
        QStandardPaths::locate(QStandardPaths::GenericDataLocation, QStringLiteral("gpuplan/validation"),
                               QStandardPaths::LocateDirectory);
    if (!installed.isEmpty())
        return installed;
    return QStringLiteral(GPUPLAN_SOURCE_VALIDATION_DIR);
}

CoverageDialog::CoverageDialog(const Catalog &catalog, const QString &validationDir, QWidget *parent)
    : QDialog(parent), m_table(new QTableWidget(this)), m_summary(new QLabel(this))
{
    setWindowTitle(tr("Coverage of the models"));
    const QString dir = validationDir.isEmpty() ? validationFolder() : validationDir;
    ValidationCounts counts;
    const std::pair<const char *, const char *> files[] = {
        {"training", "training_public.csv"}, {"inference", "inference_public.csv"}, {"memory", "memory_public.csv"}};
    for (const auto &[workload, name] : files) {
        std::string text, error;
        const std::string path = QDir(dir).filePath(QLatin1String(name)).toStdString();
        if (!readTextFile(path, CsvTable::kMaxBytes, text, error) || !countValidationRows(text, workload, catalog, counts, error)) {
            m_problem = QString::fromStdString(error);
            break;
        }
    }
    const std::vector<CoverageCell> cells = m_problem.isEmpty() ? computeCoverage(catalog, counts) : std::vector<CoverageCell>{};
    m_table->setColumnCount(5);
    m_table->setHorizontalHeaderLabels({tr("GPU"), tr("Precision"), tr("Training"), tr("Inference"), tr("Memory")});
    m_table->setRowCount(static_cast<int>(cells.size() / 3));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    int validated = 0, extrapolated = 0, none = 0;
    for (std::size_t i = 0; i + 2 < cells.size(); i += 3) {
        const int row = static_cast<int>(i / 3);
        m_table->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(cells[i].gpu)));
        m_table->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(cells[i].precision)));
        for (int k = 0; k < 3; ++k) {
            const CoverageCell &c = cells[i + static_cast<std::size_t>(k)];
            QString text;
            switch (c.status) {
            case CoverageStatus::Validated: text = tr("validated (%1)").arg(c.rows); ++validated; break;
            case CoverageStatus::Extrapolated: text = tr("extrapolated"); ++extrapolated; break;
            case CoverageStatus::NotCovered: text = tr("not validated"); ++none; break;
            }
            auto *item = new QTableWidgetItem(text);
            item->setToolTip(QString::fromStdString(c.basis));
            item->setData(Qt::UserRole, static_cast<int>(c.status));
            m_table->setItem(row, 2 + k, item);
        }
    }
    m_table->resizeColumnsToContents();
    m_summary->setWordWrap(true);
    m_summary->setText(m_problem.isEmpty()
                           ? tr("Validated: compared with measurements of that GPU at that precision (the count of "
                                "rows in %1). Extrapolated: the model carries over from other measurements and is "
                                "not validated there. Not validated: nothing to rest on, a planning figure. "
                                "%2 validated, %3 extrapolated, %4 not validated; hover a cell for its basis.")
                                 .arg(dir)
                                 .arg(validated)
                                 .arg(extrapolated)
                                 .arg(none)
                           : tr("The validation files could not be read: %1").arg(m_problem));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(820, 640);
}

} // namespace gpuplan::ui
