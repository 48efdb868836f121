// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/ScalingChart.h"

#include "charts/ChartFormat.h"
#include "charts/ScalingWorker.h"
#include "document/PlanController.h"

#include "report/ServingText.h"

#include <qcustomplot.h>

#include <cmath>

namespace gpuplan::ui {

namespace {

// Training speaks of data parallelism and micro-batches; serving of replicas and the requests
// each one holds at once (the layout's micro-batch is the concurrency per replica).
QString layoutText(const Layout &l, bool serving)
{
    if (serving) {
        const int perReplica = std::max(l.tp * l.pp, 1);
        return ScalingChart::tr("TP %1 · PP %2 · %3 replicas · %4 concurrent requests each")
            .arg(l.tp)
            .arg(l.pp)
            .arg(std::max(l.numGpus / perReplica, 1))
            .arg(l.microBatch);
    }
    QString text = QStringLiteral("TP %1 · PP %2 · DP %3").arg(l.tp).arg(l.pp).arg(l.dp);
    if (l.cp > 1)
        text += QStringLiteral(" · CP %1").arg(l.cp);
    if (l.ep > 1)
        text += QStringLiteral(" · EP %1").arg(l.ep);
    return text + ScalingChart::tr(" · micro-batch %1").arg(l.microBatch);
}


} // namespace

ScalingChart::ScalingChart(QWidget *parent) : ChartWidget(parent), m_worker(new ScalingWorker(this))
{
    QCustomPlot *p = plot();
    setTitle(tr("Scaling with the GPU count"));
    p->setAutoAddPlottableToLegend(false);
    setPowerOfTwoAxis(p->xAxis);
    p->xAxis->setLabel(tr("GPUs"));
    p->yAxis->setScaleType(QCPAxis::stLogarithmic);
    p->yAxis->setTicker(siLogTicker());
    p->yAxis2->setVisible(true);
    p->yAxis2->setLabel(tr("Scaling efficiency (%)"));
    p->yAxis2->setTicker(QSharedPointer<QCPAxisTicker>::create());

    m_ideal = p->addGraph(p->xAxis, p->yAxis);
    m_ideal->setName(tr("Ideal: linear from the best per-GPU point"));
    m_actual = p->addGraph(p->xAxis, p->yAxis);
    m_actual->setName(tr("Best layout at each count (left)"));
    m_efficiency = p->addGraph(p->xAxis, p->yAxis2);
    m_efficiency->setName(tr("Scaling efficiency (right)"));
    m_mark = p->addGraph(p->xAxis, p->yAxis);
    m_mark->setName(tr("This plan, its own layout"));
    m_mark->setLineStyle(QCPGraph::lsNone);
    for (QCPGraph *g : {m_actual, m_ideal, m_efficiency, m_mark})
        g->addToLegend();
    placeLegendUnderTitle(2);   // under the title, as the other charts: inset, it covered the curves on short charts

    connect(m_worker, &ScalingWorker::finished, this, [this](const ScalingResult &result, int planGpus) {
        // A curve still running when the plan stopped resolving belongs to no plan on screen.
        if (m_planResolved)
            setResult(result, planGpus, m_serving);
    });
    restyle();
}

ScalingChart::~ScalingChart() = default;

void ScalingChart::setWorkerThreads(int threads)
{
    m_worker->setThreads(threads);
}

bool ScalingChart::isComputing() const
{
    return m_worker->isBusy() || m_worker->hasPending();
}

void ScalingChart::refresh(const PlanController &controller)
{
    m_planResolved = controller.isResolved();
    if (!m_planResolved) {
        m_hasResult = false;
        m_result = ScalingResult{};
        m_rateGpus = 0;
        m_rateText.clear();
        setPlanMark(0, 0);
        setOverlayText(unresolvedPlanText(controller));
        rebuild();
        return;
    }
    const Evaluation &e = controller.evaluation();
    m_serving = controller.plan().workload.mode == Mode::Inference;
    const int gpus = e.layout.numGpus;
    const double tokens = m_serving ? (e.inference.valid ? e.inference.outputTokensPerSPerGpu * gpus : 0.0)
                                    : (e.training.valid ? e.training.tokensPerS : 0.0);
    // The serving lesson's replicas step reads the count its rate needs off the curve.
    const CapacityResult &capacity = e.inference.capacity;
    const double rate = controller.plan().workload.inference.requestRate;
    const bool rated = m_serving && e.inference.valid && capacity.valid && capacity.replicas > 0 && rate > 0;
    m_rateGpus = rated ? capacity.replicas * e.inference.gpusPerReplica : 0;
    m_rateText = rated ? QString::fromStdString(gpusForRateText(capacity, e.inference.gpusPerReplica, rate)) : QString();
    setPlanMark(gpus, tokens);
    m_worker->request(controller);
    if (!m_hasResult)
        setOverlayText(tr("Computing the scaling curve…"));
}

void ScalingChart::setPlanMark(int gpus, double tokensPerS)
{
    if (gpus == m_markGpus && tokensPerS == m_markTokensPerS)
        return;
    m_markGpus = gpus;
    m_markTokensPerS = tokensPerS;
    updateMark();
    // The mark can lie outside the curve's counts (a serving plan below the replicas the rate
    // needs): the axes follow it, or it would sit on the plot's edge (issue 29).
    if (m_hasResult) {
        updateRange(graphKeys(m_actual), graphValues(m_actual), graphValues(m_ideal), graphValues(m_efficiency));
        resetView();
    }
    replot();
}

void ScalingChart::updateRange(const QVector<double> &gpus, const QVector<double> &actual,
                               const QVector<double> &ideal, const QVector<double> &efficiency)
{
    m_xLow = 1;
    m_xHigh = 2;
    m_yLow = 1;
    m_yHigh = 10;
    m_effHigh = 110;
    if (gpus.isEmpty())
        return;
    // Every point drawn is inside the range with a margin: the curve's counts and the plan's own
    // mark, which need not be one of them.
    double xLo = gpus.front(), xHi = gpus.back();
    double lo = actual.front(), hi = actual.front();
    for (const double v : actual + ideal) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (m_markGpus > 0 && m_markTokensPerS > 0) {
        xLo = std::min(xLo, static_cast<double>(m_markGpus));
        xHi = std::max(xHi, static_cast<double>(m_markGpus));
        lo = std::min(lo, m_markTokensPerS);
        hi = std::max(hi, m_markTokensPerS);
    }
    m_xLow = xLo / 1.4;
    m_xHigh = xHi * 1.4;
    m_yLow = lo / 2;
    m_yHigh = hi * 2;
    for (const double v : efficiency)
        m_effHigh = std::max(m_effHigh, v * 1.05);
}

void ScalingChart::updateMark()
{
    plot()->clearItems();
    if (m_markGpus > 0 && m_markTokensPerS > 0) {
        m_mark->setData(QVector<double>{static_cast<double>(m_markGpus)}, QVector<double>{m_markTokensPerS}, true);
        auto *tag = new QCPItemText(plot());
        tag->position->setCoords(m_markGpus, m_markTokensPerS);
        // Left of the mark, unless the mark is at the curve's smallest count: there the text would
        // run past the plot's left edge and be cut.
        const bool atLeftEdge = m_result.count == 0 || m_markGpus <= m_result.points[0].gpus;
        tag->setPositionAlignment((atLeftEdge ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignBottom);
        tag->setPadding(atLeftEdge ? QMargins(10, 0, 0, 8) : QMargins(0, 0, 10, 8));
        tag->setText(tr("this plan\n%1 GPUs, %2")
                         .arg(m_markGpus)
                         .arg(siNumber(m_markTokensPerS, m_serving ? tr("output tokens/s") : tr("tokens/s"))));
        tag->setFont(chartFont(0.9, true));
        tag->setColor(textColor());
    } else {
        m_mark->data()->clear();
    }
    if (m_rateGpus > 0) {
        auto *line = new QCPItemStraightLine(plot());
        line->point1->setCoords(m_rateGpus, 1);
        line->point2->setCoords(m_rateGpus, 2);
        line->setPen(QPen(mutedColor(), 1.5, Qt::DotLine));
        auto *rate = new QCPItemText(plot());
        rate->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rate->position->setCoords(m_rateGpus, 0);
        rate->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        rate->setPadding(QMargins(4, 4, 4, 2));
        rate->setText(m_rateText);
        rate->setFont(chartFont(0.85));
        rate->setColor(mutedColor());
        rate->setBrush(backgroundColor());
    }
}

void ScalingChart::setResult(const ScalingResult &result, int planGpus, bool serving)
{
    m_result = result;
    m_resultPlanGpus = planGpus;
    m_serving = serving;
    m_hasResult = true;
    rebuild();
    emit curveUpdated();
}

void ScalingChart::restyle()
{
    styleAxis(plot()->yAxis2, textColor(), mutedColor(), gridColor(), chartFont());
    m_actual->setPen(QPen(categoryColor(0), 2.5));
    m_actual->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, categoryColor(0), 7));
    m_ideal->setPen(QPen(mutedColor(), 1.5, Qt::DashLine));
    m_efficiency->setPen(QPen(categoryColor(1), 2));
    m_efficiency->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, categoryColor(1), 6));
    m_mark->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(textColor(), 2.5), Qt::NoBrush, 16));
    rebuild();
}

