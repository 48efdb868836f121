// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace gpuplan::ui {
class MainWindow;
}

// `gpuplan --bench`: how long a slider move takes to show its result (change -> evaluation ->
// key results and the visible tab's chart redrawn), with each result tab shown in turn; how long
// a new scaling curve takes to arrive from its worker thread; and how long the program takes to
// show its first window. Prints a table for docs/performance.md. Not a test: timings depend on the machine.
namespace gpuplan::app {

int runBench(ui::MainWindow &window, double startupMs, int changes);   // changes per tab

} // namespace gpuplan::app
