// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/KeyResultsStrip.h"

#include "AppIcons.h"
#include "LiteralText.h"
#include "NumberText.h"
#include "Theme.h"
#include "charts/MemoryVerdictText.h"
#include "document/FieldLabels.h"
#include "document/PlanController.h"

#include "common/Units.h"
#include "facility/CostVerdict.h"
#include "report/ServingText.h"
#include "report/TextReport.h"

#include <QContextMenuEvent>
#include <QEvent>
#include <QFontMetrics>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QScopeGuard>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QVBoxLayout>

#include <cmath>
#include <iterator>

namespace gpuplan::ui {

namespace {

// Memory use outside this band is worth a look: below, GPUs are bought for headroom nobody uses;
// above, fragmentation and a longer sequence can tip the run into out-of-memory.
constexpr double kComfortLow = 0.70;
constexpr double kComfortHigh = 0.90;
constexpr int kIconSpacing = 6;   // between a tile's icon and its value

QString str(const std::string &s)
{
    return QString::fromStdString(s).trimmed();
}

QString gibPair(double used, double capacity)
{
    return QStringLiteral("%1 / %2 GiB").arg(used / units::kGiB, 0, 'f', 1).arg(capacity / units::kGiB, 0, 'f', 1);
}

} // namespace

KeyResultsStrip::KeyResultsStrip(QWidget *parent)
    : QWidget(parent), m_grid(new QGridLayout(this)), m_verdict(new QLabel(this))
{
    m_verdict->setObjectName(QStringLiteral("planVerdict"));
    m_verdict->setWordWrap(false);
    m_verdict->setTextFormat(Qt::PlainText);
    m_verdict->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->hide();
    m_grid->addWidget(m_verdict, 0, 0, 1, kKeyResultCount);
    m_grid->setContentsMargins(8, 6, 8, 6);
    m_grid->setSizeConstraint(QLayout::SetNoConstraint);   // the width minimum is minimumSizeHint()'s
    m_grid->setSpacing(8);
    for (Tile &tile : m_tiles) {
        auto *frame = new QWidget(this);
        frame->setObjectName(QStringLiteral("keyResultTile"));
        frame->setAttribute(Qt::WA_StyledBackground);
        auto *column = new QVBoxLayout(frame);
        column->setContentsMargins(10, 6, 10, 6);
        column->setSpacing(1);
        tile.frame = frame;
        tile.icon = new QLabel(frame);
        tile.value = new QLabel(frame);
        tile.caption = new QLabel(frame);
        tile.value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        tile.caption->setWordWrap(true);
        auto *valueRow = new QHBoxLayout;
        valueRow->setSpacing(kIconSpacing);
        valueRow->addWidget(tile.icon);
        valueRow->addWidget(tile.value, 1);
        column->addLayout(valueRow);
        column->addWidget(tile.caption);
        column->addStretch(1);
        // A click or the context menu anywhere on the tile asks for its explanation.
        for (QWidget *w : {frame, static_cast<QWidget *>(tile.icon), static_cast<QWidget *>(tile.value),
                           static_cast<QWidget *>(tile.caption)})
            w->installEventFilter(this);
        frame->setCursor(Qt::WhatsThisCursor);
    }
    applyFonts();
    applyColors(true);
    arrange(kKeyResultCount);
}

// The value line of a tile never wraps or clips; when the tiles do not fit side by side they
// flow onto more rows instead, so narrow windows and presentation-size fonts still show every
// number whole.
void KeyResultsStrip::arrange(int columns)
{
    if (columns == m_columns)
        return;
    m_columns = columns;
    for (Tile &tile : m_tiles)
        m_grid->removeWidget(tile.frame);
    for (int c = 0; c < kKeyResultCount; ++c)
        m_grid->setColumnStretch(c, c < columns ? 1 : 0);
    for (int i = 0; i < kKeyResultCount; ++i)
        m_grid->addWidget(m_tiles[static_cast<std::size_t>(i)].frame, 1 + i / columns, i % columns);
    updateGeometry();
}

void KeyResultsStrip::updateArrangement()
{
    const QMargins margins = m_grid->contentsMargins();
    const int available = width() - margins.left() - margins.right();
    // 7 tiles in one row, else 4 + 3, 3 + 3 + 1, ...: rows as even as possible.
    int columns = kKeyResultCount;
    for (int rows = 1; rows <= kKeyResultCount; ++rows) {
        columns = (kKeyResultCount + rows - 1) / rows;
        // Every column must be as wide as its widest tile.
        int needed = (columns - 1) * m_grid->horizontalSpacing();
        for (int c = 0; c < columns; ++c) {
            int widest = 0;
            for (int i = c; i < kKeyResultCount; i += columns)
                widest = std::max(widest, tileMinimumWidth(i));
            needed += widest;
        }
        if (needed <= available || columns == 1)
            break;
    }
    arrange(columns);
    fitCaptions();
}

// Captions wrap while the tiles take one or two rows. From three rows on (a projector's 1280
// pixels with the lesson docks open, a narrow window) wrapped captions would take the height
// the chart below needs, so each caption keeps to one line: elided to its column's width, the
// whole text in the tile's tooltip.
void KeyResultsStrip::fitCaptions()
{
    const int rows = (kKeyResultCount + m_columns - 1) / std::max(m_columns, 1);
    m_compact = rows >= 3;
    for (Tile &tile : m_tiles) {
        // The value line alone sets the column's width; the caption takes what is left. Only the
        // horizontal policy changes: QLabel keeps its height-for-width flag for wrapped text, and
        // setWordWrap() after it sets that flag again.
        QSizePolicy policy = tile.caption->sizePolicy();
        policy.setHorizontalPolicy(m_compact ? QSizePolicy::Ignored : QSizePolicy::Preferred);
        tile.caption->setSizePolicy(policy);
        tile.caption->setWordWrap(!m_compact);
        elideCaption(tile);
    }
}

// Called again whenever the caption's width changes (see eventFilter).
void KeyResultsStrip::elideCaption(Tile &tile)
{
    const QString shown = m_compact && tile.caption->width() > 0
                              ? tile.caption->fontMetrics().elidedText(tile.fullCaption, Qt::ElideRight, tile.caption->width())
                              : tile.fullCaption;
    if (tile.caption->text() != shown)
        tile.caption->setText(shown);
    tile.caption->setToolTip(shown == tile.fullCaption ? QString() : literalToolTip(tile.fullCaption));
}

// The value line decides a tile's width (captions wrap). Cheaper than the frame's own
// minimumSizeHint(), which lays out the word-wrapped caption on every refresh.
int KeyResultsStrip::tileMinimumWidth(int index) const
{
    const Tile &tile = m_tiles[static_cast<std::size_t>(index)];
    const QMargins margins = tile.frame->layout()->contentsMargins();
    return tile.icon->width() + kIconSpacing + tile.value->sizeHint().width() + margins.left() + margins.right() + 2;
}

QSize KeyResultsStrip::minimumSizeHint() const
{
    int widest = 0;
    for (int i = 0; i < kKeyResultCount; ++i)
        widest = std::max(widest, tileMinimumWidth(i));
    const QMargins margins = m_grid->contentsMargins();
    return {widest + margins.left() + margins.right(), QWidget::minimumSizeHint().height()};
}

bool KeyResultsStrip::eventFilter(QObject *watched, QEvent *event)
{
    const QEvent::Type type = event->type();
    if (type == QEvent::Resize) {
        for (Tile &tile : m_tiles)
            if (watched == tile.caption && m_compact)
                elideCaption(tile);
        return QWidget::eventFilter(watched, event);
    }
    if (type != QEvent::MouseButtonRelease && type != QEvent::ContextMenu)
        return QWidget::eventFilter(watched, event);
    for (int i = 0; i < kKeyResultCount; ++i) {
        const Tile &tile = m_tiles[static_cast<std::size_t>(i)];
        if (watched != tile.frame && watched != tile.icon && watched != tile.value && watched != tile.caption)
            continue;
        const auto result = static_cast<KeyResult>(i);
        if (type == QEvent::MouseButtonRelease) {
            // A drag that selected text is not a request.
            if (static_cast<QMouseEvent *>(event)->button() == Qt::LeftButton && !tile.value->hasSelectedText())
                emit explainRequested(result);
            return false;
        }
        QMenu menu;
        menu.addAction(tr("Explain this number"), this, [this, result] { emit explainRequested(result); });
        menu.exec(static_cast<QContextMenuEvent *>(event)->globalPos());
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void KeyResultsStrip::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateArrangement();
    elideVerdict();
}

void KeyResultsStrip::elideVerdict()
{
    const QMargins margins = m_grid->contentsMargins();
    const int width = std::max(0, contentsRect().width() - margins.left() - margins.right());
    m_verdict->setText(QFontMetrics(m_verdict->font()).elidedText(m_verdictText, Qt::ElideRight, width));
}

QString KeyResultsStrip::valueText(KeyResult r) const
{
    return m_tiles[static_cast<std::size_t>(r)].value->text();
}

QString KeyResultsStrip::captionText(KeyResult r) const
{
    return m_tiles[static_cast<std::size_t>(r)].fullCaption;
}

QString KeyResultsStrip::toolTipText(KeyResult r) const
{
    return m_tiles[static_cast<std::size_t>(r)].frame->toolTip();
}

ResultState KeyResultsStrip::state(KeyResult r) const
{
    return m_tiles[static_cast<std::size_t>(r)].state;
}

QString KeyResultsStrip::verdictText() const
{
    return m_verdict->isHidden() ? QString() : m_verdictText;
}

void KeyResultsStrip::set(KeyResult r, const QString &value, const QString &caption, const QString &toolTip,
                          ResultState state)
{
    Tile &tile = m_tiles[static_cast<std::size_t>(r)];
    tile.value->setText(value);
    tile.fullCaption = caption;
    tile.caption->setText(caption);
    tile.frame->setToolTip(literalToolTip(toolTip));   // may quote names from files
    if ((tile.state == ResultState::Hypothetical) != (state == ResultState::Hypothetical))
        tile.value->setFont(valueFont(state));
    tile.state = state;
}

// A figure of a plan that cannot run is not an answer: it reads in the caption's size, not bold,
// which also keeps "would be …" from widening its column until the tiles fall into one column
// beside the lesson on a projector.
QFont KeyResultsStrip::valueFont(ResultState state) const
{
    QFont f = font();
    if (state == ResultState::Hypothetical) {
        f.setPointSizeF(font().pointSizeF() * 0.95);
        return f;
    }
    f.setPointSizeF(font().pointSizeF() * 1.3);
    f.setBold(true);
    return f;
}

void KeyResultsStrip::setNoResult(KeyResult r, const QString &caption, const QString &why)
{
    set(r, QStringLiteral("—"), caption, why, ResultState::NoResult);
}

void KeyResultsStrip::refresh(const PlanController &controller)
{
    if (!controller.isResolved()) {
        const QString why = tr("This plan cannot be evaluated: %1")
                                .arg(controller.resolveErrors().empty()
                                         ? QString()
                                         : QString::fromStdString(controller.resolveErrors().front().message));
        static const char *const captions[] = {QT_TR_NOOP("GPU memory"), QT_TR_NOOP("time"), QT_TR_NOOP("throughput"),
                                               QT_TR_NOOP("efficiency"), QT_TR_NOOP("cluster"),
                                               QT_TR_NOOP("facility power"), QT_TR_NOOP("cost")};
        for (int i = 0; i < kKeyResultCount; ++i)
            setNoResult(static_cast<KeyResult>(i), tr(captions[i]), why);
        m_verdict->hide();
        applyColors(false);
        return;
    }
    const Evaluation &e = controller.evaluation();
    const MemoryResult &m = e.memory;
    if (m.perGpuBytes <= 0 || m.capacityBytes <= 0) {
        setNoResult(KeyResult::Memory, tr("GPU memory per GPU"), tr("The memory model has no estimate for this plan yet."));
    } else {
        const double use = m.perGpuBytes / m.capacityBytes;
        ResultState s = ResultState::Normal;
        QString tip = tr("Most-loaded GPU: %1 of %2 GiB usable (%3).")
                          .arg(m.perGpuBytes / units::kGiB, 0, 'f', 2)
                          .arg(m.capacityBytes / units::kGiB, 0, 'f', 2)
                          .arg(percentText(use));
        tip += QLatin1Char(' ') + tr("Limit: %1.").arg(memoryLimitText(m));
        tip += QLatin1Char(' ') + memoryVerdictSentence(m);
        const MemoryVerdict verdict = gpuMemoryVerdict(m);
        if (verdict == MemoryVerdict::DoesNotFit) {
            s = ResultState::Error;
            tip += QLatin1Char(' ') + tr("Change the layout, precision or GPU.");
        } else if (verdict == MemoryVerdict::Borderline) {
            s = ResultState::Warning;
        } else if (use < kComfortLow || use > kComfortHigh) {
            s = ResultState::Warning;
            tip += QLatin1Char(' ') + (use < kComfortLow ? tr("Below 70%: memory headroom is paid for but unused.")
                                                         : tr("Above 90%: little headroom for fragmentation."));
        }
        const QString caption = verdict == MemoryVerdict::Fits         ? tr("fits in GPU memory (%1)")
                                : verdict == MemoryVerdict::Borderline ? tr("borderline: within the error band (%1)")
                                                                       : tr("does not fit in GPU memory (%1)");
        set(KeyResult::Memory, gibPair(m.perGpuBytes, m.capacityBytes), caption.arg(percentText(use, 0)), tip, s);
    }
    if (controller.plan().workload.mode == Mode::Training)
        refreshTraining(controller);
    else
        refreshInference(controller);
    refreshCommon(controller);
    refreshVerdict(controller);
    applyColors(false);
    updateArrangement();
}

// A plan that cannot run: the verdict comes first, and every figure that depends on the run
// happening reads as what it would be, not as an answer.
void KeyResultsStrip::refreshVerdict(const PlanController &controller)
{
    const PlanValidity &v = controller.evaluation().validity;
    if (v.valid()) {
        m_verdict->hide();
        return;
    }
    const QString reason = QString::fromStdString(describe(v.reason));
    const bool layoutInvalid = v.status == PlanStatus::Invalid;
    m_verdictText = layoutInvalid ? tr("Invalid plan: %1").arg(reason) : tr("Does not fit: %1").arg(reason);
    elideVerdict();
    m_verdict->setToolTip(literalToolTip(tr("%1: %2 (%3). Times, throughput, power and cost below are what the run "
                                            "would be if the plan could run as written.")
                                             .arg(layoutInvalid ? tr("Invalid plan") : tr("Does not fit"), reason,
                                                  QString::fromUtf8(v.reason.field))));
    m_verdict->show();
    const QString condition = layoutInvalid ? tr("if the plan could run") : tr("if the model fitted");
    for (KeyResult r : {KeyResult::Time, KeyResult::Throughput, KeyResult::Efficiency, KeyResult::Power, KeyResult::Cost}) {
        Tile &tile = m_tiles[static_cast<std::size_t>(r)];
        if (tile.state == ResultState::NoResult)
            continue;
        set(r, tr("would be %1").arg(tile.value->text()), tr("%1: %2").arg(condition, tile.fullCaption),
            tr("Not an answer: %1. %2").arg(m_verdictText, tile.frame->toolTip()), ResultState::Hypothetical);
    }
    // The memory of a layout that cannot be set up is hypothetical too, unless it does not fit:
    // "does not fit" stays the answer, in red.
    Tile &memory = m_tiles[static_cast<std::size_t>(KeyResult::Memory)];
    if (layoutInvalid && memory.state != ResultState::NoResult && memory.state != ResultState::Error)
        set(KeyResult::Memory, tr("would be %1").arg(memory.value->text()), tr("%1: %2").arg(condition, memory.fullCaption),
            memory.frame->toolTip(), ResultState::Hypothetical);
}

void KeyResultsStrip::refreshTraining(const PlanController &controller)
{
    const Evaluation &e = controller.evaluation();
    const TrainingResult &t = e.training;
    const QString tokens = countText(controller.plan().workload.training.tokens);
    if (!t.valid || t.timeToTrainS <= 0) {
        const QString why = tr("The training-time model has no result for this plan yet.");
        setNoResult(KeyResult::Time, tr("to train %1 tokens").arg(tokens), why);
        setNoResult(KeyResult::Throughput, tr("tokens/s"), why);
        setNoResult(KeyResult::Efficiency, tr("MFU"), why);
        return;
    }
    // The same time to train as the PDF and gpuplan-cli: with failures, restarts and checkpoints
    // (the reliability model), the failure-free time named beside it.
    const double withFailures = e.reliability.effectiveTimeToTrainS;
    const QString timeTip = tr("Time to train %1 tokens at the modelled throughput (step time %2, %3 GPU-hours): "
                               "%4 without failures, %5 with failures, restarts and checkpoints.")
                                .arg(tokens, str(formatDuration(t.stepTimeS)), countText(t.gpuHours),
                                     str(formatDuration(t.timeToTrainS)),
                                     withFailures > 0 ? str(formatDuration(withFailures)) : tr("not estimated"));
    if (withFailures > 0)
        set(KeyResult::Time, str(formatDuration(withFailures)),
            tr("to train %1 tokens, with failures (%2 without)").arg(tokens, str(formatDuration(t.timeToTrainS))),
            timeTip, ResultState::Normal);
    else
        set(KeyResult::Time, str(formatDuration(t.timeToTrainS)), tr("to train %1 tokens, without failures").arg(tokens),
            timeTip, ResultState::Normal);
    set(KeyResult::Throughput, countText(t.tokensPerS), tr("tokens/s · %1 per GPU").arg(groupedText(std::llround(t.tokensPerSPerGpu))),
        tr("Training throughput of the whole cluster: %1 tokens per second.").arg(groupedText(std::llround(t.tokensPerS))),
        ResultState::Normal);
    set(KeyResult::Efficiency, percentText(t.mfu), tr("MFU · HFU %1").arg(percentText(t.hfu)),
        tr("Model FLOPs utilization: useful model FLOPs per second over the GPUs' dense peak "
           "(%1 TFLOP/s achieved per GPU). HFU also counts recomputation.")
            .arg(t.tflopsPerGpu, 0, 'f', 0),
        ResultState::Normal);
}

void KeyResultsStrip::refreshInference(const PlanController &controller)
{
    const InferenceResult &r = controller.evaluation().inference;
    if (!r.valid) {
        const QString why = tr("The inference model has no result for this plan yet.");
        setNoResult(KeyResult::Time, tr("serving capacity"), why);
        setNoResult(KeyResult::Throughput, tr("output tokens/s"), why);
        setNoResult(KeyResult::Efficiency, tr("latency"), why);
        return;
    }
    refreshServingCapacity(controller);
    set(KeyResult::Throughput, groupedText(std::llround(r.outputTokensPerSPerGpu)), tr("output tokens/s per GPU"),
        tr("Generated tokens per second per GPU (%1 per replica).").arg(groupedText(std::llround(r.outputTokensPerSPerReplica))),
        ResultState::Normal);
    const bool missed = !r.meetsTtft || !r.meetsTpot;
    set(KeyResult::Efficiency, tr("%1 · %2").arg(secondsText(r.ttftMs / 1e3), secondsText(r.decodeMsPerToken / 1e3)),
        tr("time to first token · per output token"),
        missed ? tr("A latency target is missed.") : tr("Latency at the plan's concurrency."),
        missed ? ResultState::Error : ResultState::Normal);
}

// The serving tile answers the capacity question with the words of gpuplan-cli and the PDF
// (report/ServingText.h): the replicas and GPUs the request rate needs within the P99 targets and
// the highest load one replica carries; without a rate, that load alone.
void KeyResultsStrip::refreshServingCapacity(const PlanController &controller)
{
    const InferenceResult &r = controller.evaluation().inference;
    const CapacityResult &c = r.capacity;
    const double rate = controller.plan().workload.inference.requestRate;
    const QString atConcurrency = tr("At the plan's concurrency of %1 a replica serves %2.")
                                      .arg(controller.plan().workload.inference.concurrency)
                                      .arg(str(formatRequestRate(r.requestsPerSPerReplica)));
    const QString how = tr("Requests arrive as a Poisson stream and queue for a replica's %1 request slots; the P99 "
                           "time to first token and time per output token stay within the targets with %2 headroom.")
                            .arg(c.requestSlots)
                            .arg(percentText(c.headroom, 0));
    if (!c.valid) {
        set(KeyResult::Time, str(formatRequestRate(r.requestsPerSPerReplica)), tr("per replica of %1 GPUs").arg(r.gpusPerReplica),
            atConcurrency, ResultState::Normal);
    } else if (c.limit == CapacityLimit::Unreachable) {
        set(KeyResult::Time, tr("none"), tr("replicas: %1").arg(str(unreachableTargetsText())),
            tr("No load meets the targets: even one request at a time misses a P99 target. %1").arg(atConcurrency),
            ResultState::Error);
    } else if (rate > 0 && c.replicas > 0) {
        set(KeyResult::Time, str(counted(c.replicas, "replica", "replicas")),
            tr("%1 · %2").arg(str(gpusForRateText(c, r.gpusPerReplica, rate)), str(highestLoadText(c))),
            tr("%1: %2. %3 %4").arg(str(replicasForRateText(c, r.gpusPerReplica, rate)), str(highestLoadDetailText(c)), how,
                                   atConcurrency),
            ResultState::Normal);
    } else {
        set(KeyResult::Time, str(formatRequestRate(c.sloLimited.requestsPerS)),
            tr("per replica within the targets; no request rate set"),
            tr("%1. %2 %3").arg(str(highestLoadDetailText(c)), how, atConcurrency), ResultState::Normal);
    }
}

void KeyResultsStrip::refreshCommon(const PlanController &controller)
{
    const Evaluation &e = controller.evaluation();
    const int gpus = e.layout.numGpus;
    const int perNode = std::max(controller.resolved().gpusPerNode, 1);
    const int nodes = (gpus + perNode - 1) / perNode;
    QString cluster = nodes == 1 ? tr("1 node of %1").arg(perNode) : tr("%1 nodes of %2").arg(groupedText(std::llround(nodes))).arg(perNode);
    if (e.cooling.racks > 0)
        cluster += (e.cooling.racks == 1 ? tr(" · 1 rack") : tr(" · %1 racks").arg(e.cooling.racks));
    set(KeyResult::Cluster, str(counted(gpus, "GPU", "GPUs")), cluster,
        tr("Layout: TP %1 × PP %2 × CP %3 × DP %4").arg(e.layout.tp).arg(e.layout.pp).arg(e.layout.cp).arg(e.layout.dp),
        ResultState::Normal);

    if (e.power.facilityKw <= 0) {
        setNoResult(KeyResult::Power, tr("facility power"), tr("The facility model has no result for this plan yet."));
    } else {
        set(KeyResult::Power, powerText(e.power.facilityKw * 1e3),
            tr("facility · IT %1").arg(powerText(e.power.itKw * 1e3)),
            tr("Facility power while the plan runs: IT load %1 times PUE %2. Peak IT power for sizing: %3.")
                .arg(powerText(e.power.itKw * 1e3))
                .arg(controller.plan().facility.pue, 0, 'g', 3)
                .arg(powerText(e.power.peakItKw * 1e3)),
            ResultState::Normal);
    }

    const CostResult &c = e.cost;
    const QString period = controller.plan().workload.mode == Mode::Training
                               ? tr("per run")
                               : tr("over %1 months").arg(controller.plan().cost.horizonMonths, 0, 'g', 3);
    if (c.cloudTotalUsd <= 0 && c.onpremTotalUsd <= 0) {
        setNoResult(KeyResult::Cost, tr("cloud | on-prem, %1").arg(period), tr("The cost model has no result for this plan yet."));
    } else {
        auto usd = [](double v) { return v > 0 ? str(formatUsd(v)) : QStringLiteral("—"); };
        // The caption and tooltip carry the one verdict (facility/CostVerdict.h) in its own words.
        const CostVerdict verdict = costVerdict(controller.resolved(), e);
        const QString word = verdict.decided ? QString::fromUtf8(verdictWord(verdict)).toLower() : tr("no verdict");
        set(KeyResult::Cost, tr("%1 | %2").arg(usd(c.cloudTotalUsd), usd(c.onpremTotalUsd)),
            tr("cloud | on-prem, %1 · verdict: %2").arg(period, word),
            tr("%4\n\nCloud: %1 at %2 per GPU-hour (the plan's offer). On-prem: %3 (share of the cluster's cost of ownership).")
                .arg(usd(c.cloudTotalUsd), usd(c.cloudPerGpuHourUsd), usd(c.onpremTotalUsd),
                     QString::fromStdString(verdict.text)),
            ResultState::Normal);
    }
}

void KeyResultsStrip::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
    if (event->type() == QEvent::PaletteChange)
        applyColors(true);
}

void KeyResultsStrip::applyFonts()
{
    const auto relayout = qScopeGuard([this] { updateArrangement(); });
    QFont captionFont = font();
    captionFont.setPointSizeF(font().pointSizeF() * 0.9);
    // The icons follow the caption's size (presentation mode makes them larger).
    static const char *const icons[] = {"memory", "time", "throughput", "efficiency", "cluster", "power", "cost"};
    static_assert(std::size(icons) == static_cast<std::size_t>(kKeyResultCount));
    const int iconSize = QFontMetrics(captionFont).height();
    for (std::size_t i = 0; i < m_tiles.size(); ++i) {
        Tile &tile = m_tiles[i];
        tile.value->setFont(valueFont(tile.state));
        tile.caption->setFont(captionFont);
        tile.icon->setFixedSize(iconSize, iconSize);
        tile.icon->setPixmap(appIcon(QString::fromLatin1(icons[i])).pixmap(QSize(iconSize, iconSize), devicePixelRatioF()));
    }
    QFont verdictFont = font();
    verdictFont.setBold(true);
    verdictFont.setPointSizeF(font().pointSizeF() * 1.15);
    m_verdict->setFont(verdictFont);
    elideVerdict();
}

// Style sheets are re-applied only when a tile's state changes: restyling every tile on every
// slider step would cost more than the evaluation itself.
void KeyResultsStrip::applyColors(bool force)
{
    const QPalette pal = palette();
    QColor border = pal.color(QPalette::WindowText);
    border.setAlphaF(0.18f);
    QColor muted = pal.color(QPalette::WindowText);
    muted.setAlphaF(0.7f);
    if (force)
        m_verdict->setStyleSheet(QStringLiteral("#planVerdict { color: %1; border: 2px solid %1; border-radius: 4px; "
                                                "padding: 4px 8px; background: %2; }")
                                     .arg(errorColor(pal).name(QColor::HexArgb), pal.color(QPalette::Base).name()));
    for (Tile &tile : m_tiles) {
        if (!force && tile.styledState == static_cast<int>(tile.state))
            continue;
        tile.styledState = static_cast<int>(tile.state);
        QColor color = pal.color(QPalette::WindowText);
        if (tile.state == ResultState::Error)
            color = errorColor(pal);
        else if (tile.state == ResultState::Warning)
            color = warningColor(pal);
        else if (tile.state == ResultState::NoResult || tile.state == ResultState::Hypothetical)
            color = muted;
        const bool hypothetical = tile.state == ResultState::Hypothetical;
        tile.value->setStyleSheet(QStringLiteral("color: %1;%2")
                                      .arg(color.name(QColor::HexArgb),
                                           hypothetical ? QStringLiteral(" font-style: italic;") : QString()));
        tile.caption->setStyleSheet(QStringLiteral("color: %1;").arg(muted.name(QColor::HexArgb)));
        const QString frameBorder = tile.state == ResultState::Error ? errorColor(pal).name(QColor::HexArgb)
                                                                      : border.name(QColor::HexArgb);
        tile.frame->setStyleSheet(
            QStringLiteral("#keyResultTile { background: %1; border: 1px solid %2; border-radius: 4px; }")
                .arg(pal.color(QPalette::Base).name(), frameBorder));
    }
}

} // namespace gpuplan::ui
