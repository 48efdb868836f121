// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartWidget.h"

#include "eval/Evaluation.h"

#include <QBrush>
#include <QColor>
#include <QPair>
#include <QString>
#include <QVector>

#include <array>
#include <vector>

class QCPBars;
class QCPGraph;
class QCPItemRect;
class QCPItemText;
class QCPTextElement;

namespace gpuplan::ui {

enum class MemoryComponent : int {
    Weights,
    Gradients,
    OptimizerStates,
    MasterWeights,
    Activations,
    LogitsLoss,
    CommBuffers,
    KvCache,
    Workspace,
    CudaContext,
    AllocatorSlack,
    Count
};
inline constexpr int kMemoryComponentCount = static_cast<int>(MemoryComponent::Count);

QString memoryComponentName(MemoryComponent component);
double memoryComponentBytes(const MemoryBreakdown &breakdown, MemoryComponent component);
QColor memoryComponentColor(MemoryComponent component);   // the same in every memory chart

// One bar of the memory chart: the plan evaluated on one GPU.
struct MemoryBar
{
    QString gpuId;
    QString gpuName;
    MemoryResult memory;
    bool isPlanGpu = false;
};

// GPU memory per GPU (most-loaded GPU) as bars stacked by component, each against its GPU's
// capacity, for the plan's GPU and a few comparable catalog GPUs evaluated with the same plan.
// A bar that does not fit is outlined and labelled in the error colour.
class MemoryChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit MemoryChart(QWidget *parent = nullptr);
    ~MemoryChart() override;

    QString title() const override { return tr("Memory"); }
    void refresh(const PlanController &controller) override;
    void resetView() override;
    void applySettings(const Settings &settings) override;

    void setComparisonCount(int count);            // other GPUs next to the plan's (0 to 6)
    void setBars(std::vector<MemoryBar> bars);     // draws exactly these bars

    // What is drawn, read back from the plot (GiB), for tests and exporters.
    const std::vector<MemoryBar> &bars() const { return m_bars; }
    QVector<double> barValues(MemoryComponent component) const;
    QVector<double> barTotals() const;
    QVector<double> capacityLine() const;            // capacity of each bar's GPU
    // The verdict's band drawn around each bar's limit (GiB): estimates up to the low end fit,
    // above the high end do not; {0, 0} for a bar without an estimate.
    QPair<double, double> verdictBand(int bar) const;
    QString verdictLabel(int bar) const;             // "fits", "borderline" or "does not fit"; empty without an estimate
    QString limitNote() const;                       // the plan GPU's limit and band, as written on the chart
    QStringList barLabels() const;
    // The estimate and verdict above each bar as drawn (a shorter form where the bar is narrow), and
    // its font; empty for a bar without an estimate.
    QStringList valueLabels() const;
    QFont valueLabelFont(int bar) const;
    bool isMarkedNotFitting(int bar) const;          // outlined in the error colour
    QColor markColor(int bar) const;

protected:
    QString hoverText(const QPointF &pixel) const override;
    void resizeEvent(QResizeEvent *event) override;
    void restyle() override;

private:
    QBrush bandBrush() const;
    void rebuild();
    int barAt(double key) const;
    void fitLegendToWidth();
    void updateNote();
    bool isShort() const;
    bool updateTicks();
    bool fitValueLabels();
    double barPixels() const;

    std::array<QCPBars *, kMemoryComponentCount> m_stack{};
    QCPGraph *m_capacity;
    QCPGraph *m_bandLegend;                          // no data: the band's legend entry
    std::vector<QPair<double, double>> m_bands;      // per bar, GiB
    QString m_limitNote;
    QCPTextElement *m_note = nullptr;                // shows m_limitNote
    std::vector<QCPItemRect *> m_outlines;           // per bar; nullptr when it fits
    std::vector<QCPItemText *> m_valueLabels;        // per bar, above it; nullptr without an estimate
    std::vector<MemoryBar> m_bars;
    QStringList m_tickLabels;                        // as set on the x axis
    int m_comparisonCount = 5;
    double m_defaultTop = 1.0;
};

} // namespace gpuplan::ui
