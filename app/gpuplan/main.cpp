// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include <QApplication>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    gpuplan::ui::MainWindow window;
    window.show();
    return app.exec();
}
