// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/CatalogTables.h"
#include "catalog/UserCatalogEntry.h"

#include <QDialog>

#include <memory>
#include <vector>

class QTabWidget;
class QTableWidget;
class QLabel;
class QPushButton;

namespace gpuplan::ui {

class CatalogEntryDialog;
class PlanController;

// Catalog › Browse: every kind of the catalog in use (GPUs, nodes, fabrics, cloud offers,
// models, engines, storage tiers) as tables; each figure's tool tip names its source and date,
// and the sources table lists them all for the selected entry. Adding a GPU or a cloud price
// writes the user catalog folder (never the bundled files) and asks for a catalog reload.
// Entries a user file holds can be edited (the same validated form, prefilled) and deleted
// (after a confirmation that says what the current plan will show); bundled entries are
// read-only and the browser says why.
class CatalogBrowser : public QDialog
{
    Q_OBJECT
public:
    CatalogBrowser(PlanController *controller, QWidget *parent = nullptr);

    // Rebuilds the tables from the controller's catalog (after a reload).
    void refresh();
    QString userFolder() const { return m_userFolder; }   // defaultUserCatalogDir()

    QTabWidget *tabs() const { return m_tabs; }
    QTableWidget *table(const QString &kind) const;
    QTableWidget *sourcesTable() const { return m_sources; }
    const std::vector<CatalogTable> &tables() const { return m_tables; }
    // Selects an entry by id in the tab of its kind; false when there is none.
    bool selectEntry(const QString &kind, const QString &id);

    // Opens the form; a saved entry is selected after the reload.
    void addEntry(const EntryForm &form);

    // The selected entry's kind and id; false when none is selected.
    bool selectedEntry(QString &kind, QString &id) const;
    // Where the entry lives: a user file (editable) or, with the reason, not.
    UserEntryPlace placeOf(const QString &kind, const QString &id) const;
    // The form to edit the entry with, prefilled; nullptr (and error) when it cannot be edited here.
    std::unique_ptr<CatalogEntryDialog> editDialog(const QString &kind, const QString &id, QString &error);
    void editSelected();
    // The confirmation text for deleting the entry: what the current plan will show afterwards.
    QString deletionQuestion(const QString &kind, const QString &id) const;
    bool deleteEntry(const QString &kind, const QString &id, QString &error);
    void deleteSelected();

signals:
    // A user catalog file changed: the owner reloads the catalog, then calls refresh().
    void userCatalogChanged();

private:
    void fillTable(QTableWidget *view, const CatalogTable &table);
    void showSources();
    void afterUserChange(const QString &kind, const QString &id);
    void updateEntryActions();

    PlanController *m_controller;
    QString m_userFolder;
    QTabWidget *m_tabs;
    QTableWidget *m_sources;
    QLabel *m_sourcesTitle;
    QLabel *m_entryStatus;
    QPushButton *m_edit;
    QPushButton *m_delete;
    std::vector<CatalogTable> m_tables;
    std::vector<QTableWidget *> m_views;
};

} // namespace gpuplan::ui
