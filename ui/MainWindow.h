// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Settings.h"

#include <QMainWindow>

#include <functional>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;
class QUrl;

namespace gpuplan::ui {

class AutoPlanDialog;
class CatalogBrowser;
class DocumentActions;
class ExportActions;
class InputPanel;
class PlanController;
class ResultsPanel;
class TeachingDocks;

// The application window: menus, tool bar, status bar, the input panel (dock) and the results
// panel. A thin shell: documents are handled by DocumentActions, the plan by the controller,
// the views by the panels.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    MainWindow(PlanController *controller, Settings *settings, QWidget *parent = nullptr);
    ~MainWindow() override;

    PlanController *controller() const { return m_controller; }
    InputPanel *inputPanel() const { return m_inputs; }
    ResultsPanel *resultsPanel() const { return m_results; }
    DocumentActions *documents() const { return m_documents; }
    TeachingDocks *teaching() const { return m_teaching; }   // explanation pane and lessons
    ExportActions *exports() const { return m_exports; }
    Settings *settings() const { return m_settings; }
    QString statusText() const;                     // the status bar, for tests

    // Adds an entry to File > Export (the submenu appears with its first entry). Exporters
    // (PDF summary, data) register here.
    void addExportAction(QAction *action);

    void setTheme(Theme theme);
    // Large fonts for projectors, sized from the window (presentationPointSize()) and resized
    // with it; the inputs dock gives its width to the charts while on (the tool bar's "Inputs"
    // button brings it back) and returns as it was when off; the lesson takes the teaching docks'
    // whole height (TeachingDocks::setPresentation).
    void setPresentationMode(bool on);
    bool inputsDockShown() const;                   // for tests
    void applySettings();                           // theme, fonts and chart defaults from Settings

    // File > Import model… and a config.json or model folder dropped on the window: reads a Hugging
    // Face config.json or model folder (model/HfImport.h), writes it to the user catalog folder
    // (added-in-gpuplan.json, as gpuplan-cli model import does), reloads the catalogs and makes it
    // the plan's model, with its stored weight format. On failure nothing is written and the plan
    // is unchanged. report gets what the user is told (the error, or the ids, notes and ignored fields).
    bool importModel(const QString &path, QString *report = nullptr);
    // How importModel's outcome is shown (default: a message box); tests replace it.
    void setModelImportReporter(std::function<void(bool ok, const QString &text)> reporter);
    static bool isModelSource(const QUrl &url);     // a .json file other than a plan, or a folder with config.json

protected:
    void closeEvent(QCloseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void setVisible(bool visible) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createFileMenu();
    void createEditMenu();
    void createViewMenu();
    void createPlanMenu();
    void createCatalogMenu();
    void createToolsMenu();
    void createHelpMenu();
    void createToolBar();
    void createStatusBar();
    void updateTitle();
    void updateStatus();
    void updateScenario();
    void reloadCatalog();
    void chooseModelToImport();
    void showAutoPlan();
    void showCatalogBrowser();
    void showPreferences();
    void showPlanProperties();
    void showAbout();

    PlanController *m_controller;
    Settings *m_settings;
    DocumentActions *m_documents;
    InputPanel *m_inputs;
    QDockWidget *m_inputsDock;
    bool m_presenting = false;
    bool m_inputsBeforePresenting = true;           // the inputs dock's state to return to
    ResultsPanel *m_results;
    TeachingDocks *m_teaching = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_exportMenu = nullptr;
    ExportActions *m_exports = nullptr;
    QAction *m_beforeQuit = nullptr;
    QAction *m_new = nullptr;
    QAction *m_open = nullptr;
    QAction *m_save = nullptr;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QAction *m_presentation = nullptr;
    QAction *m_autoPlanAction = nullptr;
    AutoPlanDialog *m_autoPlan = nullptr;           // created on first use
    CatalogBrowser *m_catalogBrowser = nullptr;     // created on first use
    QActionGroup *m_themes = nullptr;
    QActionGroup *m_modes = nullptr;
    QLabel *m_scenario = nullptr;
    QLabel *m_evalTime = nullptr;
    QLabel *m_catalogInfo = nullptr;
    QLabel *m_fileState = nullptr;
    std::function<void(bool ok, const QString &text)> m_modelImportReporter;
};

} // namespace gpuplan::ui
