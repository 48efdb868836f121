// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecoveryOptions.h"

#include "MainWindow.h"
#include "document/Autosave.h"
#include "document/DocumentActions.h"
#include "document/PlanController.h"
#include "document/RecoveryFile.h"
#include "document/SessionRecovery.h"

#include <QCommandLineParser>
#include <QMessageBox>
#include <QStatusBar>

#include <algorithm>
#include <cstdio>

namespace gpuplan::app {

namespace {

constexpr int kMinAutosaveSeconds = 1;
constexpr int kMaxAutosaveSeconds = 3600;

} // namespace

RecoveryOptions::RecoveryOptions()
    : m_set(QStringLiteral("set"),
            QStringLiteral("Edit a plan field after the plan opens, as an unsaved change: PATH=VALUE, e.g. "
                           "hardware.num_gpus=4096 (repeatable)."),
            QStringLiteral("PATH=VALUE")),
      m_autosaveSeconds(QStringLiteral("autosave-seconds"),
                        QStringLiteral("Copy unsaved changes to the recovery folder every N seconds (1 to 3600, "
                                       "default 60; also a few seconds after the last edit)."),
                        QStringLiteral("N"), QString::number(ui::Autosave::kDefaultIntervalMs / 1000)),
      m_recover(QStringLiteral("recover"),
                QStringLiteral("Write the unsaved plan of a gpuplan that did not close normally to FILE and exit."),
                QStringLiteral("FILE"))
{
}

QList<QCommandLineOption> RecoveryOptions::options() const
{
    return {m_set, m_autosaveSeconds, m_recover};
}

bool RecoveryOptions::read(const QCommandLineParser &parser, QString &error)
{
    bool ok = false;
    const int seconds = parser.value(m_autosaveSeconds).toInt(&ok);
    if (!ok || seconds < kMinAutosaveSeconds || seconds > kMaxAutosaveSeconds) {
        error = QStringLiteral("--autosave-seconds: \"%1\"; expected an integer from %2 to %3")
                    .arg(parser.value(m_autosaveSeconds))
                    .arg(kMinAutosaveSeconds)
                    .arg(kMaxAutosaveSeconds);
        return false;
    }
    m_autosaveMs = seconds * 1000;
    m_edits.clear();
    for (const QString &assignment : parser.values(m_set)) {
        ui::FieldAssignment edit;
        if (!ui::parseFieldAssignment(assignment, edit, error))
            return false;
        m_edits.push_back(edit);
    }
    m_recoverFile = parser.value(m_recover);
    if (parser.isSet(m_recover) && m_recoverFile.isEmpty()) {
        error = QStringLiteral("--recover: expected the FILE to write the recovered plan to");
        return false;
    }
    return true;
}

int RecoveryOptions::recoverToFile(const ui::PlanController &controller) const
{
    QString message;
    const bool ok = ui::SessionRecovery::recoverToFile(controller.catalog(), ui::defaultRecoveryDirectory(),
                                                       m_recoverFile, message);
    std::fprintf(ok ? stdout : stderr, "gpuplan: %s\n", qPrintable(message));
    return ok ? 0 : 1;
}

bool RecoveryOptions::applyEdits(ui::PlanController &controller, QString &error) const
{
    for (const ui::FieldAssignment &edit : m_edits) {
        if (!ui::applyFieldAssignment(&controller, edit, error))
            return false;
    }
    return true;
}

std::unique_ptr<ui::Autosave> RecoveryOptions::startAutosave(ui::PlanController &controller, ui::MainWindow &window) const
{
    auto autosave = std::make_unique<ui::Autosave>(&controller);
    autosave->setIntervalMs(m_autosaveMs);
    autosave->setIdleMs(std::min(m_autosaveMs, ui::Autosave::kDefaultIdleMs));
    QObject::connect(autosave.get(), &ui::Autosave::failed, &window,
                     [&window](const QString &message) { window.statusBar()->showMessage(message, 30000); });
    if (!autosave->isActive())
        window.statusBar()->showMessage(
            QObject::tr("Unsaved changes are not backed up: the folder %1 cannot be used").arg(autosave->directory()),
            30000);
    return autosave;
}

void RecoveryOptions::afterOpen(ui::MainWindow &window, ui::Autosave &autosave) const
{
    QString error;
    if (!applyEdits(*window.controller(), error)) {
        QMessageBox box(QMessageBox::Warning, QObject::tr("Command-line edit refused"), error, QMessageBox::Ok, &window);
        box.setTextFormat(Qt::PlainText);
        box.exec();
    }
    ui::SessionRecovery recovery(window.controller(), &autosave, window.documents(), &window);
    recovery.offer();
}

} // namespace gpuplan::app
