// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartWidget.h"

#include "eval/Evaluation.h"

#include <QString>
#include <QVector>

#include <array>

class QCPBars;
class QCPTextElement;

namespace gpuplan::ui {

enum class PowerSegment : int { Gpus, NodeOverhead, Network, Storage, FacilityOverhead, PeakIt, Heat, Count };
inline constexpr int kPowerSegmentCount = static_cast<int>(PowerSegment::Count);

// Power and cooling at a glance: the IT load while the plan runs, split into GPUs, the rest of
// the servers, network and storage; the facility's draw (IT x PUE); the peak IT power racks and
// contracts are sized for; the heat to remove. A line under the chart gives racks, kW per rack
// and whether the racks need liquid cooling.
class PowerChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit PowerChart(QWidget *parent = nullptr);
    ~PowerChart() override;

    QString title() const override { return tr("Power and cooling"); }
    void refresh(const PlanController &controller) override;
    void resetView() override;

    void setResults(const PowerResult &power, const CoolingResult &cooling, double pue);

    // What is drawn, read back from the plot in kW, for tests and exporters. Bars: 1 IT load,
    // 2 facility, 3 peak IT, 4 heat.
    QVector<double> segmentKw(PowerSegment segment) const;
    QVector<double> barTotalsKw() const;
    QString summaryText() const;
    QString unit() const { return m_megawatts ? QStringLiteral("MW") : QStringLiteral("kW"); }

protected:
    QString hoverText(const QPointF &pixel) const override;
    void restyle() override;

private:
    void rebuild();
    double displayScale() const { return m_megawatts ? 1e-3 : 1.0; }
    double segmentValueKw(PowerSegment segment, int bar) const;

    std::array<QCPBars *, kPowerSegmentCount> m_stack{};
    QCPTextElement *m_summary;
    PowerResult m_power;
    CoolingResult m_cooling;
    double m_pue = 0;
    bool m_hasData = false;
    bool m_megawatts = false;
    double m_defaultTop = 1;
};

} // namespace gpuplan::ui
