// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/ServingFrontierChart.h"

#include "charts/ChartFormat.h"
#include "document/PlanController.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

// Every point of an option (all loads, all splits), and its frontier's vertices, as (per user, per GPU).
QVector<QPointF> curvePoints(const ServingOptionCurve &c)
{
    QVector<QPointF> out;
    for (int i = 0; i < c.count; ++i) {
        const FrontierPoint &p = c.points[static_cast<std::size_t>(i)];
        out << QPointF(p.tokensPerSPerUser, p.tokensPerSPerGpu);
    }
    return out;
}

QVector<QPointF> frontierPoints(const ServingOptionCurve &c)
{
    QVector<QPointF> out;
    for (int k = 0; k < c.frontierCount; ++k) {
        const FrontierPoint &p = c.points[static_cast<std::size_t>(c.frontier[static_cast<std::size_t>(k)])];
        out << QPointF(p.tokensPerSPerUser, p.tokensPerSPerGpu);
    }
    return out;
}

// A scatter of points is drawn in key order; the frontier keeps its own (increasing per-user rate).
void setPoints(QCPGraph *g, const QVector<QPointF> &points)
{
    QVector<double> x, y;
    for (const QPointF &p : points) {
        x << p.x();
        y << p.y();
    }
    g->setData(x, y, false);
}

QVector<QPointF> graphPointsOf(const QCPGraph *g)
{
    QVector<QPointF> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out << QPointF(it->key, it->value);
    return out;
}

} // namespace

ServingFrontierChart::ServingFrontierChart(QWidget *parent) : ChartWidget(parent)
{
    QCustomPlot *p = plot();
    setTitle(tr("Serving frontier: aggregated and disaggregated"));
    p->setAutoAddPlottableToLegend(false);
    p->xAxis->setLabel(tr("Tokens/s per user (1 / time per output token)"));
    p->yAxis->setLabel(tr("Output tokens/s per GPU"));
    p->yAxis->setTicker(siTicker());
    m_aggPoints = p->addGraph();
    m_aggPoints->setLineStyle(QCPGraph::lsNone);
    m_disPoints = p->addGraph();
    m_disPoints->setLineStyle(QCPGraph::lsNone);
    m_aggFront = p->addGraph();
    m_disFront = p->addGraph();
    m_crossover = p->addGraph();
    m_crossover->setLineStyle(QCPGraph::lsNone);
    m_crossover->setName(tr("Crossover of the frontiers"));
    m_plan = p->addGraph();
    m_plan->setLineStyle(QCPGraph::lsNone);
    m_plan->setName(tr("This plan (its own load)"));
    // Above the plot: the frontiers reach its top left and right corners.
    placeLegendUnderTitle(2);
    restyle();
}

ServingFrontierChart::~ServingFrontierChart() = default;

void ServingFrontierChart::refresh(const PlanController &controller)
{
    if (!controller.isResolved()) {
        m_serving = false;
        setFrontier(ServingFrontier{}, 0, 0);
        setOverlayText(unresolvedPlanText(controller));
        return;
    }
    m_serving = controller.plan().workload.mode == Mode::Inference;
    if (!m_serving) {
        setFrontier(ServingFrontier{}, 0, 0);
        return;
    }
    const Evaluation &e = controller.evaluation();
    const InferenceResult &r = e.inference;
    // A disaggregated plan's point is its pools' (the evaluation's figures are the deployment's).
    const DisaggregatedResult &d = r.disaggregated;
    setFrontier(servingFrontier(controller.resolved(), e.layout), r.valid ? r.outputTokensPerSPerGpu : 0.0,
                r.valid ? r.decodeMsPerToken / 1e3 : 0.0, d.active ? d.prefill.gpus : 0, d.active ? d.decode.gpus : 0);
}

void ServingFrontierChart::setFrontier(const ServingFrontier &frontier, double planTokensPerSPerGpu, double planTpotS,
                                       int planPrefillGpus, int planDecodeGpus)
{
    m_planPrefillGpus = std::max(planPrefillGpus, 0);
    m_planDecodeGpus = std::max(planDecodeGpus, 0);
    m_frontier = frontier;
    m_hasData = frontier.valid;
    if (frontier.valid)
        m_serving = true;
    m_planTokens = std::isfinite(planTokensPerSPerGpu) ? planTokensPerSPerGpu : 0.0;
    m_planRate = planTpotS > 0 && std::isfinite(planTpotS) ? 1.0 / planTpotS : 0.0;
    rebuild();
}

void ServingFrontierChart::restyle()
{
    const QColor agg = categoryColor(0);
    const QColor dis = categoryColor(1);
    QColor aggLight = agg, disLight = dis;
    aggLight.setAlpha(110);
    disLight.setAlpha(110);
    m_aggPoints->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, aggLight, 5));
    m_disPoints->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(disLight, 1.2), Qt::NoBrush, 6));
    m_aggFront->setPen(QPen(agg, 2.5));
    m_aggFront->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, agg, 7));
    m_disFront->setPen(QPen(dis, 2.5, Qt::DashLine));
    m_disFront->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, dis, 7));
    m_crossover->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(categoryColor(3), 2.5), Qt::NoBrush, 13));
    m_plan->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(textColor(), 2.5), Qt::NoBrush, 15));
    rebuild();
}

