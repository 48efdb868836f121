// SPDX-License-Identifier: GPL-3.0-or-later
// The capacity plan of a serving plan in the report: replicas at the peak and the average rate,
// the load per replica and its P99 latencies with queueing, what limits it, the saturated point
// and how long a new replica takes to start (docs/performance-model.md "Capacity at a request rate").
#include "report/ReportFormat.h"
#include "report/ReportSections.h"

#include "common/EnumNames.h"
#include "report/ServingText.h"

namespace gpuplan::ui::report {

namespace {

QString latencyText(const LoadPoint &l)
{
    return QObject::tr("TTFT %1 median, %2 P99; TPOT %3 mean, %4 P99")
        .arg(duration(l.ttftP50Ms / 1e3), duration(l.ttftP99Ms / 1e3), duration(l.tpotMeanMs / 1e3), duration(l.tpotP99Ms / 1e3));
}

} // namespace

void addServingCapacity(ReportDocument &doc, const SectionInput &in)
{
    const Evaluation &e = in.evaluation;
    const InferenceWorkload &w = in.plan.workload.inference;
    if (in.plan.workload.mode != Mode::Inference || !e.inference.valid || !e.inference.capacity.valid)
        return;
    const CapacityResult &c = e.inference.capacity;
    doc.add(Heading{in.prefix + QObject::tr("Serving capacity"), 1});
    Table t;
    t.id = QStringLiteral("serving-capacity");
    t.columns = {{QObject::tr("Capacity plan"), 1.3, false}, {QObject::tr("Value"), 2.7, false}};
    auto row = [&t](const QString &a, const QString &b) { t.rows.push_back({{a, b}}); };
    auto text = [](const std::string &s) { return QString::fromStdString(s); };
    if (c.replicas > 0) {
        row(QObject::tr("Replicas"), text(replicasForRateText(c, e.inference.gpusPerReplica, w.requestRate)));
        row(QObject::tr("Autoscaling bounds"), text(autoscalingBoundsText(c, w.requestRate, w.averageRequestRate)));
        row(QObject::tr("At the peak, per replica"), QObject::tr("%1, %2 of its saturated throughput, %3 requests in service")
                                                         .arg(text(formatRequestRate(c.atRate.requestsPerS)),
                                                              percent(c.atRate.utilization), grouped(c.atRate.concurrency, 0)));
        row(QObject::tr("Latency at the peak"), latencyText(c.atRate));
    } else if (c.limit == CapacityLimit::Unreachable) {
        row(QObject::tr("Replicas"), text(unreachableTargetsText()));
    } else {
        row(QObject::tr("Replicas"), QObject::tr("no request rate in the plan"));
    }
    if (c.limit != CapacityLimit::Unreachable) {
        row(QObject::tr("Highest load"), text(highestLoadDetailText(c)));
        row(QObject::tr("Latency at that load"), latencyText(c.sloLimited));
    }
    row(QObject::tr("Saturated"), QObject::tr("%1 requests in flight, %2 per replica (max-throughput benchmark)")
                                      .arg(grouped(c.requestSlots), text(formatRequestRate(c.saturatedRequestsPerS))));
    row(QObject::tr("Targets"), QObject::tr("P99 TTFT %1, P99 TPOT %2, headroom %3")
                                    .arg(w.ttftTargetMs > 0 ? QObject::tr("%1 ms").arg(grouped(w.ttftTargetMs)) : QObject::tr("none"),
                                         w.tpotTargetMs > 0 ? QObject::tr("%1 ms").arg(grouped(w.tpotTargetMs, 1)) : QObject::tr("none"),
                                         percent(c.headroom)));
    const StorageResult &s = e.storage;
    if (s.replicaStartS > 0)
        row(QObject::tr("New replica start-up"), QObject::tr("%1: weights %2 from the %3 tier, engine start %4 (an estimate)")
                                                     .arg(duration(s.replicaStartS), duration(s.replicaWeightsLoadS),
                                                          QString::fromUtf8(nameOf(storageTierNames(), in.plan.storage.tier)),
                                                          duration(s.replicaEngineStartS)));
    t.note = QObject::tr("Requests arrive as a Poisson stream and queue for one of the replica's request slots (its "
                         "saturated concurrency). The wait is Sakasegawa's G/G/c approximation; the P99 time per output "
                         "token is the step at the 99th percentile of the requests in service.");
    doc.add(std::move(t));
}

} // namespace gpuplan::ui::report
