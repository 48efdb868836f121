// SPDX-License-Identifier: GPL-3.0-or-later
// What each key-result tile says: its value, caption, tooltip and state, read from the plan's
// evaluation (the strip's layout, fonts and colours are in KeyResultsStrip.cpp).
#include "results/KeyResultsStrip.h"

#include "LiteralText.h"
#include "NumberText.h"
#include "charts/MemoryVerdictText.h"
#include "document/FieldLabels.h"
#include "document/PlanController.h"

#include "common/EnumNames.h"
#include "explain/LessonFigures.h"
#include "facility/CostVerdict.h"
#include "facility/FacilityNames.h"
#include "report/ServingText.h"
#include "report/TextReport.h"

#include <QLabel>

#include <cmath>

namespace gpuplan::ui {

namespace {

// Memory use outside this band is worth a look: below, GPUs are bought for headroom nobody uses;
// above, fragmentation and a longer sequence can tip the run into out-of-memory.
constexpr double kComfortLow = 0.70;
constexpr double kComfortHigh = 0.90;

QString str(const std::string &s)
{
    return QString::fromStdString(s).trimmed();
}

} // namespace

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
        QString tip = tr("Most-loaded GPU: %1 usable (%2).")
                          .arg(gibPairText(m.perGpuBytes, m.capacityBytes, 2), percentText(use));
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
        set(KeyResult::Memory, gibPairText(m.perGpuBytes, m.capacityBytes), caption.arg(percentText(use, 0)), tip, s);
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
    QString mfuTip = tr("Model FLOPs utilization: useful model FLOPs per second over the GPUs' dense peak "
                        "(%1 TFLOP/s achieved per GPU). HFU also counts recomputation.")
                         .arg(fixedText(t.tflopsPerGpu, 0));
    QString mfuCaption = tr("MFU · HFU %1").arg(percentText(t.hfu));
    // FP32 and TF32 are measured against their own, lower peak: a slower step can show a higher MFU
    // than BF16, so the tile names the peak and gives the MFU against the Tensor Core one.
    const ResolvedPlan &rp = controller.resolved();
    const double tensorMfu = mfuAgainstTensor16Peak(*rp.gpu, rp.plan->precision.compute, t.mfu);
    if (tensorMfu > 0) {
        const QString compute = QString::fromStdString(std::string(nameOf(dtypeNames(), rp.plan->precision.compute)));
        const QString tensor = corePeaks(*rp.gpu).tensorIsBf16 ? QStringLiteral("BF16") : QStringLiteral("FP16");
        mfuCaption = tr("MFU of the %1 peak · %2 of %3").arg(compute, percentText(tensorMfu), tensor);
        mfuTip += QLatin1Char(' ')
                  + tr("This MFU is measured against the %1 peak, not the %2 Tensor Core peak, so it can read higher "
                       "than a %2 plan's although the step is slower; against the %2 peak it is %3.")
                        .arg(compute, tensor, percentText(tensorMfu));
    }
    set(KeyResult::Efficiency, percentText(t.mfu), mfuCaption, mfuTip, ResultState::Normal);
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
    const QString atConcurrency = (r.disaggregated.active ? tr("At the plan's concurrency of %1 the prefill and decode pools serve %2.")
                                                          : tr("At the plan's concurrency of %1 a replica serves %2."))
                                      .arg(controller.plan().workload.inference.concurrency)
                                      .arg(str(formatRequestRate(r.requestsPerSPerReplica)));
    const QString how = tr("Requests arrive as a Poisson stream and queue for a replica's %1 request slots; the P99 "
                           "time to first token and time per output token stay within the targets with %2 headroom.")
                            .arg(c.requestSlots)
                            .arg(percentText(c.headroom, 0));
    if (!c.valid) {
        set(KeyResult::Time, str(formatRequestRate(r.requestsPerSPerReplica)),
            r.disaggregated.active ? tr("on %1").arg(str(disaggregatedPoolsText(r.disaggregated)))
                                   : tr("per replica of %1 GPUs").arg(r.gpusPerReplica),
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
    // The cluster as deployed (a serving plan: its fleet, replicas x GPUs per replica), the count
    // cost, power and racks are of; never the plan's or one replica's GPUs.
    const int gpus = deployedGpus(e);
    const int perNode = std::max(controller.resolved().gpusPerNode, 1);
    const int nodes = e.deployed.nodes > 0 ? e.deployed.nodes : (gpus + perNode - 1) / perNode;
    QString cluster = nodes == 1 ? tr("1 node of %1").arg(perNode) : tr("%1 nodes of %2").arg(groupedText(std::llround(nodes))).arg(perNode);
    if (e.cooling.racks > 0)
        cluster += (e.cooling.racks == 1 ? tr(" · 1 rack") : tr(" · %1 racks").arg(e.cooling.racks));
    QString clusterTip =
        tr("Layout: TP %1 × PP %2 × CP %3 × DP %4").arg(e.layout.tp).arg(e.layout.pp).arg(e.layout.cp).arg(e.layout.dp);
    if (e.deployed.replicas > 0)
        clusterTip += QLatin1Char(' ') + tr("Fleet: %1.").arg(str(deployedFleetText(e.deployed)));
    if (fleetDiffersFromPlan(e.deployed))
        clusterTip += QLatin1Char(' ') + str(fleetSizedText(e.deployed));
    set(KeyResult::Cluster, str(counted(gpus, "GPU", "GPUs")), cluster, clusterTip, ResultState::Normal);

    if (e.power.facilityKw <= 0) {
        setNoResult(KeyResult::Power, tr("facility power"), tr("The facility model has no result for this plan yet."));
    } else {
        // Two facility powers, each named: the running draw is the value, the peak the site must
        // supply is beside it.
        set(KeyResult::Power, powerText(e.power.facilityKw * 1e3),
            tr("facility running · peak %1").arg(powerText(e.power.peakFacilityKw * 1e3)),
            tr("Facility power while the plan runs: IT load %1 times PUE %2, with the GPUs at %3 of TDP (%4). "
               "Peak facility power, what the site must supply: %5 (peak IT %6).")
                .arg(powerText(e.power.itKw * 1e3))
                .arg(pueText(controller.plan().facility.pue))
                .arg(percentText(e.power.gpuPowerFraction), QString::fromStdString(gpuPowerBasisText(e.power)),
                     powerText(e.power.peakFacilityKw * 1e3), powerText(e.power.peakItKw * 1e3)),
            ResultState::Normal);
    }

    const CostResult &c = e.cost;
    const QString period = controller.plan().workload.mode == Mode::Training
                               ? tr("per run")
                               : tr("over %1").arg(monthsText(controller.plan().cost.horizonMonths));
    if (c.cloudTotalUsd <= 0 && c.onpremTotalUsd <= 0) {
        setNoResult(KeyResult::Cost, tr("cloud | on-prem, %1").arg(period), tr("The cost model has no result for this plan yet."));
    } else {
        auto usd = [](double v) { return v > 0 ? str(formatUsd(v)) : QStringLiteral("—"); };
        // The caption and tooltip carry the one verdict (facility/CostVerdict.h) in its own words,
        // and the on-prem figure is the one it weighs, in the view it rests on: cash over the run
        // (capex + operations - resale) when nothing uses the hardware after it, else the run's
        // share of the cost of ownership. Page 1 of the PDF and the Cost tab give the same figure.
        const CostVerdict verdict = costVerdict(controller.resolved(), e);
        const bool cashView = verdict.basis == CostView::Cash;
        const double onpremUsd = cashView ? c.onpremCashUsd : c.onpremTotalUsd;
        // An on-prem figure with GPUs, servers or switches unpriced is a lower bound, and says so.
        const QString onprem = verdict.onpremPartial && onpremUsd > 0 ? tr("≥ %1").arg(usd(onpremUsd)) : usd(onpremUsd);
        const QString view = cashView ? tr("in cash") : tr("share of ownership");
        const QString caption = verdict.decided
                                    ? tr("cloud | on-prem %1, %2 · verdict: %3")
                                          .arg(view, period, QString::fromUtf8(verdictWord(verdict)).toLower())
                                    : tr("cloud | on-prem %1, %2 · no verdict").arg(view, period);
        const QString onpremWhat = cashView ? tr("cash: capex + operations - resale of the hardware after it")
                                            : tr("share of the cluster's cost of ownership");
        set(KeyResult::Cost, tr("%1 | %2").arg(usd(c.cloudTotalUsd), onprem), caption,
            tr("%4\n\nCloud: %1 at %2 per GPU-hour (the plan's offer). On-prem: %3 (%5).")
                .arg(usd(c.cloudTotalUsd), usd(c.cloudPerGpuHourUsd), usd(onpremUsd), QString::fromStdString(verdict.text),
                     onpremWhat),
            ResultState::Normal);
    }
}

} // namespace gpuplan::ui
