// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/FieldReferenceDialog.h"

#include "plan/PlanFields.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QTableWidget>
#include <QVBoxLayout>

namespace gpuplan::ui {

FieldReferenceDialog::FieldReferenceDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Plan file fields"));
    const auto fields = planFields();
    auto *table = new QTableWidget(static_cast<int>(fields.size()), 3, this);
    table->setHorizontalHeaderLabels({tr("Field"), tr("Allowed values"), tr("Meaning")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->setWordWrap(true);
    int row = 0;
    for (const FieldSpec &f : fields) {
        table->setItem(row, 0, new QTableWidgetItem(QString::fromUtf8(f.path)));
        table->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(describeAllowed(f))));
        table->setItem(row, 2, new QTableWidgetItem(QString::fromUtf8(f.help)));
        ++row;
    }
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Interactive);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setColumnWidth(1, 320);

    auto *filter = new QLineEdit(this);
    filter->setPlaceholderText(tr("Filter by field name or meaning"));
    filter->setClearButtonEnabled(true);
    connect(filter, &QLineEdit::textChanged, table, [table](const QString &text) {
        for (int r = 0; r < table->rowCount(); ++r) {
            const bool match = text.isEmpty() || table->item(r, 0)->text().contains(text, Qt::CaseInsensitive)
                               || table->item(r, 2)->text().contains(text, Qt::CaseInsensitive);
            table->setRowHidden(r, !match);
        }
    });
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(filter);
    layout->addWidget(table, 1);
    layout->addWidget(buttons);
    resize(980, 640);
}

} // namespace gpuplan::ui