void ServingFrontierChart::addLabel(double x, double y, const QString &text, Qt::Alignment align, bool bold)
{
    auto *tag = new QCPItemText(plot());
    tag->position->setCoords(x, y);
    tag->setPositionAlignment(align);
    tag->setPadding(QMargins(8, 4, 8, 4));
    tag->setText(text);
    tag->setFont(chartFont(0.85, bold));
    tag->setColor(textColor());
}

QString ServingFrontierChart::optionText(ServingOption option) const
{
    return option == ServingOption::Aggregated ? tr("aggregated") : tr("disaggregated");
}

QString ServingFrontierChart::titleText() const
{
    const ServingFrontier &f = m_frontier;
    if (f.disaggregated.frontierCount == 0) {
        const QString why = f.disaggregatedLimit == DisaggregatedLimit::SingleToken
                                ? tr("one output token: nothing to decode")
                            : f.disaggregatedLimit == DisaggregatedLimit::OneWorker
                                ? tr("the GPUs hold one worker only, even at the smallest tensor parallelism the model fits")
                                : tr("no split serves a request");
        double top = 0;
        for (int i = 0; i < f.aggregated.count; ++i)
            top = std::max(top, f.aggregated.points[static_cast<std::size_t>(i)].tokensPerSPerGpu);
        return tr("Aggregated serving, up to %1 per GPU; no disaggregated option (%2)")
            .arg(siNumber(top, tr("tokens/s")), why);
    }
    const ServingOption low = f.higherAtLowRate;
    const ServingOption high = low == ServingOption::Aggregated ? ServingOption::Disaggregated : ServingOption::Aggregated;
    if (f.crossoverCount == 0)
        return tr("%1 serving gives more tokens/s per GPU at every per-user rate both options reach")
            .arg(low == ServingOption::Aggregated ? tr("Aggregated") : tr("Disaggregated"));
    const double first = f.crossoverTokensPerSPerUser[0];
    if (f.crossoverCount == 1)
        return tr("Below %1 tokens/s per user %2 serving gives more tokens/s per GPU, above it %3")
            .arg(fixedText(first, first < 10 ? 1 : 0), optionText(low), optionText(high));
    return tr("The frontiers cross %1 times, first at %2 tokens/s per user (%3 higher below it)")
        .arg(f.crossoverCount)
        .arg(fixedText(first, first < 10 ? 1 : 0), optionText(low));
}

