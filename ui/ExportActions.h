// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Plan.h"

#include <QObject>
#include <QString>

#include <functional>
#include <utility>
#include <vector>

class QAction;

namespace gpuplan::ui::report {
struct ReportOptions;
struct RenderResult;
}

namespace gpuplan::ui {

class MainWindow;
class PlanController;

// File › Export: the PDF plan summary (one plan, or a comparison with other plan files), the
// Portfolio tab's shared cluster as a PDF (also its Export PDF… button), the
// results as JSON or CSV, a copy of the plan file, every chart as PNG and SVG, and the launch files
// (docs/exports.md). The file dialogs and the error display are replaceable so tests never block.
class ExportActions : public QObject
{
    Q_OBJECT
public:
    // Asks for a file to write; empty = cancelled. selectedFilter: in = the suggested filter, out = chosen.
    using SaveChooser = std::function<QString(const QString &title, const QString &suggested, const QString &filters,
                                              QString *selectedFilter)>;
    using OpenChooser = std::function<QStringList(const QString &title)>;   // plan files; empty = cancelled
    using DirChooser = std::function<QString(const QString &title)>;
    using Reporter = std::function<void(const QString &title, const QString &text)>;

    ExportActions(PlanController *controller, MainWindow *window);

    void setSaveChooser(SaveChooser chooser) { m_save = std::move(chooser); }
    void setOpenChooser(OpenChooser chooser) { m_open = std::move(chooser); }
    void setDirChooser(DirChooser chooser) { m_dir = std::move(chooser); }
    void setErrorReporter(Reporter reporter) { m_error = std::move(reporter); }
    void setInfoReporter(Reporter reporter) { m_info = std::move(reporter); }

    bool exportPdf();
    // The open plan against the Compare tab's columns as they are shown (files, copies, the plan
    // grown), or, when the tab holds none, against plan files the user chooses.
    bool exportComparisonPdf();
    // The Portfolio tab's shared cluster as it is shown (its plans, deadlines and answer).
    bool exportPortfolioPdf();
    bool exportResults(bool csv);
    bool exportPlanCopy();
    bool exportCharts();
    bool exportLaunchFile(int format);   // LaunchFormat as int

private:
    void updateEnabled();
    QString suggestedName(const QString &suffix) const;
    bool writeText(const QString &path, const std::string &text);
    // The open plan, then each plan file, then each plan held in memory (with its column's name).
    bool writePdf(const QStringList &otherPlans, const std::vector<std::pair<Plan, QString>> &otherInMemory = {});
    QString choosePdf(const QString &title, const QString &suggested, report::ReportOptions &options);
    bool reportWritten(const report::RenderResult &result, const QString &path);

    PlanController *m_controller;
    MainWindow *m_window;
    std::vector<std::pair<QAction *, int>> m_launchActions;
    SaveChooser m_save;
    OpenChooser m_open;
    DirChooser m_dir;
    Reporter m_error;
    Reporter m_info;
};

} // namespace gpuplan::ui
