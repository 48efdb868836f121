// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/ScenarioComparison.h"

#include "NumberText.h"

#include "document/PlanController.h"

#include "catalog/Catalog.h"
#include "evaluator/Evaluator.h"
#include "facility/FacilityText.h"
#include "plan/PlanIo.h"
#include "report/TextReport.h"

#include <QFileInfo>
#include <QStringList>

#include <cmath>

namespace gpuplan::ui {

namespace {

QString str(const std::string &s)
{
    return QString::fromStdString(s).trimmed();
}

ComparisonCell makeCell(const QString &text, double value)
{
    return {text, value, true};
}

const ComparisonCell kNone{QStringLiteral("—"), 0, false};

} // namespace

bool ScenarioComparison::addFile(const QString &path, const Catalog &catalog, QString &error)
{
    Plan plan;
    if (!PlanController::readPlanFile(path, catalog, plan, error))
        return false;
    m_scenarios.push_back({QFileInfo(path).completeBaseName(), QFileInfo(path).absoluteFilePath(), std::move(plan)});
    return true;
}

void ScenarioComparison::addSnapshot(const Plan &plan, const QString &name)
{
    m_scenarios.push_back({name, QString(), plan});
}

bool ScenarioComparison::remove(int scenarioIndex)
{
    if (scenarioIndex < 0 || scenarioIndex >= static_cast<int>(m_scenarios.size()))
        return false;
    m_scenarios.erase(m_scenarios.begin() + scenarioIndex);
    if (scenarioIndex + 1 < static_cast<int>(m_columns.size()))
        m_columns.erase(m_columns.begin() + scenarioIndex + 1);
    return true;
}

void ScenarioComparison::refresh(const PlanController &controller)
{
    m_columns.clear();
    m_columns.push_back(evaluateColumn(QObject::tr("%1\n(open plan)").arg(controller.displayName()), controller.plan(),
                                       controller.catalog()));
    for (const Scenario &s : m_scenarios)
        m_columns.push_back(evaluateColumn(s.name, s.plan, controller.catalog()));
}

ScenarioComparison::Column ScenarioComparison::evaluateColumn(const QString &title, const Plan &plan,
                                                              const Catalog &catalog)
{
    Column c;
    c.title = title;
    c.cells.fill(kNone);
    ResolvedPlan rp;
    std::vector<ResolveError> errors;
    if (!resolvePlan(plan, catalog, rp, errors)) {
        c.cells[static_cast<int>(ComparisonRow::Fits)] = {QObject::tr("cannot evaluate"), 0, false};
        return c;
    }
    const Evaluation e = evaluate(rp);
    auto set = [&c](ComparisonRow row, const ComparisonCell &value) { c.cells[static_cast<int>(row)] = value; };
    const MemoryResult &m = e.memory;
    if (m.perGpuBytes > 0 && m.capacityBytes > 0) {
        const bool runs = e.validity.status != PlanStatus::Invalid;
        // "yes" only when the estimate fits even at the top of the memory model's error band: a
        // borderline plan may not fit on the real cluster (docs/memory.md).
        const bool fits = m.verdict == MemoryVerdict::Fits, borderline = m.verdict == MemoryVerdict::Borderline;
        set(ComparisonRow::Fits,
            makeCell(
                !runs  ? QObject::tr("invalid plan")
                : fits ? QObject::tr("yes")
                : borderline
                    ? QObject::tr("borderline (within the %1 error band)").arg(percentText(m.bandFraction, 0))
                    : QObject::tr("no"),
                !runs        ? 0.0
                : fits       ? 1.0
                : borderline ? 0.5
                             : 0.0));
        // Compared by the share of each plan's own GPU it uses: 56 GiB of a 141 GiB H200 is
        // more headroom than 51 GiB of an 80 GB H100, though more bytes.
        const double used = m.perGpuBytes / m.capacityBytes;
        set(ComparisonRow::MemoryPerGpu, makeCell(QStringLiteral("%1 (%2)")
                                                      .arg(gibPairText(m.perGpuBytes, m.capacityBytes), percentText(used, 0)),
                                                  used));
    }
    if (plan.workload.mode == Mode::Training && e.training.valid && e.training.timeToTrainS > 0) {
        const TrainingResult &t = e.training;
        // With failures, as the key results, the PDF and gpuplan-cli give it.
        const double time = e.reliability.effectiveTimeToTrainS > 0 ? e.reliability.effectiveTimeToTrainS : t.timeToTrainS;
        set(ComparisonRow::TimeToTrain, makeCell(str(formatDuration(time)), time));
        set(ComparisonRow::TokensPerS, makeCell(groupedText(std::llround(t.tokensPerS)), t.tokensPerS));
        set(ComparisonRow::Mfu, makeCell(percentText(t.mfu), t.mfu));
    }
    if (plan.workload.mode == Mode::Inference && e.inference.valid) {
        const InferenceResult &r = e.inference;
        set(ComparisonRow::ServingCapacity,
            makeCell(QObject::tr("%1 req/s per replica").arg(significantText(r.requestsPerSPerReplica)),
                     r.requestsPerSPerReplica));
        set(ComparisonRow::OutputTokensPerGpu, makeCell(groupedText(std::llround(r.outputTokensPerSPerGpu)), r.outputTokensPerSPerGpu));
    }
    // The GPUs as deployed (a serving plan: its fleet), the count cost and power are of.
    const int gpus = deployedGpus(e);
    set(ComparisonRow::Gpus, makeCell(groupedText(gpus), gpus));
    const int perNode = std::max(rp.gpusPerNode, 1);
    const double nodes = std::ceil(static_cast<double>(gpus) / perNode);
    set(ComparisonRow::Nodes, makeCell(QObject::tr("%1 × %2 GPUs").arg(groupedText(std::llround(nodes))).arg(perNode), nodes));
    if (e.power.facilityKw > 0)
        set(ComparisonRow::FacilityPower, makeCell(powerText(e.power.facilityKw * 1e3), e.power.facilityKw));
    if (e.cost.cloudTotalUsd > 0)
        set(ComparisonRow::CloudCost, makeCell(str(formatUsd(e.cost.cloudTotalUsd)), e.cost.cloudTotalUsd));
    if (e.cost.onpremTotalUsd > 0)
        set(ComparisonRow::OnpremCost, makeCell(str(formatUsd(e.cost.onpremTotalUsd)), e.cost.onpremTotalUsd));
    if (e.cost.cloudPerGpuHourUsd > 0 && e.cost.onpremCapexUsd > 0) {
        if (e.cost.breakEvenNever)
            set(ComparisonRow::BreakEven, {QObject::tr("never"), 0, false});
        else if (e.cost.breakEvenMonths > plan.cost.depreciationYears * 12.0)
            set(ComparisonRow::BreakEven, {str(breakEvenText(plan, e.cost)), 0, false});
        else
            set(ComparisonRow::BreakEven,
                makeCell(monthsText(e.cost.breakEvenMonths), e.cost.breakEvenMonths));
    }
    return c;
}

QString ScenarioComparison::columnTitle(int column) const
{
    return m_columns[static_cast<std::size_t>(column)].title;
}

const ComparisonCell &ScenarioComparison::cell(ComparisonRow row, int column) const
{
    return m_columns[static_cast<std::size_t>(column)].cells[static_cast<std::size_t>(row)];
}

double ScenarioComparison::difference(ComparisonRow row, int column) const
{
    if (column <= 0 || column >= columnCount())
        return 0.0;
    const ComparisonCell &base = cell(row, 0);
    const ComparisonCell &other = cell(row, column);
    if (!base.hasValue || !other.hasValue)
        return 0.0;
    if (base.value == 0.0)
        return other.value == 0.0 ? 0.0 : (other.value > 0 ? 1.0 : -1.0);
    return (other.value - base.value) / std::fabs(base.value);
}

bool ScenarioComparison::rowUsed(ComparisonRow row) const
{
    for (int c = 0; c < columnCount(); ++c) {
        const ComparisonCell &x = cell(row, c);
        if (x.hasValue || x.text != kNone.text)
            return true;
    }
    return false;
}

QString ScenarioComparison::rowLabel(ComparisonRow row)
{
    switch (row) {
    case ComparisonRow::Fits: return QObject::tr("Fits in GPU memory");
    case ComparisonRow::MemoryPerGpu: return QObject::tr("Memory per GPU (share used)");
    case ComparisonRow::TimeToTrain: return QObject::tr("Time to train, with failures");
    case ComparisonRow::ServingCapacity: return QObject::tr("Serving capacity");
    case ComparisonRow::TokensPerS: return QObject::tr("Training tokens/s");
    case ComparisonRow::OutputTokensPerGpu: return QObject::tr("Output tokens/s per GPU");
    case ComparisonRow::Mfu: return QObject::tr("MFU");
    case ComparisonRow::Gpus: return QObject::tr("GPUs");
    case ComparisonRow::Nodes: return QObject::tr("Nodes");
    case ComparisonRow::FacilityPower: return QObject::tr("Facility power, running");
    case ComparisonRow::CloudCost: return QObject::tr("Cloud cost (run or horizon)");
    case ComparisonRow::OnpremCost: return QObject::tr("On-prem cost (run or horizon)");
    case ComparisonRow::BreakEven: return QObject::tr("On-prem break-even");
    case ComparisonRow::Count: break;
    }
    return {};
}

Better ScenarioComparison::better(ComparisonRow row)
{
    switch (row) {
    case ComparisonRow::Fits:
    case ComparisonRow::ServingCapacity:
    case ComparisonRow::TokensPerS:
    case ComparisonRow::OutputTokensPerGpu:
    case ComparisonRow::Mfu:
        return Better::Higher;
    default:
        return Better::Lower;
    }
}

} // namespace gpuplan::ui
