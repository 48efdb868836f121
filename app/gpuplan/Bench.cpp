// SPDX-License-Identifier: GPL-3.0-or-later
#include "Bench.h"

#include "InputPanel.h"
#include "MainWindow.h"
#include "PlanController.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSlider>

#include <time.h>

#include <algorithm>
#include <cstdio>
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

    std::vector<double> update, painted, cpu, evaluation;
    QElapsedTimer timer;
    for (int i = 0; i < changes; ++i) {
        QSlider *slider = found[static_cast<std::size_t>(i) % found.size()];
        // Walk back and forth over the middle of the range: every step is a real change.
        const int span = std::max(2, (slider->maximum() - slider->minimum()) / 2);
        const int base = slider->minimum() + span / 2;
        const int position = base + (i / static_cast<int>(found.size())) % span;
        const double cpuStart = threadCpuMs();
        timer.start();
        slider->setValue(position == slider->value() ? position + 1 : position);
        update.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        QCoreApplication::processEvents();   // the posted repaints of what changed
        painted.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        cpu.push_back(threadCpuMs() - cpuStart);
        evaluation.push_back(window.controller()->evaluationMicroseconds() / 1e3);
    }
    const Stats u = stats(update), p = stats(painted), c = stats(cpu), e = stats(evaluation);
    std::printf("gpuplan desktop benchmark (%d slider changes, window %dx%d, %s)\n", changes, window.width(),
                window.height(), window.controller()->isResolved() ? "plan evaluated" : "plan NOT evaluated");
    std::printf("%-52s %10s %10s %10s\n", "", "median", "p90", "max");
    std::printf("%-52s %7.3f ms %7.3f ms %7.3f ms\n", "resolve + evaluate", e.median, e.p90, e.max);
    std::printf("%-52s %7.3f ms %7.3f ms %7.3f ms\n", "slider change -> results and visible chart replotted",
                u.median, u.p90, u.max);
    std::printf("%-52s %7.3f ms %7.3f ms %7.3f ms\n", "... and the changed widgets repainted", p.median, p.p90, p.max);
    std::printf("%-52s %7.3f ms %7.3f ms %7.3f ms\n", "... main-thread CPU time for all of it", c.median, c.p90, c.max);
    std::printf("%-52s %7.1f ms\n", "start -> first window shown", startupMs);
    return 0;
}

} // namespace gpuplan::app
