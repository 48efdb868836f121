// SPDX-License-Identifier: GPL-3.0-or-later
#include "Bench.h"

#include "MainWindow.h"
#include "budget/BudgetView.h"
#include "budget/LimitSlider.h"
#include "charts/ResultTab.h"
#include "charts/ScalingChart.h"
#include "document/PlanController.h"
#include "inputs/InputPanel.h"
#include "results/ResultsPanel.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSlider>

#include <time.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace gpuplan::app {

namespace {

struct Stats
{
    double median = 0;
    double p90 = 0;
    double max = 0;
};

// CPU time of this thread: on a shared, busy machine wall-clock times include waiting for a core,
// the CPU time is the work itself.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

Stats stats(std::vector<double> ms)
{
    Stats s;
    if (ms.empty())
        return s;
    std::sort(ms.begin(), ms.end());
    s.median = ms[ms.size() / 2];
    s.p90 = ms[std::min(ms.size() - 1, ms.size() * 9 / 10)];
    s.max = ms.back();
    return s;
}

void printRow(const char *what, const Stats &s)
{
    std::printf("%-60s %7.3f ms %7.3f ms %7.3f ms\n", what, s.median, s.p90, s.max);
}

// Moves the sliders `changes` times with `tab` shown; collects the time to the results and the
// visible chart updated, to the repaint done, and the main thread's CPU time of it all.
void measureTab(const std::vector<QSlider *> &sliders, int changes, std::vector<double> &update,
                std::vector<double> &painted, std::vector<double> &cpu, std::vector<double> &evaluation,
                const ui::PlanController &controller)
{
    QElapsedTimer timer;
    for (int i = 0; i < changes; ++i) {
        QSlider *slider = sliders[static_cast<std::size_t>(i) % sliders.size()];
        // Walk back and forth over the middle of the range: every step is a real change.
        const int span = std::max(2, (slider->maximum() - slider->minimum()) / 2);
        const int base = slider->minimum() + span / 2;
        const int position = base + (i / static_cast<int>(sliders.size())) % span;
        const double cpuStart = threadCpuMs();
        timer.start();
        slider->setValue(position == slider->value() ? position + 1 : position);
        update.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        QCoreApplication::processEvents();   // the queued replot and the posted repaints
        painted.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        cpu.push_back(threadCpuMs() - cpuStart);
        evaluation.push_back(controller.evaluationMicroseconds() / 1e3);
    }
}

// One slider change at a time, each waited for until its scaling curve is drawn (the curve is
// computed on a worker thread; the UI stays responsive meanwhile).
Stats measureScalingCurve(ui::ScalingChart &chart, QSlider *slider, int samples)
{
    std::vector<double> ms;
    QElapsedTimer timer;
    for (int i = 0; i < samples; ++i) {
        QCoreApplication::processEvents();
        while (chart.isComputing())   // a curve from the previous measurement
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
        int drawn = 0;
        const auto connection = QObject::connect(&chart, &ui::ScalingChart::curveUpdated, [&drawn] { ++drawn; });
        timer.start();
        slider->setValue(slider->value() + (i % 2 == 0 ? 1 : -1));
        while (drawn == 0 || chart.isComputing())
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
        QCoreApplication::processEvents();   // the queued replot
        ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        QObject::disconnect(connection);
    }
    return stats(ms);
}

void waitForBudget(const ui::BudgetView &view)
{
    while (view.isComputing())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    QCoreApplication::processEvents();   // the queued replot
}

// The Budget view: a budget slider moved one notch at a time, each answer waited for (re-ranked
// on the worker thread), then a plan edit that makes the worker explore the options again.
void measureBudgetView(ui::BudgetView &view, QSlider *planSlider, int samples)
{
    waitForBudget(view);
    std::vector<double> latency, worker, ui;
    QSlider *budget = view.budgetSlider()->slider();
    QElapsedTimer timer;
    for (int i = 0; i < samples; ++i) {
        timer.start();
        budget->setValue(budget->value() + (i % 2 == 0 ? 1 : -1));
        waitForBudget(view);
        latency.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        worker.push_back(view.lastWorkerMs());
        ui.push_back(view.lastUiMs());
    }
    printRow("budget view: limit slider moved -> view updated (wall)", stats(latency));
    printRow("  ... re-ranking on the worker thread", stats(worker));
    printRow("  ... table, chart and status updated on the UI thread", stats(ui));
    std::vector<double> explore;
    for (int i = 0; i < 3; ++i) {
        planSlider->setValue(planSlider->value() + (i % 2 == 0 ? 1 : -1));
        QCoreApplication::processEvents();
        waitForBudget(view);
        explore.push_back(view.lastWorkerMs());
    }
    printRow("budget view: plan edited -> options explored (worker)", stats(explore));
}

} // namespace