void ServingFrontierChart::rebuild()
{
    QCustomPlot *p = plot();
    p->clearItems();
    const ServingFrontier &f = m_frontier;
    setPoints(m_aggPoints, curvePoints(f.aggregated));
    setPoints(m_disPoints, curvePoints(f.disaggregated));
    setPoints(m_aggFront, frontierPoints(f.aggregated));
    setPoints(m_disFront, frontierPoints(f.disaggregated));
    const int aggReplicas = f.aggregated.count > 0 ? f.aggregated.points[0].decodeWorkers : 0;
    m_aggFront->setName(tr("Aggregated frontier: %1 of %2 prefilling and decoding")
                            .arg(countedText(aggReplicas, tr("replica"), tr("replicas")))
                            .arg(countedText(f.aggregated.workerGpus, tr("GPU"), tr("GPUs"))));
    m_aggPoints->setName(tr("Aggregated, each load"));
    m_disFront->setName(tr("Disaggregated frontier: %1 of %2 split into prefill and decode pools")
                            .arg(countedText(f.workers, tr("worker"), tr("workers")))
                            .arg(countedText(f.disaggregated.workerGpus, tr("GPU"), tr("GPUs"))));
    m_disPoints->setName(tr("Disaggregated, each split and load"));

    QVector<QPointF> crossings;
    for (int i = 0; i < f.crossoverCount; ++i) {
        const double u = f.crossoverTokensPerSPerUser[static_cast<std::size_t>(i)];
        crossings << QPointF(u, frontierTokensPerGpu(f.aggregated, u));
    }
    setPoints(m_crossover, crossings);
    const bool plan = m_hasData && m_planTokens > 0 && m_planRate > 0;
    m_plan->setName(planIsDisaggregated() ? tr("This plan (disaggregated, its own load)")
                                          : tr("This plan (its own load)"));
    setPoints(m_plan, plan ? QVector<QPointF>{QPointF(m_planRate, m_planTokens)} : QVector<QPointF>{});

    // The axes from everything drawn: zero to the largest value with room for the labels.
    double xHigh = 1, yHigh = 1;
    for (const QPointF &q : curvePoints(f.aggregated) + curvePoints(f.disaggregated) + graphPointsOf(m_plan)) {
        xHigh = std::max(xHigh, q.x());
        yHigh = std::max(yHigh, q.y());
    }
    m_xHigh = xHigh * 1.12;
    m_yHigh = yHigh * 1.2;

    p->legend->clearItems();
    if (m_hasData) {
        for (QCPGraph *g : {m_aggFront, m_disFront, m_aggPoints, m_disPoints})
            if (!g->data()->isEmpty())
                g->addToLegend();
        if (!crossings.isEmpty())
            m_crossover->addToLegend();
        if (plan)
            m_plan->addToLegend();
        for (const QPointF &c : crossings)
            addLabel(c.x(), c.y(), tr("crossover\n%1 tok/s/user").arg(fixedText(c.x(), c.x() < 10 ? 1 : 0)),
                     Qt::AlignLeft | Qt::AlignBottom, false);
        if (plan) {
            // Left of the mark when it sits in the right half, where text to its right runs off.
            const bool right = m_planRate > 0.5 * m_xHigh;
            const QString what = planIsDisaggregated() ? tr("this plan, disaggregated: %1 prefill + %2 decode GPUs")
                                                             .arg(m_planPrefillGpus)
                                                             .arg(m_planDecodeGpus)
                                                       : tr("this plan");
            addLabel(
                m_planRate, m_planTokens,
                tr("%1\n%2 · %3 tok/s/user")
                    .arg(what, siNumber(m_planTokens, tr("tok/s/GPU")), fixedText(m_planRate, m_planRate < 10 ? 1 : 0)),
                (right ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop, true);
        }
        setTitle(titleText());
        setOverlayText(QString());
    } else {
        setTitle(tr("Serving frontier: aggregated and disaggregated"));
        setOverlayText(!m_serving ? tr("The serving frontier is drawn for serving plans (workload mode inference).")
                                  : tr("No serving frontier for this plan: the model or one request's KV cache does "
                                       "not fit its replica (see the messages in the input panel)."));
    }
    p->legend->setVisible(m_hasData && legendVisible());
    resetView();
    replot();
}

void ServingFrontierChart::resetView()
{
    plot()->xAxis->setRange(0, m_xHigh);
    plot()->yAxis->setRange(0, m_yHigh);
}

QString ServingFrontierChart::hoverText(const QPointF &pixel) const
{
    // The point nearest the pointer, within 20 pixels, of either option.
    const FrontierPoint *best = nullptr;
    bool disaggregated = false;
    double bestDistance = 20;
    const QCPAxis *x = plot()->xAxis;
    const QCPAxis *y = plot()->yAxis;
    for (const ServingOptionCurve *c : {&m_frontier.aggregated, &m_frontier.disaggregated}) {
        for (int i = 0; m_hasData && i < c->count; ++i) {
            const FrontierPoint &p = c->points[static_cast<std::size_t>(i)];
            const double d = std::hypot(x->coordToPixel(p.tokensPerSPerUser) - pixel.x(),
                                        y->coordToPixel(p.tokensPerSPerGpu) - pixel.y());
            if (d < bestDistance) {
                bestDistance = d;
                best = &p;
                disaggregated = c == &m_frontier.disaggregated;
            }
        }
    }
    if (!best)
        return {};
    const QString layout =
        disaggregated ? tr("Disaggregated: %1 prefill and %2 decode workers")
                            .arg(best->prefillWorkers)
                            .arg(best->decodeWorkers)
                      : tr("Aggregated: %1").arg(countedText(best->decodeWorkers, tr("replica"), tr("replicas")));
    QString text = tr("<b>%1</b><br>%2 requests in flight<br>Output: %3 tokens/s per GPU<br>"
                      "Per user: %4 tokens/s (%5 per output token)<br>Time to first token: %6")
                       .arg(layout)
                       .arg(fixedText(best->concurrency, 0))
                       .arg(fixedText(best->tokensPerSPerGpu, 1))
                       .arg(fixedText(best->tokensPerSPerUser, 1))
                       .arg(secondsText(best->tpotS), secondsText(best->ttftS));
    if (!best->meetsTtft)
        text += tr("<br>Over the plan's TTFT target: not on the frontier");
    return text;
}

QVector<QPointF> ServingFrontierChart::aggregatedPoints() const
{
    return graphPointsOf(m_aggPoints);
}

QVector<QPointF> ServingFrontierChart::disaggregatedPoints() const
{
    return graphPointsOf(m_disPoints);
}

QVector<QPointF> ServingFrontierChart::aggregatedFrontier() const
{
    return graphPointsOf(m_aggFront);
}

QVector<QPointF> ServingFrontierChart::disaggregatedFrontier() const
{
    return graphPointsOf(m_disFront);
}

QVector<QPointF> ServingFrontierChart::planPoint() const
{
    return graphPointsOf(m_plan);
}

QVector<QPointF> ServingFrontierChart::crossoverPoints() const
{
    return graphPointsOf(m_crossover);
}

} // namespace gpuplan::ui
