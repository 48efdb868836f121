// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/StepTimeChart.h"

#include "charts/ChartFormat.h"
#include "document/PlanController.h"

#include "report/ServingText.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

struct ComponentInfo
{
    const char *name;
    const char *meaning;
    double StepBreakdown::*member;
};

const ComponentInfo kComponents[kStepComponentCount] = {
    {QT_TRANSLATE_NOOP("StepTimeChart", "Compute"), QT_TRANSLATE_NOOP("StepTimeChart", "forward and backward passes"),
     &StepBreakdown::compute},
    {QT_TRANSLATE_NOOP("StepTimeChart", "Recompute"),
     QT_TRANSLATE_NOOP("StepTimeChart", "activations recomputed in the backward pass"), &StepBreakdown::recompute},
    {QT_TRANSLATE_NOOP("StepTimeChart", "TP communication"),
     QT_TRANSLATE_NOOP("StepTimeChart", "tensor-parallel collectives not hidden behind compute"), &StepBreakdown::tpComm},
    {QT_TRANSLATE_NOOP("StepTimeChart", "CP communication"),
     QT_TRANSLATE_NOOP("StepTimeChart", "context-parallel exchange not hidden behind compute"), &StepBreakdown::cpComm},
    {QT_TRANSLATE_NOOP("StepTimeChart", "EP communication"),
     QT_TRANSLATE_NOOP("StepTimeChart", "expert all-to-all not hidden behind compute"), &StepBreakdown::epComm},
    {QT_TRANSLATE_NOOP("StepTimeChart", "PP communication"),
     QT_TRANSLATE_NOOP("StepTimeChart", "pipeline stage transfers not hidden behind compute"), &StepBreakdown::ppComm},
    {QT_TRANSLATE_NOOP("StepTimeChart", "DP communication"),
     QT_TRANSLATE_NOOP("StepTimeChart", "gradient reduction and parameter gathers not hidden behind compute"),
     &StepBreakdown::dpComm},
    {QT_TRANSLATE_NOOP("StepTimeChart", "Pipeline bubble"), QT_TRANSLATE_NOOP("StepTimeChart", "pipeline fill and drain"),
     &StepBreakdown::bubble},
    {QT_TRANSLATE_NOOP("StepTimeChart", "Optimizer"), QT_TRANSLATE_NOOP("StepTimeChart", "optimizer step"),
     &StepBreakdown::optimizer},
    {QT_TRANSLATE_NOOP("StepTimeChart", "Offload"),
     QT_TRANSLATE_NOOP("StepTimeChart", "CPU/NVMe transfers not hidden behind compute"), &StepBreakdown::offload},
    // The host's share, not data loading: a pass whose kernels take longer to launch than to run
    // waits for the CPU, plus the framework's work per micro-batch and step (Explain › Step time).
    {QT_TRANSLATE_NOOP("StepTimeChart", "Host launch overhead"),
     QT_TRANSLATE_NOOP("StepTimeChart", "host: kernel launches the GPU waits for, framework work per micro-batch and step"),
     &StepBreakdown::other},
};

// Compute in blue, communication in warm colours, idle time in grey: the eye finds the waste.
const int kComponentColor[kStepComponentCount] = {0, 3, 1, 6, 5, 4, 2, 8, 7, 7, 8};

// The host's bar also holds the wait for a data path slower than the GPUs (breakdown.other): where
// there is one, its name says so, and Explain › Step time gives the two parts.
QString componentLabel(int c, const TrainingResult &t)
{
    if (static_cast<StepComponent>(c) == StepComponent::Other && t.dataPace > 1)
        return StepTimeChart::tr("Host overhead and waiting for data");
    return stepComponentName(static_cast<StepComponent>(c));
}

bool sameTraining(const TrainingResult &a, const TrainingResult &b)
{
    for (int c = 0; c < kStepComponentCount; ++c) {
        if (a.breakdown.*kComponents[c].member != b.breakdown.*kComponents[c].member)
            return false;
    }
    return a.valid == b.valid && a.stepTimeS == b.stepTimeS && a.microBatchesPerStep == b.microBatchesPerStep;
}

