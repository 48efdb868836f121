// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CatalogTables.h"

#include <QDialog>

#include <vector>

class QTabWidget;
class QTableWidget;
class QLabel;

namespace gpuplan::ui {
struct EntryForm;
}

namespace gpuplan::ui {

class PlanController;

// Catalog › Browse: every kind of the catalog in use (GPUs, nodes, fabrics, cloud offers,
// models, engines, storage tiers) as tables; each figure's tool tip names its source and date,
// and the sources table lists them all for the selected entry. Adding a GPU or a cloud price
// writes the user catalog folder (never the bundled files) and asks for a catalog reload.
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

    void addGpu();
    void addCloudPrice();

signals:
    // A user catalog file changed: the owner reloads the catalog, then calls refresh().
    void userCatalogChanged();

private:
    void fillTable(QTableWidget *view, const CatalogTable &table);
    void showSources();
    void addEntry(const EntryForm &form);

    PlanController *m_controller;
    QString m_userFolder;
    QTabWidget *m_tabs;
    QTableWidget *m_sources;
    QLabel *m_sourcesTitle;
    std::vector<CatalogTable> m_tables;
    std::vector<QTableWidget *> m_views;
};

} // namespace gpuplan::ui