void ScalingChart::rebuild()
{
    QCustomPlot *p = plot();
    p->yAxis->setLabel(m_serving ? tr("Output tokens/s (whole deployment)") : tr("Training throughput (tokens/s)"));
    QVector<double> gpus, actual, ideal, efficiency;
    const ScalingPoint *best = nullptr;
    for (int i = 0; m_hasResult && i < m_result.count; ++i) {
        const ScalingPoint &pt = m_result.points[static_cast<std::size_t>(i)];
        if (!pt.feasible)
            continue;
        gpus << pt.gpus;
        actual << pt.tokensPerS;
        ideal << pt.idealTokensPerS;
        efficiency << pt.efficiency * 100;
        if (pt.gpus == m_resultPlanGpus)
            best = &pt;
    }
    m_actual->setData(gpus, actual, true);
    m_ideal->setData(gpus, ideal, true);
    m_efficiency->setData(gpus, efficiency, true);
    updateMark();

    updateRange(gpus, actual, ideal, efficiency);
    if (!m_hasResult) {
        setTitle(tr("Scaling with the GPU count"));
    } else if (gpus.isEmpty()) {
        setTitle(tr("Scaling with the GPU count"));
        setOverlayText(tr("No layout runs at any of the GPU counts tried (%1 to %2): the model does not fit.")
                           .arg(m_result.count > 0 ? m_result.points[0].gpus : 0)
                           .arg(m_result.count > 0 ? m_result.points[static_cast<std::size_t>(m_result.count - 1)].gpus : 0));
    } else {
        const ScalingPoint &last = m_result.points[static_cast<std::size_t>(m_result.count - 1)];
        // The efficiency's baseline is stated: linear from the count with the best tokens/s per GPU.
        QString title = best ? tr("At %1 GPUs the best layout (%2) gives %3, %4 of linear scaling from %5 GPUs "
                                  "(the best per GPU)")
                                   .arg(best->gpus)
                                   .arg(layoutText(best->layout, m_serving),
                                        siNumber(best->tokensPerS, m_serving ? tr("output tokens/s") : tr("tokens/s")),
                                        percentText(best->efficiency, 0))
                                   .arg(m_result.baselineGpus)
                             : tr("Scaling to %1 GPUs").arg(last.gpus);
        setTitle(title);
        setOverlayText(QString());
    }
    p->legend->setVisible(m_hasResult && !gpus.isEmpty() && legendVisible());
    resetView();
    replot();
}