bool sameInference(const InferenceResult &a, const InferenceResult &b)
{
    if (a.valid != b.valid || a.curveCount != b.curveCount || a.ttftMs != b.ttftMs || a.decodeMsPerToken != b.decodeMsPerToken
        || a.outputTokensPerSPerGpu != b.outputTokensPerSPerGpu || a.saturatedConcurrency != b.saturatedConcurrency
        || a.saturatedTokensPerSPerGpu != b.saturatedTokensPerSPerGpu || a.capacity.replicas != b.capacity.replicas
        || a.capacity.limit != b.capacity.limit || a.capacity.sloLimited.requestsPerS != b.capacity.sloLimited.requestsPerS
        || a.capacity.sloLimited.ttftP99Ms != b.capacity.sloLimited.ttftP99Ms
        || a.capacity.sloLimited.tpotP99Ms != b.capacity.sloLimited.tpotP99Ms)
        return false;
    for (int i = 0; i < a.curveCount; ++i) {
        const ConcurrencyPoint &x = a.curve[static_cast<std::size_t>(i)];
        const ConcurrencyPoint &y = b.curve[static_cast<std::size_t>(i)];
        if (x.concurrency != y.concurrency || x.outputTokensPerSPerGpu != y.outputTokensPerSPerGpu || x.tpotMs != y.tpotMs
            || x.ttftMs != y.ttftMs)
            return false;
    }
    return true;
}


} // namespace

QString stepComponentName(StepComponent component)
{
    return StepTimeChart::tr(kComponents[static_cast<int>(component)].name);
}

double stepComponentSeconds(const StepBreakdown &breakdown, StepComponent component)
{
    return breakdown.*(kComponents[static_cast<int>(component)].member);
}

StepTimeChart::StepTimeChart(QWidget *parent) : ChartWidget(parent)
{
    QCustomPlot *p = plot();
    setTitle(tr("Training step time"));
    p->setAutoAddPlottableToLegend(false);
    for (int c = 0; c < kStepComponentCount; ++c) {
        auto *bars = new QCPBars(p->yAxis, p->xAxis);   // horizontal: key on the vertical axis
        bars->setName(stepComponentName(static_cast<StepComponent>(c)));
        bars->setWidth(0.65);
        bars->setAntialiased(false);
        m_bars[static_cast<std::size_t>(c)] = bars;
    }
    m_throughput = p->addGraph(p->xAxis, p->yAxis);
    m_throughput->setName(tr("Output tokens/s per GPU (left)"));
    m_tpot = p->addGraph(p->xAxis, p->yAxis2);
    m_tpot->setName(tr("Time per output token (right)"));
    m_ttft = p->addGraph(p->xAxis, p->yAxis2);
    m_ttft->setName(tr("Time to first token (right)"));
    m_marker = p->addGraph(p->xAxis, p->yAxis);
    m_marker->setName(tr("This plan"));
    m_marker->setLineStyle(QCPGraph::lsNone);
    m_saturated = p->addGraph(p->xAxis, p->yAxis);
    m_saturated->setName(tr("Saturated: the engine's own concurrency"));
    m_saturated->setLineStyle(QCPGraph::lsNone);
    m_sloLimited = p->addGraph(p->xAxis, p->yAxis);
    m_sloLimited->setName(tr("Highest load within the P99 targets"));
    m_sloLimited->setLineStyle(QCPGraph::lsNone);
    p->legend->setVisible(false);
    // Above the plot, not inside it: the labels of the plan's, the saturated and the SLO-limited
    // points need the plot's free corners, and an inset legend hid them on a narrow page.
    placeLegendUnderTitle(2);
    restyle();
}

StepTimeChart::~StepTimeChart() = default;

void StepTimeChart::refresh(const PlanController &controller)
{
    if (!controller.isResolved()) {
        setTraining(TrainingResult{});
        setOverlayText(unresolvedPlanText(controller));
        return;
    }
    const Evaluation &e = controller.evaluation();
    if (controller.plan().workload.mode == Mode::Inference) {
        m_requestRate = controller.plan().workload.inference.requestRate;
        // The concurrency the evaluation used: the plan's, capped by the KV cache that fits.
        const int asked = std::max(e.layout.microBatch, 1);
        setInference(e.inference, e.memory.maxConcurrency >= 1 ? std::min(asked, e.memory.maxConcurrency) : 1);
    } else {
        setTraining(e.training);
    }
}

