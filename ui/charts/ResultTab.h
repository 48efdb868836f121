// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

namespace gpuplan::ui {

class PlanController;
class Settings;

// One tab of the results area. The results panel calls refresh() when the evaluation changes
// and the tab is visible (hidden tabs are refreshed when they are shown). A new tab is one
// subclass plus one line in ResultTabs.cpp.
class ResultTab : public QWidget
{
    Q_OBJECT
public:
    using QWidget::QWidget;

    virtual QString title() const = 0;
    virtual void refresh(const PlanController &controller) = 0;
    // Chart defaults and other preferences; called when the tab is added and when they change.
    virtual void applySettings(const Settings &settings) { Q_UNUSED(settings); }
};

} // namespace gpuplan::ui
