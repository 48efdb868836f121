// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/DocumentActions.h"

#include "Settings.h"
#include "document/ExamplePlans.h"
#include "document/PlanController.h"

#include "plan/PlanIo.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QUrl>

namespace gpuplan::ui {

namespace {

const QString kSuffix = QStringLiteral(".gpuplan");

} // namespace

DocumentActions::DocumentActions(PlanController *controller, Settings *settings, QWidget *window)
    : QObject(window), m_controller(controller), m_settings(settings), m_window(window),
      m_recentMenu(new QMenu(tr("Open &Recent"), window)), m_exampleMenu(new QMenu(tr("Open &Example"), window))
{
    m_prompt = [this](const QString &name) {
        const auto answer = QMessageBox::warning(
            m_window, tr("Unsaved changes"), tr("The plan \"%1\" has unsaved changes. Save them?").arg(name),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        return answer == QMessageBox::Save ? SaveChoice::Save
               : answer == QMessageBox::Discard ? SaveChoice::Discard
                                                 : SaveChoice::Cancel;
    };
    m_report = [this](const QString &title, const QString &text) { QMessageBox::critical(m_window, title, text); };
    updateRecentMenu();
    for (const QFileInfo &example : examplePlans()) {
        const QString path = example.absoluteFilePath();
        QAction *action = m_exampleMenu->addAction(example.completeBaseName(), this, [this, path] { openExample(path); });
        action->setData(path);
        action->setToolTip(QDir::toNativeSeparators(path));
    }
    m_exampleMenu->setToolTipsVisible(true);
    m_exampleMenu->setEnabled(!m_exampleMenu->isEmpty());
}

QString DocumentActions::fileFilter()
{
    return tr("gpuplan plans (*.gpuplan);;All files (*)");
}

bool DocumentActions::isPlanFile(const QUrl &url)
{
    return url.isLocalFile() && url.toLocalFile().endsWith(kSuffix, Qt::CaseInsensitive);
}

bool DocumentActions::maybeSave()
{
    if (!m_controller->isModified())
        return true;
    switch (m_prompt(m_controller->displayName())) {
    case SaveChoice::Save: return save();
    case SaveChoice::Discard: return true;
    case SaveChoice::Cancel: break;
    }
    return false;
}

bool DocumentActions::newDocument()
{
    if (!maybeSave())
        return false;
    m_controller->newPlan();
    return true;
}

bool DocumentActions::open()
{
    if (!maybeSave())
        return false;
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Open plan"), m_settings->lastDirectory(), fileFilter());
    if (path.isEmpty())
        return false;
    QString error;
    if (!m_controller->openFile(path, error)) {
        m_report(tr("Cannot open plan"), tr("%1 was not opened:\n\n%2").arg(QDir::toNativeSeparators(path), error));
        return false;
    }
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    m_settings->addRecentFile(m_controller->filePath());
    updateRecentMenu();
    return true;
}

bool DocumentActions::openPath(const QString &path)
{
    if (!maybeSave())
        return false;
    QString error;
    if (!m_controller->openFile(path, error)) {
        m_report(tr("Cannot open plan"), tr("%1 was not opened:\n\n%2").arg(QDir::toNativeSeparators(path), error));
        if (!QFileInfo::exists(path))
            m_settings->removeRecentFile(path);
        updateRecentMenu();
        return false;
    }
    m_settings->addRecentFile(m_controller->filePath());
    updateRecentMenu();
    return true;
}

bool DocumentActions::openExample(const QString &path)
{
    if (!maybeSave())
        return false;
    Plan plan;
    std::vector<PlanError> errors;
    if (!loadPlanFile(path.toStdString(), &m_controller->catalog(), plan, errors)) {
        QStringList lines;
        for (const PlanError &e : errors)
            lines << QString::fromStdString(e.text());
        m_report(tr("Cannot open example"),
                 tr("%1 was not opened:\n\n%2").arg(QDir::toNativeSeparators(path), lines.join(QLatin1Char('\n'))));
        return false;
    }
    // A new untitled plan holding the example, as one undoable change: Save asks where to write it.
    m_controller->newPlan();
    m_controller->applyPlan(plan, tr("Open example %1").arg(QFileInfo(path).completeBaseName()));
    return true;
}

bool DocumentActions::save()
{
    if (m_controller->filePath().isEmpty())
        return saveAs();
    return saveTo(m_controller->filePath());
}

bool DocumentActions::saveAs()
{
    QString start = m_settings->lastDirectory();
    start = QDir(start.isEmpty() ? QDir::homePath() : start).filePath(m_controller->displayName() + kSuffix);
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save plan as"), start, fileFilter());
    if (path.isEmpty())
        return false;
    if (!path.endsWith(kSuffix, Qt::CaseInsensitive))
        path += kSuffix;
    return saveTo(path);
}

bool DocumentActions::saveTo(const QString &path)
{
    QString error;
    if (!m_controller->saveAs(path, error)) {
        m_report(tr("Cannot save plan"), tr("The plan was not saved to %1:\n\n%2").arg(QDir::toNativeSeparators(path), error));
        return false;
    }
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    m_settings->addRecentFile(m_controller->filePath());
    updateRecentMenu();
    return true;
}

void DocumentActions::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_settings->recentFiles();
    int n = 1;
    for (const QString &file : files) {
        const QString text = QStringLiteral("&%1 %2").arg(n++).arg(QDir::toNativeSeparators(file));
        m_recentMenu->addAction(text, this, [this, file] { openPath(file); });
    }
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear list"), this, [this] {
            m_settings->clearRecentFiles();
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

} // namespace gpuplan::ui
