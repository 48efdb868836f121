// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/RecoveryFile.h"

#include <QObject>
#include <QString>

#include <functional>

class QWidget;

namespace gpuplan::ui {

class Autosave;
class DocumentActions;
class PlanController;

// Offers the unsaved work of a gpuplan that did not close normally (RecoveryFile.h) at the next
// start: restore it, discard it, or decide later (it stays on disk). The prompt is replaceable
// so tests and scripted runs never block on a dialog.
class SessionRecovery : public QObject
{
    Q_OBJECT
public:
    enum class Choice { Restore, Discard, Later };
    // session: the newest orphaned session; others: how many more there are.
    using Prompt = std::function<Choice(const RecoveredSession &session, int others)>;

    SessionRecovery(PlanController *controller, Autosave *autosave, DocumentActions *documents, QWidget *window);

    void setPrompt(Prompt prompt) { m_prompt = std::move(prompt); }

    // Looks for orphaned sessions in the autosave's folder and offers them, newest first, until
    // one is restored or the user chooses "later". Returns true when one was restored.
    bool offer();

    // Puts a session's plan into the controller as an unsaved, undoable change of its original
    // file (reopened when it still opens), or of a new untitled plan.
    static void restore(PlanController *controller, const RecoveredSession &session);

    // Headless recovery (gpuplan --recover FILE): writes the plan of the newest orphaned session
    // in directory to outFile and removes that session. False with a message when there is none
    // or the file cannot be written.
    static bool recoverToFile(const Catalog &catalog, const QString &directory, const QString &outFile,
                              QString &message);

private:
    PlanController *m_controller;
    Autosave *m_autosave;
    DocumentActions *m_documents;
    QWidget *m_window;
    Prompt m_prompt;
};

} // namespace gpuplan::ui
