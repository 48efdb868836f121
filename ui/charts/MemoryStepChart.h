// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartWidget.h"
#include "charts/MemoryChart.h"

#include "eval/Evaluation.h"
#include "memory/MemoryTimeline.h"

#include <QStringList>
#include <QVector>

#include <array>

class QCPBars;
class QCPGraph;

namespace gpuplan::ui {

// Memory over one step (docs/memory.md §4, §6): the phases of the training step on the pipeline
// stage that peaks (or an inference engine's start, prefill and decode) in time order, each a bar
// stacked by component, against the GPU's capacity with the verdict's error band; the peak's bar
// is marked. Reads core's MemoryTimeline; the phases are built only when the chart is drawn.
class MemoryStepChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit MemoryStepChart(QWidget *parent = nullptr);
    ~MemoryStepChart() override;

    QString title() const override { return tr("Memory over one step"); }
    void refresh(const PlanController &controller) override;
    void resetView() override;

    // Draws exactly these phases (those of the peak's stage) against `memory`'s capacity and band.
    void setTimeline(const MemoryTimeline &timeline, const MemoryResult &memory);

    // What is drawn, read back for tests and exporters (GiB).
    QStringList phaseLabels() const { return m_labels; }   // "forward of micro-batch 4 (30%)"
    QVector<double> phaseValues(MemoryComponent component) const;
    QVector<double> phaseTotals() const;
    int peakBar() const { return m_peakBar; }               // 0-based, -1 without phases
    double capacityGiB() const { return m_capacityGiB; }
    QPair<double, double> band() const { return m_band; }   // fits up to / does not fit above, GiB

protected:
    QString hoverText(const QPointF &pixel) const override;
    void restyle() override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void rebuild();
    void fitLegendToWidth();

    std::array<QCPBars *, kMemoryComponentCount> m_stack{};
    QCPGraph *m_capacity;
    std::vector<MemoryPhase> m_phases;
    int m_pipelineStages = 1;
    QStringList m_labels;
    int m_peakBar = -1;
    double m_capacityGiB = 0;
    QPair<double, double> m_band{0, 0};
};

} // namespace gpuplan::ui
