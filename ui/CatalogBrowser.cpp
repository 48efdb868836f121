// SPDX-License-Identifier: GPL-3.0-or-later
#include "CatalogBrowser.h"

#include "CatalogEntryDialog.h"
#include "PlanController.h"

#include "catalog/CatalogLoader.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace gpuplan::ui {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QTableWidget *newTable()
{
    auto *t = new QTableWidget;
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->verticalHeader()->setVisible(false);
    t->setAlternatingRowColors(true);
    t->setSortingEnabled(false);
    return t;
}

} // namespace

CatalogBrowser::CatalogBrowser(PlanController *controller, QWidget *parent)
    : QDialog(parent), m_controller(controller), m_userFolder(qs(defaultUserCatalogDir())), m_tabs(new QTabWidget),
      m_sources(newTable()), m_sourcesTitle(new QLabel)
{
    setObjectName(QStringLiteral("catalogBrowser"));
    setWindowTitle(tr("Catalog"));
    m_sources->setObjectName(QStringLiteral("catalogSources"));
    m_sources->setColumnCount(5);
    m_sources->setHorizontalHeaderLabels({tr("Figure"), tr("Source"), tr("Date"), tr("Estimate"), tr("Note")});
    m_sources->horizontalHeader()->setStretchLastSection(true);
    m_sources->setSelectionMode(QAbstractItemView::NoSelection);
    m_sources->setWordWrap(false);
    m_sources->setTextElideMode(Qt::ElideMiddle);

    auto *sourcesBox = new QWidget;
    auto *sourcesLayout = new QVBoxLayout(sourcesBox);
    sourcesLayout->setContentsMargins(0, 0, 0, 0);
    sourcesLayout->addWidget(m_sourcesTitle);
    sourcesLayout->addWidget(m_sources);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_tabs);
    split->addWidget(sourcesBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QPushButton *addGpuButton = buttons->addButton(tr("Add &GPU…"), QDialogButtonBox::ActionRole);
    QPushButton *addPrice = buttons->addButton(tr("Add cloud &price…"), QDialogButtonBox::ActionRole);
    QPushButton *openFolder = buttons->addButton(tr("Open user &folder"), QDialogButtonBox::ActionRole);
    connect(addGpuButton, &QPushButton::clicked, this, &CatalogBrowser::addGpu);
    connect(addPrice, &QPushButton::clicked, this, &CatalogBrowser::addCloudPrice);
    connect(openFolder, &QPushButton::clicked, this, [this] {
        QDir().mkpath(m_userFolder);
        QDesktopServices::openUrl(QUrl::fromLocalFile(m_userFolder));
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);

    auto *hint = new QLabel(tr("Hover a figure for its source and date; select an entry to see all its sources. "
                               "Figures marked * are estimates. Entries you add are saved in %1.")
                                .arg(QDir::toNativeSeparators(m_userFolder).toHtmlEscaped()));
    hint->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(hint);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    connect(m_tabs, &QTabWidget::currentChanged, this, &CatalogBrowser::showSources);
    refresh();
    resize(1200, 720);
}

void CatalogBrowser::refresh()
{
    const int currentTab = std::max(m_tabs->currentIndex(), 0);
    m_tables = catalogTables(m_controller->catalog());
    if (m_views.empty()) {
        for (const CatalogTable &t : m_tables) {
            QTableWidget *view = newTable();
            view->setObjectName(t.kind);
            connect(view, &QTableWidget::itemSelectionChanged, this, &CatalogBrowser::showSources);
            m_views.push_back(view);
            m_tabs->addTab(view, t.title);
        }
    }
    for (std::size_t i = 0; i < m_tables.size(); ++i) {
        fillTable(m_views[i], m_tables[i]);
        m_tabs->setTabText(static_cast<int>(i), QStringLiteral("%1 (%2)").arg(m_tables[i].title).arg(m_tables[i].rows.size()));
    }
    m_tabs->setCurrentIndex(currentTab);
    showSources();
}

void CatalogBrowser::fillTable(QTableWidget *view, const CatalogTable &table)
{
    const QSignalBlocker block(view);
    view->clear();
    view->setColumnCount(static_cast<int>(table.headers.size()));
    view->setHorizontalHeaderLabels(table.headers);
    view->setRowCount(static_cast<int>(table.rows.size()));
    for (int r = 0; r < static_cast<int>(table.rows.size()); ++r) {
        const CatalogRow &row = table.rows[static_cast<std::size_t>(r)];
        for (int c = 0; c < static_cast<int>(row.cells.size()); ++c) {
            const CatalogCell &cell = row.cells[static_cast<std::size_t>(c)];
            auto *item = new QTableWidgetItem(cell.text);
            // Figures read as numbers: right-aligned so the digits line up.
            const QChar first = cell.text.isEmpty() ? QChar() : cell.text.front();
            if (!cell.sourceKey.empty() && (first.isDigit() || first == QLatin1Char('$') || first == QChar(0x2013)))
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (const Provenance *p = findSource(row, cell.sourceKey)) {
                item->setToolTip(provenanceSummary(*p));
                if (p->estimate)
                    item->setText(cell.text + QStringLiteral(" *"));
            }
            view->setItem(r, c, item);
        }
    }
    view->resizeColumnsToContents();
}

QTableWidget *CatalogBrowser::table(const QString &kind) const
{
    for (std::size_t i = 0; i < m_tables.size(); ++i) {
        if (m_tables[i].kind == kind)
            return m_views[i];
    }
    return nullptr;
}

bool CatalogBrowser::selectEntry(const QString &kind, const QString &id)
{
    for (std::size_t i = 0; i < m_tables.size(); ++i) {
        if (m_tables[i].kind != kind)
            continue;
        for (std::size_t r = 0; r < m_tables[i].rows.size(); ++r) {
            if (m_tables[i].rows[r].id == id) {
                m_tabs->setCurrentIndex(static_cast<int>(i));
                m_views[i]->selectRow(static_cast<int>(r));
                return true;
            }
        }
    }
    return false;
}

void CatalogBrowser::showSources()
{
    m_sources->setRowCount(0);
    const int tab = m_tabs->currentIndex();
    if (tab < 0 || tab >= static_cast<int>(m_tables.size())) {
        m_sourcesTitle->clear();
        return;
    }
    const QModelIndexList selected = m_views[static_cast<std::size_t>(tab)]->selectionModel()->selectedRows();
    if (selected.isEmpty()) {
        m_sourcesTitle->setText(tr("Select an entry to see the source and date of each of its figures."));
        return;
    }
    const CatalogRow &row = m_tables[static_cast<std::size_t>(tab)].rows[static_cast<std::size_t>(selected.front().row())];
    m_sourcesTitle->setText(tr("Sources of <b>%1</b>").arg(row.id.toHtmlEscaped()));
    m_sources->setRowCount(static_cast<int>(row.sources.size()));
    int r = 0;
    for (const auto &[field, p] : row.sources) {
        const QString cells[] = {qs(field), qs(p.source), p.date.empty() ? tr("undated") : qs(p.date),
                                 p.estimate ? tr("yes") : QString(), qs(p.note)};
        for (int c = 0; c < 5; ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            item->setToolTip(cells[c]);
            m_sources->setItem(r, c, item);
        }
        ++r;
    }
    m_sources->resizeColumnToContents(0);
    m_sources->setColumnWidth(1, 460);   // long citations: the tool tip holds the whole text
    m_sources->resizeColumnToContents(2);
    m_sources->resizeColumnToContents(3);
}

void CatalogBrowser::addGpu()
{
    addEntry(gpuEntryForm());
}

void CatalogBrowser::addCloudPrice()
{
    addEntry(cloudPriceForm());
}

void CatalogBrowser::addEntry(const EntryForm &form)
{
    CatalogEntryDialog dialog(form, m_controller->catalog(), m_userFolder, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString id = dialog.draft().id.trimmed();
    emit userCatalogChanged();
    refresh();
    selectEntry(QString::fromStdString(form.kind), id);
}

} // namespace gpuplan::ui
