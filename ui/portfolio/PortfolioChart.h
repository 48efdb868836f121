// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartFormat.h"
#include "charts/ChartWidget.h"
#include "portfolio/PortfolioPlans.h"

#include <QVector>

#include <vector>

class QCPAxisRect;
class QCPGraph;
class QCPItemLine;
class QCPItemRect;
class QCPItemText;

namespace gpuplan::ui {

// One job's bar on the schedule chart, read back from the plot (days from the schedule's start).
struct ScheduleBar
{
    QString label;
    int pool = 0;
    double startDays = 0;
    double endDays = 0;          // serving fleets: the end of the chart's time axis
    int gpus = 0;
    bool serving = false;
    bool late = false;
    double deadlineDays = -1;    // the marker drawn on the bar's row; negative = none
};

// The Portfolio tab's schedule: above, one row per placed job (Gantt bars from start to end,
// coloured by GPU pool; a serving fleet hatched across the whole axis; a late job outlined red; a
// deadline as a red tick on its row); below, each pool's busy share of its GPUs over the first week
// (utilizationProfile() of core/portfolio). Fed by the Portfolio view, not by the evaluation; the
// data is read back for tests, never the pixels.
class PortfolioChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit PortfolioChart(QWidget *parent = nullptr);
    ~PortfolioChart() override;

    QString title() const override { return tr("Schedule"); }
    void refresh(const PlanController &controller) override { Q_UNUSED(controller); }
    void resetView() override;

    // Jobs in the order of the entries; entries that were not placed have no row.
    void setSchedule(const std::vector<PortfolioEntry> &entries, const PortfolioOutcome &outcome);
    void setMessage(const QString &text);   // nothing to draw, and why

    std::vector<ScheduleBar> bars() const;
    QStringList rowLabels() const;                         // top first
    int utilizationCurves() const { return static_cast<int>(m_utilization.size()); }
    QVector<double> utilizationDays(int pool) const;       // step starts, then the end of the week
    QVector<double> utilizationPercent(int pool) const;    // busy share of the pool's GPUs, %
    double axisEndDays() const;

protected:
    QString hoverText(const QPointF &pixel) const override;
    void restyle() override;

private:
    void clear();
    void rebuild();

    QCPAxisRect *m_weekRect = nullptr;
    std::vector<ScheduleBar> m_bars;               // as set; times of the drawn rects read back
    std::vector<QCPItemRect *> m_rects;
    std::vector<QCPItemText *> m_labels;
    std::vector<QCPItemLine *> m_deadlineTicks;
    std::vector<QCPGraph *> m_utilization;
    std::vector<QString> m_poolNames;
    std::vector<std::vector<UtilizationStep>> m_profiles;
    std::vector<int> m_poolGpus;
    double m_endDays = 7;
};

} // namespace gpuplan::ui