void StepTimeChart::setTraining(const TrainingResult &training)
{
    if (m_hasData && !m_serving && sameTraining(training, m_training))
        return;   // most inputs (prices, power, facility) leave the step unchanged: keep the zoom
    m_serving = false;
    m_hasData = true;
    m_training = training;
    rebuild();
}

void StepTimeChart::setInference(const InferenceResult &inference, int concurrency)
{
    if (m_hasData && m_serving && concurrency == m_marked && sameInference(inference, m_inference))
        return;
    m_serving = true;
    m_hasData = true;
    m_inference = inference;
    m_marked = concurrency;
    rebuild();
}

void StepTimeChart::restyle()
{
    for (int c = 0; c < kStepComponentCount; ++c) {
        m_bars[static_cast<std::size_t>(c)]->setBrush(categoryColor(kComponentColor[c]));
        m_bars[static_cast<std::size_t>(c)]->setPen(Qt::NoPen);
    }
    m_throughput->setPen(QPen(categoryColor(0), 2.5));
    m_throughput->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, categoryColor(0), 6));
    m_tpot->setPen(QPen(categoryColor(1), 2, Qt::DashLine));
    m_tpot->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, categoryColor(1), 5));
    m_ttft->setPen(QPen(categoryColor(5), 2, Qt::DotLine));
    m_ttft->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, categoryColor(5), 6));
    m_marker->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(textColor(), 2.5), Qt::NoBrush, 15));
    m_saturated->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(categoryColor(3), 2.5), Qt::NoBrush, 13));
    m_sloLimited->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(categoryColor(2), 2.5), Qt::NoBrush, 15));
    styleAxis(plot()->yAxis2, textColor(), mutedColor(), gridColor(), chartFont());
    rebuild();
}

void StepTimeChart::showPlottables()
{
    for (QCPBars *bars : m_bars)
        bars->setVisible(!m_serving);
    for (QCPGraph *g : {m_throughput, m_tpot, m_ttft, m_marker, m_saturated, m_sloLimited})
        g->setVisible(m_serving);
    QCustomPlot *p = plot();
    p->yAxis2->setVisible(m_serving);
    p->legend->setVisible(m_serving && legendVisible());
    p->legend->clearItems();
    if (m_serving) {
        for (QCPGraph *g : {m_throughput, m_tpot, m_ttft, m_marker})
            g->addToLegend();   // the capacity points join when markCapacity draws them
    }
}

void StepTimeChart::rebuild()
{
    plot()->clearItems();
    m_barLabels.clear();
    showPlottables();
    if (m_serving)
        rebuildServing();
    else
        rebuildTraining();
    resetView();
    replot();
}

void StepTimeChart::rebuildTraining()
{
    QCustomPlot *p = plot();
    const TrainingResult &t = m_training;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    p->yAxis->setScaleType(QCPAxis::stLinear);
    p->yAxis->setTicker(ticker);
    p->yAxis->setLabel(QString());
    p->yAxis->grid()->setVisible(false);
    p->xAxis->setScaleType(QCPAxis::stLinear);
    p->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    p->xAxis->setLabel(tr("Time per training step (s)"));
    p->xAxis->grid()->setVisible(true);

    int shown = 0;
    for (int c = 0; c < kStepComponentCount; ++c)
        shown += t.valid && stepComponentSeconds(t.breakdown, static_cast<StepComponent>(c)) > 0 ? 1 : 0;
    const double total = t.breakdown.total();
    double longest = 0;
    int row = shown;
    for (int c = 0; c < kStepComponentCount; ++c) {
        const auto component = static_cast<StepComponent>(c);
        const double seconds = t.valid ? stepComponentSeconds(t.breakdown, component) : 0.0;
        QCPBars *bars = m_bars[static_cast<std::size_t>(c)];
        m_row[static_cast<std::size_t>(c)] = 0;
        if (seconds <= 0) {
            bars->data()->clear();
            continue;
        }
        const int key = row--;   // first component on top
        m_row[static_cast<std::size_t>(c)] = key;
        bars->setData(QVector<double>{static_cast<double>(key)}, QVector<double>{seconds}, true);
        ticker->addTick(key, componentLabel(c, t));
        longest = std::max(longest, seconds);
        auto *label = new QCPItemText(p);
        label->position->setCoords(seconds, key);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(6, 0, 0, 0));
        label->setText(QStringLiteral("%1 (%2)").arg(secondsText(seconds), percentText(total > 0 ? seconds / total : 0)));
        label->setFont(chartFont(0.95));
        label->setColor(textColor());
        m_barLabels.push_back(label);
    }
    if (t.valid && shown > 0) {
        setTitle(tr("Training step: %1 on the busiest stage, %2 micro-batches, bubble %3, MFU %4")
                     .arg(secondsText(t.stepTimeS))
                     .arg(t.microBatchesPerStep)
                     .arg(percentText(t.bubbleFraction), percentText(t.mfu)));
        setOverlayText(QString());
    } else {
        setTitle(tr("Training step time"));
        setOverlayText(m_hasData ? tr("No training step time for this plan: the layout or the memory check fails "
                                      "(see the messages in the input panel).")
                                 : QString());
    }
    // Room on the right for the longest bar's label.
    m_defaultX = {0, longest > 0 ? longest * 1.35 : 1.0};
    m_dataUpperX = m_defaultX.upper;
    m_defaultY = {0.4, std::max(shown, 1) + 0.6};
}

