// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "procure/Growth.h"

#include <QDialog>

class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace gpuplan::ui {

class BackgroundJob;
class ComparisonTab;
class PlanController;

// File › "Compare with the plan grown…": the open plan later with a larger model and more tokens or
// traffic (gpuplan-cli growth, core/procure/Growth.h), re-sized to keep today's time to train or P99
// targets, added as a column of the Compare tab next to today's plan. The scales take the CLI's
// bounds; the re-sizing searches layouts at several GPU counts, so it runs on a worker thread.
class GrowthDialog : public QDialog
{
    Q_OBJECT
public:
    GrowthDialog(PlanController *controller, ComparisonTab *compare, QWidget *parent = nullptr);
    ~GrowthDialog() override;

    GrowthRequest request() const;
    void setRequest(const GrowthRequest &request);
    // Starts the re-sizing; the column is added when it is done (grown() is emitted) or the reason
    // is shown in the dialog.
    void start();
    bool isComputing() const;
    QString statusText() const;

    // The open plan grown and sized as the result says (its GPU count and layout).
    static Plan sizedPlan(const Plan &plan, const GrowthResult &result);
    static QString columnName(const GrowthResult &result);

signals:
    void grown(const gpuplan::GrowthResult &result);

private:
    void updateMode();

    PlanController *m_controller;
    ComparisonTab *m_compare;
    BackgroundJob *m_job;
    QDoubleSpinBox *m_model;
    QDoubleSpinBox *m_work;
    QSpinBox *m_years;
    QLabel *m_workLabel;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
};

} // namespace gpuplan::ui
