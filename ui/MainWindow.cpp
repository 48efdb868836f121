// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "AppIcons.h"
#include "ExportActions.h"
#include "LiteralText.h"
#include "NumberText.h"
#include "PlanPropertiesDialog.h"
#include "PreferencesDialog.h"
#include "Theme.h"
#include "autoplan/AutoPlanDialog.h"
#include "catalog/CatalogBrowser.h"
#include "catalog/CoverageDialog.h"
#include "document/DocumentActions.h"
#include "document/FieldLabels.h"
#include "document/PlanController.h"
#include "inputs/FieldReferenceDialog.h"
#include "inputs/InputPanel.h"
#include "results/ComparisonTab.h"
#include "results/GrowthDialog.h"
#include "results/ResultTabs.h"
#include "results/ResultsPanel.h"
#include "teaching/TeachingDocks.h"

#include "catalog/CatalogLoader.h"
#include "model/ModelImportEntry.h"
#include "catalog/UserCatalogWrite.h"
#include "common/EnumNames.h"
#include "model/HfImport.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QUndoStack>
#include <QUrl>

namespace gpuplan::ui {

namespace {

// "31 GPUs · 14 models · figures up to 2025-06": what the numbers are based on.
QString catalogSummary(const Catalog &catalog)
{
    std::string newest;
    auto consider = [&newest](const std::string &date) {
        if (date.size() >= 4 && date > newest && std::isdigit(static_cast<unsigned char>(date[0])))
            newest = date.substr(0, 10);
    };
    for (const GpuSpec &g : catalog.gpus) {
        for (const auto &[field, p] : g.sources)
            consider(p.date);
    }
    for (const CloudOffer &c : catalog.clouds)
        consider(c.date);
    QString text = MainWindow::tr("Catalog: %1 GPUs · %2 models").arg(catalog.gpus.size()).arg(catalog.models.size());
    if (!newest.empty())
        text += MainWindow::tr(" · figures up to %1").arg(QString::fromStdString(newest));
    return text;
}

} // namespace

MainWindow::MainWindow(PlanController *controller, Settings *settings, QWidget *parent)
    : QMainWindow(parent), m_controller(controller), m_settings(settings),
      m_documents(new DocumentActions(controller, settings, this)), m_inputs(new InputPanel(controller)),
      m_inputsDock(new QDockWidget(tr("Inputs"), this)), m_results(new ResultsPanel(controller, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setCentralWidget(m_results);
    addResultTabs(*m_results);
    m_inputsDock->setObjectName(QStringLiteral("inputsDock"));
    m_inputsDock->setWidget(m_inputs);
    m_inputsDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    m_inputsDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    addDockWidget(Qt::LeftDockWidgetArea, m_inputsDock);

    createFileMenu();
    createEditMenu();
    createViewMenu();
    createPlanMenu();
    createCatalogMenu();
    createToolsMenu();
    createHelpMenu();
    m_exports = new ExportActions(controller, this);   // File › Export (docs/exports.md)
    createToolBar();
    createStatusBar();

    connect(m_controller, &PlanController::fileStateChanged, this, &MainWindow::updateTitle);
    connect(m_controller, &PlanController::planChanged, this, &MainWindow::updateTitle);
    connect(m_controller, &PlanController::evaluationChanged, this, &MainWindow::updateStatus);
    connect(m_controller, &PlanController::evaluationChanged, this, &MainWindow::updateScenario);

    resize(1600, 1000);
    restoreGeometry(m_settings->windowGeometry());
    restoreState(m_settings->windowState());
    // Closed while presenting: the restored layout has the inputs hidden for the talk; leaving
    // presentation mode gives back what was open before it.
    if (m_settings->presentationMode()) {
        m_presenting = true;
        m_inputsBeforePresenting = m_settings->inputsBeforePresenting();
        m_inputsDock->hide();
    }
    applySettings();
    updateTitle();
    updateStatus();
    updateScenario();
}

MainWindow::~MainWindow() = default;

void MainWindow::createFileMenu()
{
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_new = m_fileMenu->addAction(appIcon(QStringLiteral("document-new")), tr("&New"), m_documents,
                                  &DocumentActions::newDocument);
    m_new->setShortcut(QKeySequence::New);
    m_open = m_fileMenu->addAction(appIcon(QStringLiteral("document-open")), tr("&Open…"), m_documents,
                                   &DocumentActions::open);
    m_open->setShortcut(QKeySequence::Open);
    m_fileMenu->addMenu(m_documents->recentMenu());
    m_fileMenu->addMenu(m_documents->exampleMenu());
    QAction *importModelAction = m_fileMenu->addAction(tr("Import &model…"), this, &MainWindow::chooseModelToImport);
    importModelAction->setObjectName(QStringLiteral("importModel"));
    importModelAction->setStatusTip(tr("Add a model from a Hugging Face config.json or model folder to your catalog"));
    m_fileMenu->addAction(tr("Co&mpare with…"), this, [this] {
        if (auto *compare = m_results->findTab<ComparisonTab>()) {
            m_results->setCurrentTab(compare);
            compare->chooseAndAddFiles();
        }
    });
    m_fileMenu->addAction(tr("Compare with the plan &grown…"), this, [this] {
        if (auto *compare = m_results->findTab<ComparisonTab>()) {
            m_results->setCurrentTab(compare);
            auto *dialog = new GrowthDialog(m_controller, compare, this);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            dialog->open();
        }
    });
    m_fileMenu->addSeparator();
    m_save = m_fileMenu->addAction(appIcon(QStringLiteral("document-save")), tr("&Save"), m_documents,
                                   &DocumentActions::save);
    m_save->setShortcut(QKeySequence::Save);
    QAction *saveAs = m_fileMenu->addAction(tr("Save &As…"), m_documents, &DocumentActions::saveAs);
    saveAs->setShortcut(QKeySequence::SaveAs);
    m_beforeQuit = m_fileMenu->addSeparator();
    QAction *quit = m_fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::addExportAction(QAction *action)
{
    if (!m_exportMenu) {
        m_exportMenu = new QMenu(tr("&Export"), this);
        m_fileMenu->insertMenu(m_beforeQuit, m_exportMenu);
    }
    m_exportMenu->addAction(action);
}

void MainWindow::createEditMenu()
{
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    m_undo = m_controller->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_undo->setIcon(appIcon(QStringLiteral("edit-undo")));
    m_redo = m_controller->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redo->setShortcut(QKeySequence::Redo);
    m_redo->setIcon(appIcon(QStringLiteral("edit-redo")));
    keepToolTipLiteral(m_undo);   // "Undo Set GPU to "<name from a file>""
    keepToolTipLiteral(m_redo);
    edit->addAction(m_undo);
    edit->addAction(m_redo);
    edit->addSeparator();
    QAction *prefs = edit->addAction(tr("&Preferences…"), this, &MainWindow::showPreferences);
    prefs->setShortcut(QKeySequence::Preferences);
    prefs->setMenuRole(QAction::PreferencesRole);
}

void MainWindow::createViewMenu()
{
    QMenu *view = menuBar()->addMenu(tr("&View"));
    QMenu *theme = view->addMenu(tr("&Theme"));
    m_themes = new QActionGroup(this);
    const std::pair<Theme, QString> themes[] = {
        {Theme::System, tr("Follow the &system")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
    for (const auto &[value, text] : themes) {
        QAction *a = theme->addAction(text);
        a->setCheckable(true);
        a->setData(static_cast<int>(value));
        m_themes->addAction(a);
        connect(a, &QAction::triggered, this, [this, value = value] {
            m_settings->setTheme(value);
            setTheme(value);
        });
    }
    m_presentation = view->addAction(tr("&Presentation mode (large fonts)"));
    m_presentation->setCheckable(true);
    m_presentation->setShortcut(QKeySequence(Qt::Key_F5));
    connect(m_presentation, &QAction::toggled, this, [this](bool on) {
        m_settings->setPresentationMode(on);
        setPresentationMode(on);
    });
    view->addSeparator();
    QAction *inputs = m_inputsDock->toggleViewAction();
    inputs->setText(tr("&Inputs"));
    inputs->setIcon(appIcon(QStringLiteral("inputs")));
    inputs->setToolTip(tr("Show or hide the inputs panel"));
    view->addAction(inputs);
}

void MainWindow::createPlanMenu()
{
    QMenu *plan = menuBar()->addMenu(tr("&Plan"));
    m_modes = new QActionGroup(this);
    for (Mode mode : {Mode::Training, Mode::Inference}) {
        QAction *a = plan->addAction(mode == Mode::Training ? tr("&Training") : tr("&Inference"));
        a->setCheckable(true);
        a->setData(static_cast<int>(mode));
        m_modes->addAction(a);
        connect(a, &QAction::triggered, this,
                [this, mode] { m_controller->setNumber(QStringLiteral("workload.mode"), static_cast<double>(mode)); });
    }
    plan->addSeparator();
    plan->addAction(tr("&Properties…"), this, &MainWindow::showPlanProperties)
        ->setToolTip(tr("Name, author, and the organisation and logo on the PDF report"));
}

void MainWindow::createCatalogMenu()
{
    QMenu *catalog = menuBar()->addMenu(tr("&Catalog"));
    QAction *browse = catalog->addAction(tr("&Browse…"), this, &MainWindow::showCatalogBrowser);
    browse->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    catalog->addSeparator();
    catalog->addAction(tr("&Reload catalogs"), this, &MainWindow::reloadCatalog);
    catalog->addAction(tr("Open &user catalog folder"), this, [] {
        const QString dir = QString::fromStdString(defaultUserCatalogDir());
        QDir().mkpath(dir);
        QDesktopServices::openUrl(QUrl::fromLocalFile(dir));
    });
}

void MainWindow::createToolsMenu()
{
    QMenu *tools = menuBar()->addMenu(tr("&Tools"));
    m_autoPlanAction = tools->addAction(tr("&Auto-plan…"), this, &MainWindow::showAutoPlan);
    m_autoPlanAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_autoPlanAction->setToolTip(tr("Search the best parallel layout for this plan"));
    m_autoPlanAction->setIcon(appIcon(QStringLiteral("auto-plan")));
}

void MainWindow::showAutoPlan()
{
    if (!m_autoPlan)
        m_autoPlan = new AutoPlanDialog(m_controller, this);
    m_autoPlan->show();
    m_autoPlan->raise();
    m_autoPlan->activateWindow();
}

void MainWindow::showCatalogBrowser()
{
    if (!m_catalogBrowser) {
        m_catalogBrowser = new CatalogBrowser(m_controller, this);
        connect(m_catalogBrowser, &CatalogBrowser::userCatalogChanged, this, &MainWindow::reloadCatalog);
    }
    m_catalogBrowser->refresh();
    m_catalogBrowser->show();
    m_catalogBrowser->raise();
    m_catalogBrowser->activateWindow();
}

void MainWindow::createHelpMenu()
{
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Plan file &fields"), this, [this] { FieldReferenceDialog(this).exec(); });
    help->addSeparator();
    m_teaching = new TeachingDocks(m_controller, this, m_results);
    m_teaching->addHelpActions(help);
    help->addSeparator();
    QAction *coverageAction = help->addAction(tr("&Coverage of the models"), this, [this] {
        CoverageDialog(m_controller->catalog(), QString(), this).exec();
    });
    coverageAction->setObjectName(QStringLiteral("coverage"));
    help->addAction(tr("&About gpuplan"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    // First, so a narrow window never moves it into the overflow menu: presentation mode hides
    // the inputs and this is the way back to them.
    bar->addAction(m_inputsDock->toggleViewAction());
    bar->addSeparator();
    bar->addAction(m_new);
    bar->addAction(m_open);
    bar->addAction(m_save);
    bar->addSeparator();
    bar->addAction(m_undo);
    bar->addAction(m_redo);
    bar->addSeparator();
    bar->addAction(m_autoPlanAction);
    bar->addSeparator();
    m_scenario = new QLabel(this);
    m_scenario->setObjectName(QStringLiteral("scenario"));
    m_scenario->setContentsMargins(8, 0, 8, 0);
    m_scenario->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    bar->addWidget(m_scenario);
}

void MainWindow::createStatusBar()
{
    m_evalTime = new QLabel(this);
    m_catalogInfo = new QLabel(this);
    m_fileState = new QLabel(this);
    m_catalogInfo->setContentsMargins(16, 0, 0, 0);   // reads as a separate item, not one sentence
    statusBar()->addWidget(m_evalTime);
    statusBar()->addWidget(m_catalogInfo, 1);
    statusBar()->addPermanentWidget(m_fileState);
    m_catalogInfo->setText(catalogSummary(m_controller->catalog()));
}

QString MainWindow::statusText() const
{
    return QStringList{m_evalTime->text(), m_catalogInfo->text(), m_fileState->text()}.join(QStringLiteral(" · "));
}

void MainWindow::updateTitle()
{
    setWindowTitle(QStringLiteral("%1[*] — gpuplan").arg(m_controller->displayName()));
    setWindowModified(m_controller->isModified());
    m_fileState->setText(m_controller->isModified() ? tr("Unsaved changes")
                         : m_controller->filePath().isEmpty() ? tr("Not saved yet")
                                                               : tr("Saved"));
    m_save->setEnabled(m_controller->isModified() || m_controller->filePath().isEmpty());
    for (QAction *a : m_modes->actions())
        a->setChecked(a->data().toInt() == static_cast<int>(m_controller->plan().workload.mode));
}

void MainWindow::updateStatus()
{
    m_evalTime->setText(tr("Evaluated in %1 µs").arg(fixedText(m_controller->evaluationMicroseconds(), 1)));
}

void MainWindow::updateScenario()
{
    const Plan &p = m_controller->plan();
    const QString model = QString::fromStdString(p.model.name.empty() ? p.model.preset : p.model.name);
    const QString gpu = m_controller->isResolved() ? QString::fromStdString(m_controller->resolved().gpu->name)
                                                   : QString::fromStdString(p.hardware.gpu);
    m_scenario->setText(tr("<b>%1</b> · %2 × %3 · %4")
                            .arg(model.isEmpty() ? tr("Custom model") : model.toHtmlEscaped(),
                                 groupedText(p.hardware.numGpus), gpu.toHtmlEscaped(),
                                 enumDisplayName(modeNames(), static_cast<int>(p.workload.mode)).toLower()));
}

void MainWindow::setTheme(Theme theme)
{
    applyTheme(theme);
    for (QAction *a : m_themes->actions())
        a->setChecked(a->data().toInt() == static_cast<int>(theme));
}

void MainWindow::setPresentationMode(bool on)
{
    // The state first: the steps below resize docks, and resizeEvent() sets fonts by it.
    const bool changed = on != m_presenting;
    m_presenting = on;
    applyPresentationMode(on, width(), height());
    // The status line (evaluation time, catalog, file state) is for the desk: on a projector its
    // line goes to the lesson and the chart.
    statusBar()->setVisible(!on);
    m_teaching->setPresentation(on);
    if (changed) {
        if (on) {
            m_inputsBeforePresenting = !m_inputsDock->isHidden();
            m_inputsDock->hide();
        } else if (m_inputsBeforePresenting) {
            m_inputsDock->show();
        }
    }
    const QSignalBlocker block(m_presentation);
    m_presentation->setChecked(on);
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    if (!m_presenting)
        return;
    applyPresentationMode(true, width(), height());
    m_teaching->windowResized();
}

// A window resized while hidden gets its resize event only after it is shown, and laid out
// first: with the fonts of its old size, a minimum taller than the projector would grow it.
void MainWindow::setVisible(bool visible)
{
    if (visible && m_presenting)
        applyPresentationMode(true, width(), height());
    QMainWindow::setVisible(visible);
}

bool MainWindow::inputsDockShown() const
{
    return !m_inputsDock->isHidden();
}

void MainWindow::applySettings()
{
    setTheme(m_settings->theme());
    setPresentationMode(m_settings->presentationMode());
    m_results->applySettings(*m_settings);
}

void MainWindow::reloadCatalog()
{
    QStringList issues;
    m_controller->setCatalog(PlanController::loadInstalledCatalog(issues));
    m_inputs->refreshCatalogChoices();
    m_catalogInfo->setText(catalogSummary(m_controller->catalog()));
    if (m_catalogBrowser)
        m_catalogBrowser->refresh();
    if (!issues.isEmpty())
        QMessageBox::warning(this, tr("Catalog problems"),
                             tr("These catalog entries were skipped:\n\n%1").arg(issues.join(QLatin1Char('\n'))));
}

void MainWindow::chooseModelToImport()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import model"), QString(),
        tr("Hugging Face model config (config.json *.json);;All files (*)"));
    if (!path.isEmpty())
        importModel(path);
}

void MainWindow::setModelImportReporter(std::function<void(bool ok, const QString &text)> reporter)
{
    m_modelImportReporter = std::move(reporter);
}

bool MainWindow::isModelSource(const QUrl &url)
{
    if (!url.isLocalFile() || DocumentActions::isPlanFile(url))
        return false;
    const QFileInfo info(url.toLocalFile());
    if (info.isDir())
        return QFileInfo(QDir(info.filePath()).filePath(QStringLiteral("config.json"))).exists();
    return info.suffix().compare(QStringLiteral("json"), Qt::CaseInsensitive) == 0;
}

bool MainWindow::importModel(const QString &path, QString *report)
{
    const auto tell = [this, report](bool ok, const QString &text) {
        if (report)
            *report = text;
        if (m_modelImportReporter)
            m_modelImportReporter(ok, text);
        else if (ok)
            QMessageBox::information(this, tr("Model imported"), text);
        else
            QMessageBox::warning(this, tr("Model not imported"), text);
        return ok;
    };
    HfImport model;
    HfImportError error;
    if (!importHfModel(path.toStdString(), model, error))
        return tell(false, tr("%1\n\nNothing was written.").arg(QString::fromStdString(error.text())));
    // Ids are checked against the catalogs as the reload below will find them.
    QStringList loadIssues;
    const Catalog installed = PlanController::loadInstalledCatalog(loadIssues);
    ModelImportEntry made;
    std::string problem;
    if (!makeModelImportEntry(model, installed, {}, {}, todayUtc(), made, problem))
        return tell(false, tr("%1\n\nNothing was written.").arg(QString::fromStdString(problem)));
    UserCatalogWrite written;
    if (!writeUserCatalogEntry(defaultUserCatalogDir(), "models", made.entry, written, problem))
        return tell(false, QString::fromStdString(problem));
    reloadCatalog();
    QString setError;
    if (!m_controller->setPreset(QString::fromStdString(made.id), &setError))
        return tell(false, tr("%1 was written to %2, but the plan cannot use it: %3")
                               .arg(QString::fromStdString(made.id), QString::fromStdString(written.file), setError));
    if (model.hasWeightDtype)   // the stored format (quantization_config or torch_dtype)
        m_controller->setNumber(QStringLiteral("precision.weights"), static_cast<double>(model.weightDtype));
    QStringList lines;
    lines << tr("%1 is in your catalog as %2 (%3) and is the plan's model now.")
                 .arg(QString::fromStdString(made.name), QString::fromStdString(made.id), QString::fromStdString(written.file));
    if (model.hasWeightDtype)
        lines << tr("Weights: %1.").arg(QString::fromStdString(model.weightFormat));
    for (const std::string &n : model.notes)
        lines << QString::fromStdString(n);
    if (const std::string s = model.ignoredMessage(); !s.empty())
        lines << QString::fromStdString(s);
    if (const std::string s = model.unknownMessage(); !s.empty())
        lines << QString::fromStdString(s);
    statusBar()->showMessage(tr("Imported %1 as %2").arg(QString::fromStdString(made.name), QString::fromStdString(made.id)),
                             10000);
    return tell(true, lines.join(QLatin1Char('\n')));
}

void MainWindow::showPreferences()
{
    PreferencesDialog dialog(m_settings, this);
    if (dialog.exec() == QDialog::Accepted) {
        applySettings();
        m_documents->updateRecentMenu();
    }
}

void MainWindow::showPlanProperties()
{
    PlanPropertiesDialog dialog(m_controller, *m_settings, this);
    dialog.exec();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About gpuplan"),
                       tr("<h3>gpuplan %1</h3><p>Plans GPU infrastructure for training and serving large language "
                          "models: memory per GPU, training time, scaling, power, cooling and cost.</p>"
                          "<p>Licensed under the GNU General Public License, version 3 or later.</p>")
                           .arg(QCoreApplication::applicationVersion()));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_documents->maybeSave()) {
        event->ignore();
        return;
    }
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    if (m_presenting)
        m_settings->setInputsBeforePresenting(m_inputsBeforePresenting);
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && (DocumentActions::isPlanFile(urls.front()) || isModelSource(urls.front())))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1)
        return;
    if (DocumentActions::isPlanFile(urls.front())) {
        event->acceptProposedAction();
        m_documents->openPath(urls.front().toLocalFile());
    } else if (isModelSource(urls.front())) {
        event->acceptProposedAction();
        importModel(urls.front().toLocalFile());
    }
}

} // namespace gpuplan::ui
