// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartWidget.h"

#include "perf/ServingFrontier.h"

#include <QPointF>
#include <QVector>

class QCPGraph;

namespace gpuplan::ui {

// Aggregated against disaggregated serving on the plan's GPUs: output tokens/s per GPU against
// tokens/s per user (1 / TPOT), every load (and prefill:decode split) as a point, each option's
// Pareto frontier as a line, the crossovers and the plan's own operating point marked. The sweep
// and the frontiers are core/perf/ServingFrontier.h's, computed once per edit (well under a
// millisecond, so on the UI thread); the chart only draws them. Training plans get a note.
class ServingFrontierChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit ServingFrontierChart(QWidget *parent = nullptr);
    ~ServingFrontierChart() override;

    QString title() const override { return tr("Serving frontier"); }
    void refresh(const PlanController &controller) override;
    void resetView() override;

    // `planTokensPerSPerGpu`, `planTpotS`: the evaluation's operating point (0: none); `planPools`:
    // a disaggregated plan's prefill and decode GPUs (0, 0: an aggregated plan).
    void setFrontier(const ServingFrontier &frontier, double planTokensPerSPerGpu, double planTpotS,
                     int planPrefillGpus = 0, int planDecodeGpus = 0);
    bool planIsDisaggregated() const { return m_planDecodeGpus > 0; }

    // What is drawn, read back from the plot (tokens/s per user, tokens/s per GPU), for tests.
    const ServingFrontier &frontier() const { return m_frontier; }
    QVector<QPointF> aggregatedPoints() const;
    QVector<QPointF> disaggregatedPoints() const;
    QVector<QPointF> aggregatedFrontier() const;
    QVector<QPointF> disaggregatedFrontier() const;
    QVector<QPointF> planPoint() const;
    QVector<QPointF> crossoverPoints() const;

protected:
    QString hoverText(const QPointF &pixel) const override;
    void restyle() override;

private:
    void rebuild();
    void addLabel(double x, double y, const QString &text, Qt::Alignment align, bool bold);
    QString optionText(ServingOption option) const;
    QString titleText() const;

    QCPGraph *m_aggPoints;
    QCPGraph *m_aggFront;
    QCPGraph *m_disPoints;
    QCPGraph *m_disFront;
    QCPGraph *m_crossover;
    QCPGraph *m_plan;
    ServingFrontier m_frontier;
    bool m_hasData = false;
    bool m_serving = false;
    double m_planTokens = 0;
    double m_planRate = 0;
    int m_planPrefillGpus = 0;
    int m_planDecodeGpus = 0;
    double m_xHigh = 1, m_yHigh = 1;
};

} // namespace gpuplan::ui