void StepTimeChart::rebuildServing()
{
    QCustomPlot *p = plot();
    const InferenceResult &r = m_inference;
    setPowerOfTwoAxis(p->xAxis);
    p->xAxis->setLabel(tr("Concurrent sequences per replica"));
    p->xAxis->grid()->setVisible(true);
    p->yAxis->setScaleType(QCPAxis::stLinear);
    p->yAxis->setTicker(siTicker());
    p->yAxis->setLabel(tr("Output tokens/s per GPU"));
    p->yAxis->grid()->setVisible(true);
    p->yAxis2->setLabel(tr("Latency (ms)"));

    // A value that is not finite would make the axis range invalid (QCustomPlot then keeps the
    // old one): such a point is left out of its line.
    QVector<double> c, tokens, tpotC, tpot, ttftC, ttft;
    double markedTokens = 0;
    for (int i = 0; r.valid && i < r.curveCount; ++i) {
        const ConcurrencyPoint &pt = r.curve[static_cast<std::size_t>(i)];
        if (std::isfinite(pt.outputTokensPerSPerGpu)) {
            c << pt.concurrency;
            tokens << pt.outputTokensPerSPerGpu;
        }
        if (std::isfinite(pt.tpotMs)) {
            tpotC << pt.concurrency;
            tpot << pt.tpotMs;
        }
        if (std::isfinite(pt.ttftMs)) {
            ttftC << pt.concurrency;
            ttft << pt.ttftMs;
        }
    }
    m_throughput->setData(c, tokens, true);
    m_tpot->setData(tpotC, tpot, true);
    m_ttft->setData(ttftC, ttft, true);
    if (r.valid) {
        markedTokens = r.outputTokensPerSPerGpu;
        m_marker->setData(QVector<double>{static_cast<double>(m_marked)}, QVector<double>{markedTokens}, true);
        auto *tag = new QCPItemText(p);
        tag->position->setCoords(m_marked, markedTokens);
        tag->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        tag->setPadding(QMargins(0, 12, 0, 0));
        tag->setText(tr("this plan: %1\nTTFT %2 · %3/token")
                         .arg(siNumber(markedTokens, tr("tok/s/GPU")), secondsText(r.ttftMs / 1e3),
                              secondsText(r.decodeMsPerToken / 1e3)));
        tag->setFont(chartFont(0.9));
        tag->setColor(textColor());
        setTitle(tr("Serving: %1 output tokens/s per GPU at %2 concurrent sequences, TTFT %3, %4 per output token")
                     .arg(siNumber(markedTokens))
                     .arg(m_marked)
                     .arg(secondsText(r.ttftMs / 1e3), secondsText(r.decodeMsPerToken / 1e3)));
        setOverlayText(QString());
    } else {
        m_marker->data()->clear();
        setTitle(tr("Serving throughput and latency"));
        setOverlayText(tr("No serving estimate for this plan: the model or one sequence's KV cache does not fit "
                          "(see the messages in the input panel)."));
    }
    double maxC = c.isEmpty() ? 2.0 : std::max(2.0, c.back());
    double topTokens = tokens.isEmpty() ? 1.0 : *std::max_element(tokens.begin(), tokens.end());
    markCapacity(maxC, topTokens);
    m_defaultX = {0.8, maxC * 1.25};
    double topMs = 1.0;
    for (const double v : tpot + ttft)
        topMs = std::max(topMs, v);
    m_defaultY = {0, topTokens * 1.25};
    m_defaultY2 = {0, topMs * 1.1};
}

