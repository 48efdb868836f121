// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/ResultTab.h"

#include <QScrollArea>
#include <QVBoxLayout>

namespace gpuplan::ui {

void ResultTab::setScrollableContent(QWidget *content)
{
    auto *scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

} // namespace gpuplan::ui
