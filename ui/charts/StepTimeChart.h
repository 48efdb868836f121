// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartFormat.h"
#include "charts/ChartWidget.h"

#include "eval/Evaluation.h"

#include <QPointF>
#include <QString>
#include <QVector>

#include <array>
#include <vector>

class QCPBars;
class QCPGraph;
class QCPItemText;

namespace gpuplan::ui {

enum class StepComponent : int {
    Compute, Recompute, TpComm, CpComm, EpComm, PpComm, DpComm, Bubble, Optimizer, Offload, Other, Count
};
inline constexpr int kStepComponentCount = static_cast<int>(StepComponent::Count);

QString stepComponentName(StepComponent component);
double stepComponentSeconds(const StepBreakdown &breakdown, StepComponent component);

// Where the time goes. Training plans: one horizontal bar per part of the training step on the
// busiest pipeline stage (compute, recompute, communication not hidden behind compute per
// parallel dimension, pipeline bubble, optimizer, ...), labelled with seconds and share. Serving
// plans: output tokens/s per GPU, time per output token and time to first token against the
// number of concurrent sequences, the plan's concurrency marked, with the saturated point (the
// engine's own concurrency) and the highest load per replica within the P99 targets and headroom.
class StepTimeChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit StepTimeChart(QWidget *parent = nullptr);
    ~StepTimeChart() override;

    QString title() const override { return tr("Step time"); }
    void refresh(const PlanController &controller) override;
    void resetView() override;

    void setTraining(const TrainingResult &training);
    void setInference(const InferenceResult &inference, int concurrency);

    // What is drawn, read back from the plot, for tests and exporters.
    bool showsServing() const { return m_serving; }
    QVector<double> componentSeconds() const;     // bar lengths, top bar first (parts with time only)
    QStringList componentLabels() const;          // same order
    QVector<double> curveConcurrency() const { return graphKeys(m_throughput); }
    QVector<double> curveTokensPerSPerGpu() const { return graphValues(m_throughput); }
    QVector<double> curveTpotMs() const { return graphValues(m_tpot); }
    QVector<double> curveTtftMs() const { return graphValues(m_ttft); }
    int markedConcurrency() const { return m_marked; }
    // The marked capacity points (concurrency, output tokens/s per GPU); empty when not drawn.
    QVector<QPointF> saturatedPoint() const { return graphPoints(m_saturated); }
    QVector<QPointF> sloLimitedPoint() const { return graphPoints(m_sloLimited); }
    QVector<QPointF> planPoint() const { return graphPoints(m_marker); }   // "this plan"
    QString capacityLabel() const { return m_capacityLabel; }   // the SLO-limited point's label

protected:
    QString hoverText(const QPointF &pixel) const override;
    void restyle() override;
    void fitToLayout() override;

private:
    void rebuild();
    void rebuildTraining();
    void rebuildServing();
    void markCapacity(double &maxConcurrency, double &topTokens);
    static QVector<QPointF> graphPoints(const QCPGraph *graph);
    void showPlottables();
    QString trainingHover(const QPointF &pixel) const;
    QString servingHover(const QPointF &pixel) const;

    std::array<QCPBars *, kStepComponentCount> m_bars{};
    std::array<int, kStepComponentCount> m_row{};   // bar key per component; 0 = not drawn
    QCPGraph *m_throughput;
    QCPGraph *m_tpot;
    QCPGraph *m_ttft;
    QCPGraph *m_marker;
    QCPGraph *m_saturated;
    QCPGraph *m_sloLimited;
    QString m_capacityLabel;
    double m_requestRate = 0;   // the plan's, for the replicas in the label
    bool m_serving = false;
    bool m_hasData = false;
    TrainingResult m_training;
    InferenceResult m_inference;
    int m_marked = 0;
    struct Range
    {
        double lower = 0;
        double upper = 1;
    };
    Range m_defaultX, m_defaultY, m_defaultY2;
    double m_dataUpperX = 1;                 // the training bars' range before their labels' room
    std::vector<QCPItemText *> m_barLabels;  // right of each training bar
};

} // namespace gpuplan::ui