QVector<QPointF> StepTimeChart::graphPoints(const QCPGraph *graph)
{
    QVector<QPointF> points;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        points << QPointF(it->key, it->value);
    return points;
}

// The saturated point (what a max-throughput benchmark measures) and the highest load per replica
// that keeps the P99 latencies within the targets and the headroom spare, each labelled; the
// title's replicas come from the latter. The evaluation puts both on the curve as vertices: one
// serving model (core/perf/Serving.h) gives the curve, the points and the capacity sizing.
void StepTimeChart::markCapacity(double &maxConcurrency, double &topTokens)
{
    QCustomPlot *p = plot();
    const InferenceResult &r = m_inference;
    const CapacityResult &cap = r.capacity;
    m_saturated->data()->clear();
    m_sloLimited->data()->clear();
    m_capacityLabel.clear();
    if (!r.valid || !cap.valid)
        return;
    auto label = [&](double x, double y, const QString &text, Qt::Alignment align) {
        auto *tag = new QCPItemText(p);
        tag->position->setCoords(x, y);
        tag->setPositionAlignment(align);
        tag->setPadding(QMargins(8, 0, 8, 0));
        tag->setText(text);
        tag->setFont(chartFont(0.85));
        tag->setColor(textColor());
    };
    const double satC = r.saturatedConcurrency;
    const double satTokens = r.saturatedTokensPerSPerGpu;
    if (satC >= 1 && std::isfinite(satTokens)) {
        m_saturated->setData(QVector<double>{satC}, QVector<double>{satTokens}, true);
        m_saturated->addToLegend();
        label(satC, satTokens, tr("saturated: %1 in flight\n%2").arg(satC).arg(siNumber(satTokens, tr("tok/s/GPU"))),
              Qt::AlignRight | Qt::AlignBottom);
        maxConcurrency = std::max(maxConcurrency, satC);
        topTokens = std::max(topTokens, satTokens);
    }
    const LoadPoint &l = cap.sloLimited;
    if (cap.limit == CapacityLimit::Unreachable || !std::isfinite(l.tokensPerSPerGpu) || l.concurrency <= 0)
        return;
    const double x = std::max(l.concurrency, 1.0);
    m_sloLimited->setData(QVector<double>{x}, QVector<double>{l.tokensPerSPerGpu}, true);
    m_sloLimited->addToLegend();
    m_capacityLabel = tr("%1\nP99 TTFT %2 · TPOT %3 (limited by %4)")
                          .arg(QString::fromStdString(highestLoadText(cap)), secondsText(l.ttftP99Ms / 1e3),
                               secondsText(l.tpotP99Ms / 1e3), QString::fromStdString(capacityLimitText(cap)));
    if (cap.replicas > 0)
        m_capacityLabel += QLatin1Char('\n') + QString::fromStdString(replicasForRateText(cap, r.gpusPerReplica, m_requestRate));
    // Left of the star: it sits mid-chart, and text to its right runs off the plot.
    label(x, l.tokensPerSPerGpu, m_capacityLabel, Qt::AlignRight | Qt::AlignBottom);
    topTokens = std::max(topTokens, l.tokensPerSPerGpu);
}