int runBench(ui::MainWindow &window, double startupMs, int changes)
{
    const char *sliders[] = {"hardware.num_gpus", "model.layers", "workload.training.seq_len"};
    std::vector<QSlider *> found;
    for (const char *path : sliders) {
        if (QSlider *s = window.inputPanel()->slider(QString::fromUtf8(path)); s && s->isVisible())
            found.push_back(s);
    }
    if (found.empty()) {
        std::fprintf(stderr, "gpuplan --bench: no visible slider to move\n");
        return 1;
    }
    if (!window.controller()->isResolved())
        std::fprintf(stderr, "gpuplan --bench: warning: the plan does not resolve against the catalog, so the "
                             "evaluation and the charts are not exercised\n");

    // Every tab in turn is the visible one (a tab that is not shown is not refreshed).
    ui::ResultsPanel *panel = window.resultsPanel();
    std::vector<double> allPainted, allCpu, evaluation;
    struct TabRow
    {
        std::string name;
        Stats update, painted, cpu;
    };
    std::vector<TabRow> rows;
    for (int t = 0; t < panel->tabCount(); ++t) {
        panel->setCurrentTab(panel->tab(t));
        QCoreApplication::processEvents();
        std::vector<double> update, painted, cpu;
        measureTab(found, changes, update, painted, cpu, evaluation, *window.controller());
        allPainted.insert(allPainted.end(), painted.begin(), painted.end());
        allCpu.insert(allCpu.end(), cpu.begin(), cpu.end());
        rows.push_back({panel->tab(t)->title().toStdString(), stats(update), stats(painted), stats(cpu)});
    }

    std::printf("gpuplan desktop benchmark (%d slider changes per tab, window %dx%d, %s)\n", changes, window.width(),
                window.height(), window.controller()->isResolved() ? "plan evaluated" : "plan NOT evaluated");
    std::printf("%-60s %10s %10s %10s\n", "", "median", "p90", "max");
    printRow("resolve + evaluate", stats(evaluation));
    std::printf("slider change -> results and the visible tab's chart replotted, then repainted:\n");
    for (const TabRow &row : rows) {
        printRow(("  " + row.name + ": replotted").c_str(), row.update);
        printRow(("  " + row.name + ": ... and repainted").c_str(), row.painted);
        printRow(("  " + row.name + ": main-thread CPU time").c_str(), row.cpu);
    }
    printRow("all tabs: slider change -> repainted", stats(allPainted));
    printRow("all tabs: main-thread CPU time", stats(allCpu));
    if (auto *scaling = panel->findTab<ui::ScalingChart>(); scaling && window.controller()->isResolved()) {
        panel->setCurrentTab(scaling);
        printRow("scaling curve: slider change -> new curve drawn (worker thread)",
                 measureScalingCurve(*scaling, found.front(), 20));
    }
    if (auto *budget = panel->findTab<ui::BudgetView>(); budget && window.controller()->isResolved()) {
        panel->setCurrentTab(budget);
        measureBudgetView(*budget, found.back(), 40);
    }
    std::printf("%-60s %7.1f ms\n", "start -> first window shown", startupMs);
    return 0;
}

} // namespace gpuplan::app
