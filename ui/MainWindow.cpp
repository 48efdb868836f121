// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include <QLabel>

namespace gpuplan::ui {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(QStringLiteral("gpuplan"));
    setCentralWidget(new QLabel(QStringLiteral("gpuplan"), this));
}

} // namespace gpuplan::ui