// Each bar's label ("29.3 s (61.2%)") starts where the bar ends: at a projector's font in a narrow
// chart the default 35% beyond the longest bar is not enough. The value axis grows until every
// label ends inside the axis rect: a bar of v seconds with a w px label needs an upper bound of
// v·W/(W − w) on an axis W px long. Only while the reader has not panned or zoomed.
void StepTimeChart::fitToLayout()
{
    QCustomPlot *p = plot();
    const double axisPx = p->axisRect()->width();
    if (m_serving || m_barLabels.empty() || axisPx <= 0)
        return;
    const QCPRange shownX = p->xAxis->range();
    if (shownX.lower != m_defaultX.lower || shownX.upper != m_defaultX.upper)
        return;
    double upper = m_dataUpperX;
    for (const QCPItemText *label : m_barLabels) {
        const QFontMetrics metrics(label->font());
        const double labelPx = metrics.horizontalAdvance(label->text()) + label->padding().left()
                               + label->padding().right() + metrics.averageCharWidth();
        if (labelPx < axisPx * 0.9)
            upper = std::max(upper, labelKey(*label) * axisPx / (axisPx - labelPx));
    }
    if (std::abs(upper - m_defaultX.upper) <= 1e-9 * upper)
        return;
    m_defaultX.upper = upper;
    p->xAxis->setRange(m_defaultX.lower, upper);
    p->replot(QCustomPlot::rpQueuedReplot);
}

void StepTimeChart::resetView()
{
    QCustomPlot *p = plot();
    p->xAxis->setRange(m_defaultX.lower, m_defaultX.upper);
    p->yAxis->setRange(m_defaultY.lower, m_defaultY.upper);
    p->yAxis2->setRange(m_defaultY2.lower, m_defaultY2.upper);
}

QString StepTimeChart::hoverText(const QPointF &pixel) const
{
    return m_serving ? servingHover(pixel) : trainingHover(pixel);
}

QString StepTimeChart::trainingHover(const QPointF &pixel) const
{
    const double key = plot()->yAxis->pixelToCoord(pixel.y());
    const double total = m_training.breakdown.total();
    for (int c = 0; c < kStepComponentCount; ++c) {
        const int row = m_row[static_cast<std::size_t>(c)];
        if (row == 0 || std::fabs(key - row) > 0.4)
            continue;
        const double seconds = stepComponentSeconds(m_training.breakdown, static_cast<StepComponent>(c));
        QString meaning = tr(kComponents[c].meaning);
        if (static_cast<StepComponent>(c) == StepComponent::Other && m_training.dataPace > 1)
            meaning += tr("; with the wait for a data path slower than the GPUs (Explain › Step time splits them)");
        return QStringLiteral("<b>%1</b>: %2 per step (%3 of the step)<br>%4")
            .arg(componentLabel(c, m_training), secondsText(seconds), percentText(total > 0 ? seconds / total : 0),
                 meaning);
    }
    return {};
}

QString StepTimeChart::servingHover(const QPointF &pixel) const
{
    // The curve point nearest the pointer along the concurrency axis, within 30 pixels.
    int best = -1;
    double bestDistance = 30;
    for (int i = 0; i < m_inference.curveCount; ++i) {
        const double x = plot()->xAxis->coordToPixel(m_inference.curve[static_cast<std::size_t>(i)].concurrency);
        if (std::fabs(x - pixel.x()) < bestDistance) {
            bestDistance = std::fabs(x - pixel.x());
            best = i;
        }
    }
    if (best < 0)
        return {};
    const ConcurrencyPoint &pt = m_inference.curve[static_cast<std::size_t>(best)];
    return tr("<b>%1</b><br>Output: %2 tokens/s per GPU<br>Time per output token: %3"
              "<br>Time to first token: %4")
        .arg(amountText(pt.concurrency, tr("concurrent sequence"), tr("concurrent sequences")))
        .arg(fixedText(pt.outputTokensPerSPerGpu, 1))
        .arg(secondsText(pt.tpotMs / 1e3), secondsText(pt.ttftMs / 1e3));
}

QVector<double> StepTimeChart::componentSeconds() const
{
    // Top bar first: highest key first.
    QVector<double> out(kStepComponentCount + 1, -1);
    for (int c = 0; c < kStepComponentCount; ++c) {
        const QCPBars *bars = m_bars[static_cast<std::size_t>(c)];
        if (!bars->data()->isEmpty())
            out[kStepComponentCount - static_cast<int>(bars->data()->constBegin()->key)] = bars->data()->constBegin()->value;
    }
    out.removeAll(-1);
    return out;
}

QStringList StepTimeChart::componentLabels() const
{
    return textTickLabels(plot()->yAxis, true);
}

} // namespace gpuplan::ui
