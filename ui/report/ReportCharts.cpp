// SPDX-License-Identifier: GPL-3.0-or-later
// The drawings of the plan report, as vectors on the PDF painter: the memory chart (the app's
// MemoryChart), the scaling curve and the timeline.
#include "report/ReportFormat.h"
#include "report/ReportSections.h"
#include "report/ReportStyle.h"

#include "charts/ChartFormat.h"
#include "charts/MemoryChart.h"
#include "charts/MemoryStepChart.h"
#include "charts/MemoryVerdictText.h"
#include "charts/ScalingChart.h"
#include "charts/StepTimeChart.h"
#include "document/PlanController.h"
#include "portfolio/PortfolioChart.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QStyle>

#include <qcustomplot.h>

#include <algorithm>
#include <memory>

namespace gpuplan::ui::report {

namespace {

constexpr double kWeekS = 7.0 * 86400.0;

// Charts in the PDF look the same whatever the app's theme: light palette, the report's font.
void prepareForPrint(QWidget &chart, const QSize &size)
{
    chart.setAttribute(Qt::WA_DontShowOnScreen);
    chart.setPalette(QApplication::style()->standardPalette());
    chart.setFont(reportFont(TextStyle::Small));
    chart.resize(size);
    // A hidden widget gets its resize only when shown: without it the plot lays out at no width,
    // and a legend that takes its columns from the width falls to one column, squeezing the plot.
    // Off screen (WA_DontShowOnScreen), show() only runs the layout.
    chart.show();
}

// A chart's title line is too long for a page width: it is taken off the chart and returned as
// the first sentence of the caption ("" when the chart has no title).
QString takeTitle(QCustomPlot *plot)
{
    auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0));
    if (!title)
        return {};
    const QString text = title->text() + QStringLiteral(". ");
    plot->plotLayout()->remove(title);
    plot->plotLayout()->simplify();
    return text;
}

template<typename Chart>
Figure chartFigure(const QString &id, std::shared_ptr<Chart> chart, QCustomPlot *plot, double height, const QString &caption)
{
    return Figure{id, height,
                  [chart, plot](QCPPainter &painter, const QRectF &r) {
                      plot->toPainter(&painter, static_cast<int>(r.width()), static_cast<int>(r.height()));
                  },
                  caption};
}

struct Phase
{
    QString name;
    double start = 0;   // weeks from the order
    double length = 0;
    QColor color;
};

std::vector<Phase> phases(const SectionInput &in)
{
    const Plan &p = in.plan;
    const double procurement = p.facility.procurementWeeks;
    const double install = p.facility.installWeeks;
    std::vector<Phase> out;
    out.push_back({QObject::tr("Procurement (order to delivery)"), 0, procurement, categoryColor(1)});
    out.push_back({QObject::tr("Installation, burn-in, acceptance"), procurement, install, categoryColor(2)});
    if (p.workload.mode == Mode::Training)
        out.push_back({QObject::tr("Training run (failures included)"), procurement + install,
                       in.evaluation.reliability.effectiveTimeToTrainS / kWeekS, categoryColor(0)});
    else
        out.push_back({QObject::tr("Serving horizon"), procurement + install, p.cost.horizonMonths * 52.0 / 12.0, categoryColor(0)});
    return out;
}

void paintTimeline(QCPPainter &p, const QRectF &area, const std::vector<Phase> &list)
{
    const QFont font = reportFont(TextStyle::Small);
    const QFontMetricsF fm(font, p.device());
    p.setFont(font);
    double end = 0;
    for (const Phase &ph : list)
        end = std::max(end, ph.start + ph.length);
    end = std::max(end, 1.0);
    const double labelW = 190;
    const QRectF chart(area.left() + labelW, area.top() + 4, area.width() - labelW - 10, area.height() - 26);
    const double rowH = chart.height() / list.size();
    auto xOf = [&](double w) { return chart.left() + chart.width() * w / end; };
    // Week grid: about eight steps, rounded to 1, 2, 4, 8, ... weeks.
    double step = 1;
    while (end / step > 8)
        step *= 2;
    p.setPen(QPen(colors::lightRule, 0.6));
    for (double w = 0; w <= end + 1e-9; w += step) {
        p.drawLine(QLineF(xOf(w), chart.top(), xOf(w), chart.bottom()));
        const QString t = QObject::tr("wk %1").arg(grouped(w));
        p.setPen(colors::muted);
        p.drawText(QPointF(xOf(w) - fm.horizontalAdvance(t) / 2, chart.bottom() + 4 + fm.ascent()), t);
        p.setPen(QPen(colors::lightRule, 0.6));
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Phase &ph = list[i];
        const double y = chart.top() + rowH * i;
        p.setPen(colors::text);
        p.drawText(QPointF(area.left(), y + rowH / 2 + fm.ascent() / 2 - 1), fm.elidedText(ph.name, Qt::ElideRight, labelW - 8));
        const QRectF bar(xOf(ph.start), y + rowH * 0.22, std::max(xOf(ph.start + ph.length) - xOf(ph.start), 1.5), rowH * 0.56);
        p.setPen(Qt::NoPen);
        p.setBrush(ph.color);
        p.drawRect(bar);
        const QString len = weeks(std::round(ph.length * 10) / 10);
        p.setPen(colors::text);
        const double tx = bar.right() + 4 + fm.horizontalAdvance(len) < chart.right() ? bar.right() + 4 : bar.left() + 4;
        if (tx == bar.left() + 4)
            p.setPen(Qt::white);
        p.drawText(QPointF(tx, bar.center().y() + fm.ascent() / 2 - 1), len);
    }
}

} // namespace

