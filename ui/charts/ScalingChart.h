// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartFormat.h"
#include "charts/ChartWidget.h"

#include "eval/Evaluation.h"

#include <QString>
#include <QVector>

class QCPGraph;

namespace gpuplan::ui {

class ScalingWorker;

// How the plan scales: throughput against the GPU count with the fastest layout re-chosen at
// each count (core/search/Scaling.h), the ideal linear line from the smallest count that runs,
// scaling efficiency on the right axis, and the current plan (its own layout) marked. The curve
// is computed in the background (ScalingWorker) and follows a slider drag a few times a second.
class ScalingChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit ScalingChart(QWidget *parent = nullptr);
    ~ScalingChart() override;

    QString title() const override { return tr("Scaling"); }
    void refresh(const PlanController &controller) override;
    void resetView() override;

    void setWorkerThreads(int threads);
    void setResult(const ScalingResult &result, int planGpus, bool serving);
    // The current plan as evaluated with its own layout.
    void setPlanMark(int gpus, double tokensPerS);

    // What is drawn, read back from the plot, for tests and exporters. Feasible counts only.
    bool isComputing() const;
    const ScalingResult &result() const { return m_result; }
    QVector<double> gpuCounts() const { return graphKeys(m_actual); }
    QVector<double> tokensPerS() const { return graphValues(m_actual); }
    QVector<double> idealTokensPerS() const { return graphValues(m_ideal); }
    QVector<double> efficiencyPercent() const { return graphValues(m_efficiency); }
    int markedGpus() const { return m_markGpus; }
    // A serving plan with a request rate: the GPUs the rate needs within the P99 targets (the
    // capacity model's replicas), marked on the curve with its words; 0 and empty otherwise.
    int rateGpus() const { return m_rateGpus; }
    QString rateText() const { return m_rateText; }
    double markedTokensPerS() const { return m_markTokensPerS; }

signals:
    void curveUpdated();   // a new curve is drawn

protected:
    QString hoverText(const QPointF &pixel) const override;
    void restyle() override;

private:
    void rebuild();
    void updateMark();
    // The axis ranges from what is drawn: the feasible curve and the plan's mark.
    void updateRange(const QVector<double> &gpus, const QVector<double> &actual, const QVector<double> &ideal,
                     const QVector<double> &efficiency);

    ScalingWorker *m_worker;
    QCPGraph *m_actual;
    QCPGraph *m_ideal;
    QCPGraph *m_efficiency;
    QCPGraph *m_mark;
    ScalingResult m_result;
    bool m_hasResult = false;
    bool m_planResolved = false;
    bool m_serving = false;
    int m_resultPlanGpus = 0;
    int m_markGpus = 0;
    int m_rateGpus = 0;
    QString m_rateText;
    double m_markTokensPerS = 0;
    double m_xLow = 1, m_xHigh = 2, m_yLow = 1, m_yHigh = 10, m_effHigh = 110;
};

} // namespace gpuplan::ui
