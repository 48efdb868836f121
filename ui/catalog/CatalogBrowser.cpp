// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/CatalogBrowser.h"

#include "catalog/CatalogEntryDialog.h"
#include "document/PlanController.h"

#include "catalog/CatalogLoader.h"
#include "eval/ResolvedPlan.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
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
      m_sources(newTable()), m_sourcesTitle(new QLabel), m_entryStatus(new QLabel), m_edit(nullptr), m_delete(nullptr)
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
    m_entryStatus->setObjectName(QStringLiteral("entryStatus"));
    m_entryStatus->setWordWrap(true);
    sourcesLayout->addWidget(m_entryStatus);
    sourcesLayout->addWidget(m_sourcesTitle);
    sourcesLayout->addWidget(m_sources);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_tabs);
    split->addWidget(sourcesBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QPushButton *add = buttons->addButton(tr("&Add"), QDialogButtonBox::ActionRole);
    auto *addMenu = new QMenu(add);
    for (const EntryForm *form : {&gpuEntryForm(), &nodeEntryForm(), &fabricEntryForm(), &modelEntryForm(), &cloudPriceForm()})
        addMenu->addAction(form->title + QStringLiteral("…"), this, [this, form] { addEntry(*form); });
    add->setMenu(addMenu);
    m_edit = buttons->addButton(tr("&Edit…"), QDialogButtonBox::ActionRole);
    m_delete = buttons->addButton(tr("&Delete…"), QDialogButtonBox::ActionRole);
    m_edit->setObjectName(QStringLiteral("editEntry"));
    m_delete->setObjectName(QStringLiteral("deleteEntry"));
    QPushButton *openFolder = buttons->addButton(tr("Open user &folder"), QDialogButtonBox::ActionRole);
    connect(m_edit, &QPushButton::clicked, this, &CatalogBrowser::editSelected);
    connect(m_delete, &QPushButton::clicked, this, &CatalogBrowser::deleteSelected);
    connect(openFolder, &QPushButton::clicked, this, [this] {
        QDir().mkpath(m_userFolder);
        QDesktopServices::openUrl(QUrl::fromLocalFile(m_userFolder));
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);

    auto *hint = new QLabel(tr("Hover a figure for its source and date; select an entry to see all its sources. "
                               "Figures marked * are estimates; \u2020 marks a secondary source: a third party's report of the "
                               "vendor's or the cloud's figure, to check against the provider's own page before a "
                               "purchase. Entries you add are saved in %1; the entries of "
                               "that folder can be edited and deleted here.")
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
                if (p->estimate || p->secondary)
                    item->setText(cell.text + QStringLiteral(" ") + (p->estimate ? QStringLiteral("*") : QString()) +
                                  (p->secondary ? QStringLiteral("\u2020") : QString()));
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
    updateEntryActions();
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
        const QString source = qs(p.source) + (p.secondary ? tr(" (secondary source)") : QString());
        const QString cells[] = {qs(field), source, p.date.empty() ? tr("undated") : qs(p.date),
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

void CatalogBrowser::addEntry(const EntryForm &form)
{
    CatalogEntryDialog dialog(form, m_controller->catalog(), m_userFolder, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    afterUserChange(QString::fromStdString(form.kind), dialog.draft().id.trimmed());
}

void CatalogBrowser::afterUserChange(const QString &kind, const QString &id)
{
    emit userCatalogChanged();
    refresh();
    if (!id.isEmpty())
        selectEntry(kind, id);
}

bool CatalogBrowser::selectedEntry(QString &kind, QString &id) const
{
    const int tab = m_tabs->currentIndex();
    if (tab < 0 || tab >= static_cast<int>(m_tables.size()))
        return false;
    const QModelIndexList selected = m_views[static_cast<std::size_t>(tab)]->selectionModel()->selectedRows();
    if (selected.isEmpty())
        return false;
    kind = m_tables[static_cast<std::size_t>(tab)].kind;
    id = m_tables[static_cast<std::size_t>(tab)].rows[static_cast<std::size_t>(selected.front().row())].id;
    return true;
}

UserEntryPlace CatalogBrowser::placeOf(const QString &kind, const QString &id) const
{
    return UserCatalogEditor(m_userFolder).locate(kind.toStdString(), id);
}

void CatalogBrowser::updateEntryActions()
{
    QString kind;
    QString id;
    if (!selectedEntry(kind, id)) {
        m_edit->setEnabled(false);
        m_delete->setEnabled(false);
        m_entryStatus->clear();
        return;
    }
    const UserEntryPlace place = placeOf(kind, id);
    const bool mine = !place.filePath.isEmpty();
    const bool hasForm = entryFormFor(kind.toStdString()) != nullptr;
    m_edit->setEnabled(mine && hasForm);
    m_delete->setEnabled(mine);
    if (!mine)
        m_entryStatus->setText(place.reason);
    else if (hasForm)
        m_entryStatus->setText(tr("Your entry, in %1: Edit or Delete changes only this entry.")
                                   .arg(QFileInfo(place.filePath).fileName()));
    else
        m_entryStatus->setText(tr("Your entry, in %1: it has no form here; edit the file in a text editor, or Delete it.")
                                   .arg(QFileInfo(place.filePath).fileName()));
}

std::unique_ptr<CatalogEntryDialog> CatalogBrowser::editDialog(const QString &kind, const QString &id, QString &error)
{
    const EntryForm *form = entryFormFor(kind.toStdString());
    if (!form) {
        error = tr("%1 entries have no form here; edit the file in a text editor").arg(kind);
        return nullptr;
    }
    EntryDraft draft;
    if (!UserCatalogEditor(m_userFolder).readDraft(*form, id, draft, error))
        return nullptr;
    auto dialog = std::make_unique<CatalogEntryDialog>(*form, m_controller->catalog(), m_userFolder, this);
    dialog->setEditing(draft, QFileInfo(placeOf(kind, id).filePath).fileName());
    return dialog;
}

void CatalogBrowser::editSelected()
{
    QString kind;
    QString id;
    QString error;
    if (!selectedEntry(kind, id))
        return;
    std::unique_ptr<CatalogEntryDialog> dialog = editDialog(kind, id, error);
    if (!dialog) {
        QMessageBox::information(this, tr("Edit %1").arg(id), error);
        return;
    }
    if (dialog->exec() == QDialog::Accepted)
        afterUserChange(kind, id);
}

QString CatalogBrowser::deletionQuestion(const QString &kind, const QString &id) const
{
    const UserCatalogEditor editor(m_userFolder);
    const std::string k = kind.toStdString();
    const std::string key = catalogKey(id.toStdString());
    const CatalogWithout after = editor.catalogWithout(k, id);
    QString text = tr("Delete %1 from %2? Only this entry is removed; the rest of the file stays as it is.")
                       .arg(id, QFileInfo(placeOf(kind, id).filePath).fileName());
    if (!after.loaded)
        return text;
    const bool stays = catalogEntryId(k, after.catalog, id.toStdString()) != nullptr;
    if (stays)
        text += QStringLiteral("\n\n") + tr("%1 is also in the bundled catalog: its bundled figures apply again.").arg(id);

    // Which parts of the current plan use the entry, explicitly or as a default.
    const Plan &plan = m_controller->plan();
    const ResolvedPlan &now = m_controller->resolved();
    auto same = [&key](const std::string &name) { return !name.empty() && catalogKey(name) == key; };
    QStringList uses;
    if (k == "gpus" && same(plan.hardware.gpu))
        uses << tr("its GPU (hardware.gpu)");
    if (k == "nodes" && (same(plan.hardware.node) || (now.node && same(now.node->id))))
        uses << (plan.hardware.node.empty() ? tr("its node type (the GPU's default node)") : tr("its node type (hardware.node)"));
    if (k == "fabrics" && (same(plan.hardware.fabric) || (now.fabric && same(now.fabric->id))))
        uses << (plan.hardware.fabric.empty() ? tr("its fabric (the node's default fabric)") : tr("its fabric (hardware.fabric)"));
    if (k == "clouds" && (same(plan.cost.cloudOffer) || (now.cloud && same(now.cloud->id))))
        uses << (plan.cost.cloudOffer.empty() ? tr("its cloud offer (the cheapest for its GPU)") : tr("its cloud offer (cost.cloud_offer)"));
    if (k == "models" && same(plan.model.preset))
        uses << tr("its model preset (model.preset)");
    if (!uses.isEmpty()) {
        text += QStringLiteral("\n\n") + tr("The current plan uses %1 as %2. The plan itself is not changed.")
                                              .arg(id, uses.join(tr(" and ")));
        ResolvedPlan resolved;
        std::vector<ResolveError> errors;
        resolvePlan(plan, after.catalog, resolved, errors);
        if (k == "models") {
            text += QLatin1Char(' ') + tr("Its model fields are its own copy and stay; model.preset keeps the name.");
        } else if (!errors.empty()) {
            QStringList messages;
            for (const ResolveError &e : errors)
                messages << QString::fromStdString(e.field + ": " + e.message).left(200);
            text += QLatin1Char(' ') + tr("Until you choose another or add %1 again, it shows no results, with:\n%2")
                                           .arg(id, messages.join(QLatin1Char('\n')));
        } else if (k == "clouds" && plan.cost.cloudOffer.empty() && resolved.cloud) {
            text += QLatin1Char(' ') + tr("Its cost comparison will use %1 instead.").arg(QString::fromStdString(resolved.cloud->id));
        } else if (stays) {
            text += QLatin1Char(' ') + tr("Its results will use the bundled figures.");
        }
    }
    if (!after.newIssues.isEmpty())
        text += QStringLiteral("\n\n") + tr("Entries that refer to it will report:\n%1")
                                              .arg(after.newIssues.mid(0, 5).join(QLatin1Char('\n')));
    return text;
}

bool CatalogBrowser::deleteEntry(const QString &kind, const QString &id, QString &error)
{
    if (!UserCatalogEditor(m_userFolder).remove(kind.toStdString(), id, error))
        return false;
    afterUserChange(kind, QString());
    return true;
}

void CatalogBrowser::deleteSelected()
{
    QString kind;
    QString id;
    if (!selectedEntry(kind, id))
        return;
    const UserEntryPlace place = placeOf(kind, id);
    if (place.filePath.isEmpty()) {
        QMessageBox::information(this, tr("Delete %1").arg(id), place.reason);
        return;
    }
    QMessageBox confirm(QMessageBox::Question, tr("Delete %1").arg(id), deletionQuestion(kind, id),
                        QMessageBox::Cancel, this);
    confirm.addButton(tr("Delete"), QMessageBox::DestructiveRole);
    confirm.setDefaultButton(QMessageBox::Cancel);
    if (confirm.exec() == QMessageBox::Cancel)
        return;
    QString error;
    if (!deleteEntry(kind, id, error))
        QMessageBox::warning(this, tr("Delete %1").arg(id), error);
}

} // namespace gpuplan::ui