void addMemoryChart(ReportDocument &doc, const SectionInput &in)
{
    doc.add(Heading{in.prefix + QObject::tr("Memory per GPU"), 1});
    const MemoryResult &m = in.evaluation.memory;
    doc.add(Paragraph{QObject::tr("The most-loaded GPU holds %1 of its %2: %3. The chart shows the same plan and "
                                  "layout on comparable GPUs; a bar outlined in red does not fit, and the shaded band "
                                  "around each GPU's limit is where the verdict is borderline.")
                          .arg(bytes(m.perGpuBytes), bytes(m.capacityBytes), memoryVerdictName(m)),
                      TextStyle::Body, {}});
    doc.add(Paragraph{memoryVerdictSentence(m), TextStyle::Body, QObject::tr("Verdict: ")});
    doc.add(Paragraph{memoryLimitText(m) + QLatin1Char('.'), TextStyle::Body, QObject::tr("Limit: ")});
    const QSize size(666, 360);
    auto chart = std::make_shared<MemoryChart>();
    prepareForPrint(*chart, size);
    chart->setLegendVisible(true);
    chart->setComparisonCount(3);
    chart->refresh(in.controller);
    doc.add(chartFigure(QStringLiteral("memory"), chart, chart->plot(), size.height(),
                        QObject::tr("GPU memory per GPU by component, against each GPU's limit with the verdict's error band (GiB).")));
    // Where in the step the peak happens: the breakdown above is that moment's (docs/memory.md §4).
    const QSize stepSize(666, 320);
    auto step = std::make_shared<MemoryStepChart>();
    prepareForPrint(*step, stepSize);
    step->setLegendVisible(true);
    step->refresh(in.controller);
    if (step->peakBar() >= 0)
        doc.add(chartFigure(QStringLiteral("memory-step"), step, step->plot(), stepSize.height(),
                            QObject::tr("Memory per GPU over one step on the stage that peaks, phase by phase with "
                                        "when each begins, against the limit and its error band; the peak is %1.")
                                .arg(step->phaseLabels().value(step->peakBar()))));
}

void addServingChart(ReportDocument &doc, const SectionInput &in)
{
    if (in.plan.workload.mode != Mode::Inference || !in.evaluation.inference.valid)
        return;
    // The app's serving curve with the saturated and the SLO-limited points; its title (the
    // plan's point) becomes the caption's first sentence, as for the scaling chart.
    const QSize size(666, 340);
    auto chart = std::make_shared<StepTimeChart>();
    prepareForPrint(*chart, size);
    chart->setLegendVisible(true);
    chart->refresh(in.controller);
    QCustomPlot *plot = chart->plot();
    const QString summary = takeTitle(plot);
    doc.add(chartFigure(QStringLiteral("serving"), chart, plot, size.height(),
                        summary + QObject::tr("Output tokens/s per GPU, time per output token and time to first token "
                                              "against the concurrent sequences of one replica; the diamond is the "
                                              "saturated point, the star the highest load within the P99 targets.")));
}

