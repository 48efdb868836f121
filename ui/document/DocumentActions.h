// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <functional>

class QMenu;
class QUrl;
class QWidget;

namespace gpuplan::ui {

class PlanController;
class Settings;

// New, Open, Save, Save As and Open Recent for the main window, with the unsaved-changes prompt
// and error reporting. The prompt and the error display are replaceable so tests and scripted
// runs never block on a dialog.
class DocumentActions : public QObject
{
    Q_OBJECT
public:
    enum class SaveChoice { Save, Discard, Cancel };
    using SavePrompt = std::function<SaveChoice(const QString &documentName)>;
    using ErrorReporter = std::function<void(const QString &title, const QString &text)>;

    DocumentActions(PlanController *controller, Settings *settings, QWidget *window);

    void setSavePrompt(SavePrompt prompt) { m_prompt = std::move(prompt); }
    void setErrorReporter(ErrorReporter reporter) { m_report = std::move(reporter); }

    bool newDocument();
    bool open();                              // asks for a file
    bool openPath(const QString &path);       // asks about unsaved changes first
    bool save();
    bool saveAs();                            // asks for a file
    bool saveTo(const QString &path);
    // True when the document may be replaced or closed: nothing unsaved, or saved, or discarded.
    bool maybeSave();

    QMenu *recentMenu() const { return m_recentMenu; }
    void updateRecentMenu();

    // File > Open Example: the installed example plans (document/ExamplePlans.h), each opened as
    // a new untitled plan (one undoable change), so the installed file is never overwritten.
    QMenu *exampleMenu() const { return m_exampleMenu; }
    bool openExample(const QString &path);

    static bool isPlanFile(const QUrl &url);
    static QString fileFilter();

private:
    PlanController *m_controller;
    Settings *m_settings;
    QWidget *m_window;
    QMenu *m_recentMenu;
    QMenu *m_exampleMenu;
    SavePrompt m_prompt;
    ErrorReporter m_report;
};

} // namespace gpuplan::ui
