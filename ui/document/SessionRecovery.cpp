// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/SessionRecovery.h"

#include "document/Autosave.h"
#include "document/DocumentActions.h"
#include "document/PlanController.h"
#include "document/PlanFileWriter.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

namespace gpuplan::ui {

namespace {

QString sessionName(const RecoveredSession &s)
{
    if (!s.originalFile.isEmpty())
        return QDir::toNativeSeparators(s.originalFile);
    return s.plan.name.empty() ? SessionRecovery::tr("an untitled plan") : QString::fromStdString(s.plan.name);
}

} // namespace

SessionRecovery::SessionRecovery(PlanController *controller, Autosave *autosave, DocumentActions *documents,
                                 QWidget *window)
    : QObject(window), m_controller(controller), m_autosave(autosave), m_documents(documents), m_window(window)
{
    m_prompt = [this](const RecoveredSession &s, int others) {
        QMessageBox box(QMessageBox::Warning, tr("Recover unsaved changes"), QString(), QMessageBox::NoButton, m_window);
        // The plan name and path come from a file: shown as plain text, never as markup.
        box.setTextFormat(Qt::PlainText);
        QString text = tr("gpuplan did not close normally. Unsaved changes to %1 from %2 were kept.")
                           .arg(sessionName(s), QLocale().toString(s.savedAt.toLocalTime(), QLocale::ShortFormat));
        if (others > 0)
            text += QLatin1Char('\n') + tr("%n more session(s) can be recovered after this one.", nullptr, others);
        box.setText(text);
        box.setInformativeText(tr("Restore them now, discard them for good, or decide at the next start?"));
        QPushButton *restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
        QPushButton *discard = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        box.addButton(tr("Later"), QMessageBox::RejectRole);
        box.setDefaultButton(restore);
        box.exec();
        return box.clickedButton() == restore ? Choice::Restore : box.clickedButton() == discard ? Choice::Discard
                                                                                                : Choice::Later;
    };
}

bool SessionRecovery::offer()
{
    std::vector<RecoveredSession> sessions = findOrphanedSessions(m_autosave->directory(), m_controller->catalog());
    for (std::size_t i = 0; i < sessions.size(); ++i) {
        const RecoveredSession &s = sessions[i];
        switch (m_prompt(s, static_cast<int>(sessions.size() - i - 1))) {
        case Choice::Later: return false;
        case Choice::Discard: removeSession(s); break;
        case Choice::Restore:
            if (!m_documents->maybeSave())
                return false;
            restore(m_controller, s);
            // This session's own copy first, then the old one goes: there is always a copy.
            m_autosave->saveNow();
            removeSession(s);
            return true;
        }
    }
    return false;
}

void SessionRecovery::restore(PlanController *controller, const RecoveredSession &session)
{
    QString error;
    if (session.originalFile.isEmpty() || !QFileInfo::exists(session.originalFile) ||
        !controller->openFile(session.originalFile, error))
        controller->newPlan();
    controller->applyPlan(session.plan, tr("Recovered changes"));
}

bool SessionRecovery::recoverToFile(const Catalog &catalog, const QString &directory, const QString &outFile,
                                    QString &message)
{
    QStringList problems;
    std::vector<RecoveredSession> sessions = findOrphanedSessions(directory, catalog, &problems);
    if (sessions.empty()) {
        message = tr("no unsaved work to recover in %1").arg(QDir::toNativeSeparators(directory));
        if (!problems.isEmpty())
            message += QLatin1Char('\n') + problems.join(QLatin1Char('\n'));
        return false;
    }
    const RecoveredSession &s = sessions.front();
    if (!PlanFileWriter().save(outFile, s.plan, message))
        return false;
    message = tr("recovered the unsaved changes to %1 from %2 into %3")
                  .arg(sessionName(s), s.savedAt.toString(Qt::ISODate), QDir::toNativeSeparators(outFile));
    if (sessions.size() > 1)
        message += QLatin1Char('\n') + tr("%n more session(s) can be recovered: run again", nullptr,
                                          static_cast<int>(sessions.size() - 1));
    removeSession(s);
    return true;
}

} // namespace gpuplan::ui