void addScalingChart(ReportDocument &doc, const SectionInput &in)
{
    doc.add(Heading{in.prefix + QObject::tr("Scaling"), 1});
    const ScalingResult &s = in.scaling;
    Table t;
    t.id = QStringLiteral("scaling");
    t.columns = {{QObject::tr("GPUs"), 0.7, true}, {QObject::tr("Tokens/s"), 1.0, true}, {QObject::tr("Per GPU"), 1.0, true},
                 {QObject::tr("Efficiency"), 0.9, true}, {QObject::tr("Best layout"), 2.2, false}};
    const bool servingPlan = in.plan.workload.mode == Mode::Inference;
    int feasible = 0;
    for (int i = 0; i < s.count; ++i) {
        const ScalingPoint &pt = s.points[static_cast<std::size_t>(i)];
        if (!pt.feasible) {
            t.rows.push_back({{grouped(pt.gpus), QObject::tr("no layout fits"), QString(), QString(), QString()}});
            continue;
        }
        ++feasible;
        const Layout &l = pt.layout;
        t.rows.push_back({{grouped(pt.gpus), count(pt.tokensPerS), grouped(pt.tokensPerSPerGpu), percent(pt.efficiency),
                           servingPlan ? QObject::tr("TP %1 PP %2, %3 replicas, %4 concurrent requests each")
                                             .arg(l.tp).arg(l.pp).arg(grouped(std::max(l.numGpus / std::max(l.tp * l.pp, 1), 1)))
                                             .arg(l.microBatch)
                                       : QObject::tr("TP %1 PP %2 DP %3 CP %4 EP %5").arg(l.tp).arg(l.pp).arg(l.dp).arg(l.cp).arg(l.ep)}});
    }
    if (feasible == 0) {
        doc.add(Paragraph{QObject::tr("No GPU count of the scaling range has a layout that fits, so there is no curve."),
                          TextStyle::Muted, {}});
        return;
    }
    const QString baseline = QObject::tr("Efficiency is measured against linear scaling from %1 GPUs, the count with "
                                         "the best throughput per GPU, so it never exceeds 100%.")
                                 .arg(grouped(s.baselineGpus));
    doc.add(Paragraph{servingPlan ? QObject::tr("Output tokens per second as the deployment grows or shrinks, with the "
                                                "replica layout and the concurrent requests per replica re-chosen at each "
                                                "size. %1")
                                        .arg(baseline)
                                  : QObject::tr("Throughput when the cluster grows or shrinks, with the best parallel "
                                                "layout re-chosen at each size (%1 scaling: the global batch is %2). %3")
                                        .arg(s.weak ? QObject::tr("weak") : QObject::tr("strong"),
                                             s.weak ? QObject::tr("grown with the GPU count") : QObject::tr("held"),
                                             baseline),
                      TextStyle::Body, {}});
    // The app's scaling chart, given the curve computed for the report (no background worker).
    const QSize size(666, 300);
    auto chart = std::make_shared<ScalingChart>();
    prepareForPrint(*chart, size);
    chart->setLegendVisible(true);
    const Evaluation &e = in.evaluation;
    const bool serving = in.plan.workload.mode == Mode::Inference;
    chart->setResult(s, e.layout.numGpus, serving);
    chart->setPlanMark(e.layout.numGpus, serving ? (e.inference.valid ? e.inference.outputTokensPerSPerGpu * e.layout.numGpus : 0.0)
                                                 : (e.training.valid ? e.training.tokensPerS : 0.0));
    // The chart's title line (the best layout at the plan's size) is too long for a page width:
    // it becomes the first sentence of the caption instead.
    QCustomPlot *plot = chart->plot();
    const QString summary = takeTitle(plot);
    doc.add(chartFigure(QStringLiteral("scaling"), chart, plot, size.height(),
                        summary + QObject::tr("Estimated throughput against GPU count; efficiency is against linear "
                                              "scaling from the smallest size.")));
    doc.add(std::move(t));
}

void addTimeline(ReportDocument &doc, const SectionInput &in)
{
    doc.add(Heading{in.prefix + QObject::tr("Timeline"), 1});
    const std::vector<Phase> list = phases(in);
    doc.add(Figure{QStringLiteral("timeline"), 110, [list](QCPPainter &p, const QRectF &r) { paintTimeline(p, r, list); },
                   QObject::tr("Weeks from the order. Lead times are the plan's facility.procurement_weeks and "
                               "facility.install_weeks.")});
    Table t;
    t.id = QStringLiteral("timeline");
    t.columns = {{QObject::tr("Phase"), 2.4, false}, {QObject::tr("From week"), 0.8, true}, {QObject::tr("To week"), 0.8, true},
                 {QObject::tr("Duration"), 1.0, true}};
    for (const Phase &ph : list)
        t.rows.push_back({{ph.name, grouped(ph.start, 1), grouped(ph.start + ph.length, 1), weeks(std::round(ph.length * 10) / 10)}});
    doc.add(std::move(t));
}

Figure portfolioScheduleFigure(const std::vector<PortfolioEntry> &entries, const PortfolioOutcome &outcome)
{
    // Rows of the schedule grow with the plans; the first week's panel keeps its third.
    int placed = 0;
    for (std::size_t i = 0; i < entries.size(); ++i)
        placed += outcome.job(i) ? 1 : 0;
    const QSize size(666, 250 + 22 * std::min(placed, 24));
    auto chart = std::make_shared<PortfolioChart>();
    prepareForPrint(*chart, size);
    chart->setLegendVisible(true);
    chart->setSchedule(entries, outcome);
    QCustomPlot *plot = chart->plot();
    takeTitle(plot);
    return chartFigure(QStringLiteral("portfolio-schedule"), chart, plot, size.height(),
                       QObject::tr("Above: each job from its start to its end, days from the start of the schedule, "
                                   "coloured by GPU pool; serving fleets (hatched) are always on, a late job is "
                                   "outlined red and a deadline is a red tick. Below: the share of each pool's GPUs "
                                   "busy over the first week."));
}

} // namespace gpuplan::ui::report
