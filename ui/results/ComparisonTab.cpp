// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/ComparisonTab.h"

#include "NumberText.h"

#include "Theme.h"
#include "document/PlanController.h"

#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QTime>
#include <QVBoxLayout>

#include <cmath>

namespace gpuplan::ui {

namespace {

// Differences below this are rounding, not a change worth a colour.
constexpr double kSignificant = 0.005;

} // namespace

ComparisonTab::ComparisonTab(QWidget *parent)
    : ResultTab(parent), m_table(new QTableWidget(this)), m_hint(new QLabel(this)),
      m_remove(new QPushButton(tr("Remove column"), this))
{
    setObjectName(QStringLiteral("comparisonTab"));
    auto *column = new QVBoxLayout(this);
    auto *buttons = new QHBoxLayout;
    auto *addFile = new QPushButton(tr("Add plan file…"), this);
    auto *snapshot = new QPushButton(tr("Add a copy of the open plan"), this);
    snapshot->setToolTip(tr("Freezes the open plan as a column; edit the open plan and compare with the copy."));
    buttons->addWidget(addFile);
    buttons->addWidget(snapshot);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    column->addLayout(buttons);
    column->addWidget(m_table, 1);
    column->addWidget(m_hint);
    m_hint->setWordWrap(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectColumns);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_table->setWordWrap(false);
    connect(addFile, &QPushButton::clicked, this, &ComparisonTab::chooseAndAddFiles);
    connect(snapshot, &QPushButton::clicked, this, &ComparisonTab::addSnapshot);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int col = m_table->currentColumn();
        if (col >= 1)
            removeScenario(col - 1);
    });
    connect(m_table, &QTableWidget::currentCellChanged, this,
            [this](int, int col) { m_remove->setEnabled(col >= 1); });
    m_remove->setEnabled(false);
}

void ComparisonTab::refresh(const PlanController &controller)
{
    m_controller = &controller;
    m_comparison.refresh(controller);
    rebuild();
}

bool ComparisonTab::addFile(const QString &path, QString &error)
{
    if (!m_controller) {
        error = tr("Nothing to compare with yet.");
        return false;
    }
    if (!m_comparison.addFile(path, m_controller->catalog(), error))
        return false;
    refresh(*m_controller);
    return true;
}

void ComparisonTab::addSnapshot()
{
    if (!m_controller)
        return;
    // Two header lines keep the columns narrow enough for presentation-size fonts.
    m_comparison.addSnapshot(m_controller->plan(), tr("Copy %1 of %2\n(%3)")
                                                       .arg(++m_snapshots)
                                                       .arg(m_controller->displayName(),
                                                            QTime::currentTime().toString(QStringLiteral("HH:mm"))));
    refresh(*m_controller);
}

void ComparisonTab::addPlan(const Plan &plan, const QString &name)
{
    m_comparison.addSnapshot(plan, name);
    if (m_controller)
        refresh(*m_controller);
}

bool ComparisonTab::removeScenario(int scenarioIndex)
{
    if (!m_comparison.remove(scenarioIndex))
        return false;
    if (m_controller)
        refresh(*m_controller);
    return true;
}

void ComparisonTab::chooseAndAddFiles()
{
    const QStringList files =
        QFileDialog::getOpenFileNames(this, tr("Compare with"), QString(), tr("gpuplan plans (*.gpuplan);;All files (*)"));
    QStringList problems;
    for (const QString &file : files) {
        QString error;
        if (!addFile(file, error))
            problems << tr("%1:\n%2").arg(file, error);
    }
    if (!problems.isEmpty())
        QMessageBox::warning(this, tr("Compare"), problems.join(QStringLiteral("\n\n")));
}

void ComparisonTab::changeEvent(QEvent *event)
{
    ResultTab::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_controller)
        rebuild();
}

void ComparisonTab::rebuild()
{
    const ScenarioComparison &c = m_comparison;
    std::vector<ComparisonRow> rows;
    for (int r = 0; r < kComparisonRowCount; ++r) {
        if (c.rowUsed(static_cast<ComparisonRow>(r)))
            rows.push_back(static_cast<ComparisonRow>(r));
    }
    m_table->clear();
    m_table->setColumnCount(c.columnCount());
    m_table->setRowCount(static_cast<int>(rows.size()));
    for (int col = 0; col < c.columnCount(); ++col)
        m_table->setHorizontalHeaderItem(col, new QTableWidgetItem(c.columnTitle(col)));
    const QPalette pal = palette();
    QColor better = okColor(pal);
    better.setAlphaF(0.22f);
    QColor worse = errorColor(pal);
    worse.setAlphaF(0.22f);
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const ComparisonRow row = rows[static_cast<std::size_t>(r)];
        auto *label = new QTableWidgetItem(ScenarioComparison::rowLabel(row));
        m_table->setVerticalHeaderItem(r, label);
        for (int col = 0; col < c.columnCount(); ++col) {
            const ComparisonCell &cell = c.cell(row, col);
            auto *item = new QTableWidgetItem(cell.text);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            const double d = c.difference(row, col);
            if (col > 0 && std::fabs(d) >= kSignificant) {
                const bool improved = (ScenarioComparison::better(row) == Better::Higher) == (d > 0);
                if (row != ComparisonRow::Fits)
                    item->setText(QStringLiteral("%1  (%2%3)")
                                      .arg(cell.text, d > 0 ? QStringLiteral("+") : QString(),
                                           percentText(d, std::fabs(d) < 0.1 ? 1 : 0)));
                item->setBackground(improved ? better : worse);
                item->setToolTip(improved ? tr("Better than the open plan") : tr("Worse than the open plan"));
            }
            m_table->setItem(r, col, item);
        }
    }
    m_hint->setText(c.columnCount() > 1
                        ? tr("Percentages compare each column with the open plan; green is better, red is worse.")
                        : tr("Add a plan file or a copy of the open plan to compare scenarios side by side."));
    m_remove->setEnabled(m_table->currentColumn() >= 1);
}

} // namespace gpuplan::ui