void ScalingChart::resetView()
{
    plot()->xAxis->setRange(m_xLow, m_xHigh);
    plot()->yAxis->setRange(m_yLow, m_yHigh);
    plot()->yAxis2->setRange(0, m_effHigh);
}

QString ScalingChart::hoverText(const QPointF &pixel) const
{
    // The point nearest the pointer along the GPU axis, within 30 pixels.
    const ScalingPoint *best = nullptr;
    double bestDistance = 30;
    for (int i = 0; m_hasResult && i < m_result.count; ++i) {
        const ScalingPoint &pt = m_result.points[static_cast<std::size_t>(i)];
        const double d = std::fabs(plot()->xAxis->coordToPixel(pt.gpus) - pixel.x());
        if (d < bestDistance) {
            bestDistance = d;
            best = &pt;
        }
    }
    QString text;
    if (best && best->feasible) {
        text = tr("<b>%1 GPUs</b><br>Best layout: %2<br>Throughput: %3 tokens/s (%4 tokens/s per GPU)"
                  "<br>Ideal linear from %7 GPUs: %5 tokens/s<br>Scaling efficiency: %6")
                   .arg(best->gpus)
                   .arg(layoutText(best->layout, m_serving))
                   .arg(fixedText(best->tokensPerS, 0))
                   .arg(fixedText(best->tokensPerSPerGpu, 1))
                   .arg(fixedText(best->idealTokensPerS, 0))
                   .arg(percentText(best->efficiency))
                   .arg(m_result.baselineGpus);
    } else if (best) {
        text = tr("<b>%1 GPUs</b><br>No layout fits in GPU memory at this count").arg(best->gpus);
    }
    if (m_markGpus > 0 && std::fabs(plot()->xAxis->coordToPixel(m_markGpus) - pixel.x()) < 30 && m_markTokensPerS > 0) {
        text += (text.isEmpty() ? QString() : QStringLiteral("<br>"))
                + tr("<b>This plan</b> (its own layout): %1 tokens/s on %2 GPUs")
                      .arg(fixedText(m_markTokensPerS, 0))
                      .arg(m_markGpus);
    }
    return text;
}

} // namespace gpuplan::ui
