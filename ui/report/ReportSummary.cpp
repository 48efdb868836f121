// SPDX-License-Identifier: GPL-3.0-or-later
// Cover page and executive summary of the plan report.
#include "charts/MemoryVerdictText.h"
#include "report/ReportFormat.h"
#include "report/ReportLogo.h"
#include "report/ReportSections.h"
#include "report/ReportStyle.h"

#include "common/EnumNames.h"
#include "facility/CostVerdict.h"
#include "common/Format.h"
#include "report/ServingText.h"

#include <QFontMetricsF>

#include <qcustomplot.h>

namespace gpuplan::ui::report {

namespace {

double bomQuantity(const Evaluation &e, BomItem item)
{
    for (int i = 0; i < e.bom.count; ++i) {
        if (e.bom.lines[static_cast<std::size_t>(i)].item == item)
            return e.bom.lines[static_cast<std::size_t>(i)].quantity;
    }
    return 0;
}

QString gpuName(const SectionInput &in)
{
    return in.resolved.gpu ? q(in.resolved.gpu->name) : q(in.plan.hardware.gpu);
}

// First error that a framework would reject (a plan that only does not fit is handled apart).
const Diagnostic *firstLayoutError(const Evaluation &e)
{
    for (const Diagnostic &d : e.diagnostics) {
        if (d.severity == Severity::Error && d.code != DiagCode::DoesNotFit)
            return &d;
    }
    return nullptr;
}

// The cost verdict of the core (facility/CostVerdict.h): held against every cloud offer and purchase
// option the cost section lists, naming the cheapest and the view (cash or cost of ownership) it
// rests on; then the payback of owning against the plan's own offer.
QString costSentence(const SectionInput &in, const CostVerdict &v)
{
    const CostResult &c = in.evaluation.cost;
    QString s = q(v.text);
    if (!v.cloudKnown || !v.onpremKnown)
        return s;
    if (c.breakEvenNever)
        s += QObject::tr(" At these prices owning never pays back against renting.");
    else if (c.breakEvenMonths > in.plan.cost.depreciationYears * 12.0)
        s += QObject::tr(" Owning does not pay back within the %1-year hardware life.").arg(in.plan.cost.depreciationYears);
    else if (c.breakEvenMonths > 0)
        s += QObject::tr(" Owning pays back after %1 months of use.").arg(grouped(c.breakEvenMonths, 1));
    return s;
}

struct Tile
{
    QString label;
    QString value;
    QString detail;
};

void paintTiles(QCPPainter &p, const QRectF &area, const std::vector<Tile> &tiles)
{
    const double gapX = 10;
    const double w = (area.width() - gapX * (tiles.size() - 1)) / tiles.size();
    const QFont label = reportFont(TextStyle::Small);
    const QFont value = reportFont(TextStyle::Subtitle, true);
    const QFont detail = reportFont(TextStyle::Small);
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const QRectF r(area.left() + i * (w + gapX), area.top(), w, area.height());
        p.setPen(QPen(colors::rule, 0.8));
        p.setBrush(colors::zebra);
        p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
        const QRectF inner = r.adjusted(9, 8, -9, -6);
        p.setPen(colors::muted);
        p.setFont(label);
        const QFontMetricsF lm(label, p.device());
        p.drawText(QPointF(inner.left(), inner.top() + lm.ascent()), lm.elidedText(tiles[i].label, Qt::ElideRight, inner.width()));
        p.setPen(colors::accent);
        p.setFont(value);
        const QFontMetricsF vm(value, p.device());
        const double vy = inner.top() + lm.height() + 4 + vm.ascent();
        p.drawText(QPointF(inner.left(), vy), vm.elidedText(tiles[i].value, Qt::ElideRight, inner.width()));
        p.setPen(colors::muted);
        p.setFont(detail);
        const QFontMetricsF dm(detail, p.device());
        p.drawText(QPointF(inner.left(), vy + vm.descent() + 4 + dm.ascent()),
                   dm.elidedText(tiles[i].detail, Qt::ElideRight, inner.width()));
    }
}

} // namespace

void addCover(ReportDocument &doc, const QString &title, const QStringList &planNames, const QString &preparedBy,
              const QDate &date, const QString &generator)
{
    // The organisation's logo and name head the cover (the running header starts on page 2).
    if (doc.logo) {
        doc.add(Figure{QStringLiteral("logo"), kCoverLogoHeight,
                       [logo = doc.logo](QCPPainter &p, const QRectF &area) {
                           const QSizeF size = logo->sizeFor(area.height(), area.width() * 0.5);
                           logo->paint(p, QRectF(area.topLeft(), size));
                       },
                       {}});
    }
    if (!doc.organisation.isEmpty())
        doc.add(Paragraph{{}, TextStyle::Subtitle, doc.organisation});
    doc.add(Paragraph{QObject::tr("GPU infrastructure plan"), TextStyle::Subtitle, {}});
    doc.add(Paragraph{title, TextStyle::Title, {}});
    doc.add(Paragraph{QObject::tr("Plan summary for procurement: hardware, facility, cost and schedule."),
                      TextStyle::Muted, {}});
    Table cover;
    cover.id = QStringLiteral("cover");
    cover.header = false;
    cover.columns = {{QObject::tr("Field"), 1.0, false}, {QObject::tr("Value"), 3.0, false}};
    cover.rows.push_back({{planNames.size() > 1 ? QObject::tr("Plans") : QObject::tr("Plan"), planNames.join(QStringLiteral("; "))}});
    if (!doc.organisation.isEmpty())
        cover.rows.push_back({{QObject::tr("Organisation"), doc.organisation}});
    cover.rows.push_back({{QObject::tr("Prepared by"), preparedBy.isEmpty() ? QObject::tr("(not stated in the plan)") : preparedBy}});
    cover.rows.push_back({{QObject::tr("Date"), date.toString(Qt::ISODate)}});
    cover.rows.push_back({{QObject::tr("Generated by"), generator}});
    doc.add(std::move(cover));
    doc.add(Paragraph{QObject::tr("Every figure in this report is an estimate computed from the plan and the catalog "
                                  "shown in the appendix; prices carry their source and date. Quotes from vendors "
                                  "replace catalog prices before an order is placed."),
                      TextStyle::Small, {}});
}

QString capacityText(const SectionInput &in)
{
    const Evaluation &e = in.evaluation;
    if (in.plan.workload.mode == Mode::Training) {
        if (!e.training.valid)
            return QObject::tr("no training time (the plan cannot run as laid out)");
        return QObject::tr("%1 of training (%2 with expected failures and restarts)")
            .arg(duration(e.training.timeToTrainS), duration(e.reliability.effectiveTimeToTrainS));
    }
    if (!e.inference.valid)
        return QObject::tr("no serving capacity (the plan cannot run as laid out)");
    const CapacityResult &c = e.inference.capacity;
    const double rate = in.plan.workload.inference.requestRate;
    if (rate > 0 && c.replicas > 0)
        return QString::fromStdString(replicasForRateText(c, e.inference.gpusPerReplica, rate) + "; " + highestLoadText(c));
    if (e.inference.disaggregated.active)   // one deployment of two pools: its rates are the whole fleet's
        return QObject::tr("%1 output tokens/s on %2 (%3 requests/s)")
            .arg(grouped(e.inference.outputTokensPerSPerReplica),
                 QString::fromStdString(disaggregatedPoolsText(e.inference.disaggregated)),
                 grouped(e.inference.requestsPerSPerReplica, 1));
    const int replicas = std::max(deployedGpus(e) / std::max(e.inference.gpusPerReplica, 1), 1);
    return QObject::tr("%1 output tokens/s on %2 (%3 requests/s)")
        .arg(grouped(e.inference.outputTokensPerSPerReplica * replicas),
             QString::fromStdString(gpuplan::counted(replicas, "replica", "replicas")),
             grouped(e.inference.requestsPerSPerReplica * replicas, 1));
}

QString recommendation(const SectionInput &in)
{
    const Evaluation &e = in.evaluation;
    const Plan &p = in.plan;
    if (const Diagnostic *d = firstLayoutError(e))
        return QObject::tr("Not ready to order. The parallel layout has an error a training framework would reject "
                           "(%1: %2); fix it before procurement.")
            .arg(QString::fromUtf8(d->field), q(describe(*d)));
    if (!e.memory.fits)
        return QObject::tr("Not ready to order. With this layout the model needs %1 per GPU but a %2 offers %3: "
                           "change the layout (more tensor or pipeline parallelism, ZeRO sharding, recompute) or "
                           "choose a GPU with more memory.")
            .arg(bytes(e.memory.perGpuBytes), gpuName(in), bytes(e.memory.capacityBytes));
    const QString hardware = QObject::tr("%1 × %2 in %3 and %4")
                                 .arg(grouped(deployedGpus(e)), gpuName(in),
                                      counted(bomQuantity(e, BomItem::Node), QObject::tr("node"), QObject::tr("nodes")),
                                      counted(e.cooling.racks, QObject::tr("rack"), QObject::tr("racks")));
    QString s;
    if (p.workload.mode == Mode::Training)
        s = QObject::tr("The plan needs %1 to train %2 (%3 parameters) on %4 tokens: %5.")
                .arg(hardware, modelName(p), count(e.shape.totalParams), count(p.workload.training.tokens), capacityText(in));
    else
        s = QObject::tr("The plan needs %1 to serve %2 (%3 parameters): %4, %5 to the first token and %6 per output token.")
                .arg(hardware, modelName(p), count(e.shape.totalParams), capacityText(in),
                     duration(e.inference.ttftMs / 1e3), duration(e.inference.decodeMsPerToken / 1e3));
    if (gpuMemoryVerdict(e.memory) == MemoryVerdict::Borderline)
        s += QObject::tr(
                 " Memory is borderline: %1 per GPU is within the memory model's %2 error band of the %3 limit; "
                 "measure a training step on one node before ordering, or plan more memory headroom.")
                 .arg(bytes(e.memory.perGpuBytes))
                 .arg(percent(e.memory.bandFraction, 0))
                 .arg(bytes(e.memory.capacityBytes));
    if (e.reliability.unfinishable)
        s += QObject::tr(" Failures would come faster than the job progresses: add checkpointing or spare nodes first.");
    return s + QLatin1Char(' ') + costSentence(in, costVerdict(in.resolved, e));
}

void addExecutiveSummary(ReportDocument &doc, const SectionInput &in)
{
    const Evaluation &e = in.evaluation;
    const Plan &p = in.plan;
    const CostResult &c = e.cost;
    const bool training = p.workload.mode == Mode::Training;
    const CostVerdict verdict = costVerdict(in.resolved, e);
    doc.add(Heading{in.prefix + QObject::tr("Executive summary"), 1});
    doc.add(Paragraph{recommendation(in), TextStyle::Body, QObject::tr("Recommendation: ")});

    std::vector<Tile> tiles;
    // The GPUs as deployed (a serving plan: its fleet), the count cost, power and racks are of.
    tiles.push_back({QObject::tr("GPUs"), grouped(deployedGpus(e)), gpuName(in)});
    if (training)
        tiles.push_back({QObject::tr("Time to train, with failures"), duration(e.reliability.effectiveTimeToTrainS),
                         QObject::tr("%1 without failures").arg(duration(e.training.timeToTrainS))});
    else if (p.workload.inference.requestRate > 0 && e.inference.capacity.replicas > 0)
        tiles.push_back({QObject::tr("Replicas for the request rate"),
                         QString::fromStdString(gpuplan::counted(e.inference.capacity.replicas, "replica", "replicas")),
                         QString::fromStdString(gpusForRateText(e.inference.capacity, e.inference.gpusPerReplica,
                                                                p.workload.inference.requestRate))});
    else
        tiles.push_back({QObject::tr("Serving capacity"),
                         QObject::tr("%1 tok/s").arg(count(e.inference.outputTokensPerSPerGpu * deployedGpus(e))),
                         QObject::tr("output tokens, all replicas")});
    // The one verdict (facility/CostVerdict.h): its word, the cash over the run and the offer.
    tiles.push_back({verdict.decided ? QObject::tr("%1, cash over the run").arg(QString::fromUtf8(verdictWord(verdict)))
                                     : QObject::tr("No verdict"),
                     verdict.decided ? money(p, verdict.cashUsd) : QObject::tr("not priced"),
                     verdict.decided ? q(verdict.offer) : q(verdict.reason)});
    tiles.push_back({QObject::tr("Facility power, running"), kw(e.power.facilityKw),
                     QObject::tr("at PUE %1; %2 at peak").arg(grouped(p.facility.pue, 2), kw(e.power.peakFacilityKw))});
    if (!e.validity.valid()) {
        // Not an answer: every tile but the GPU count reads "would be".
        for (std::size_t i = 1; i < tiles.size(); ++i) {
            tiles[i].value = QObject::tr("would be %1").arg(tiles[i].value);
            tiles[i].detail = QObject::tr("if the plan could run: %1").arg(tiles[i].detail);
        }
    }
    doc.add(Figure{QStringLiteral("tiles"), 64, [tiles](QCPPainter &painter, const QRectF &r) { paintTiles(painter, r, tiles); }, {}});

    Table t;
    t.id = QStringLiteral("summary");
    t.columns = {{QObject::tr("Key figure"), 1.2, false}, {QObject::tr("Value"), 2.2, false}};
    auto row = [&t](const QString &a, const QString &b) { t.rows.push_back({{a, b}}); };
    row(QObject::tr("Model"), QObject::tr("%1, %2 parameters (%3 active per token)")
                                  .arg(modelName(p), count(e.shape.totalParams), count(e.shape.activeParams)));
    row(QObject::tr("Workload"), training ? QObject::tr("training, %1 tokens, sequences of %2 tokens, global batch %3")
                                                .arg(count(p.workload.training.tokens), grouped(p.workload.training.seqLen),
                                                     grouped(p.workload.training.globalBatch))
                                          : QObject::tr("serving, %1-token prompts, %2-token answers")
                                                .arg(grouped(p.workload.inference.promptLen), grouped(p.workload.inference.outputLen)));
    row(QObject::tr("Hardware"), QObject::tr("%1 × %2, %3, %4")
                                     .arg(grouped(deployedGpus(e)), gpuName(in),
                                          counted(bomQuantity(e, BomItem::Node), QObject::tr("node"), QObject::tr("nodes")),
                                          counted(e.cooling.racks, QObject::tr("rack"), QObject::tr("racks"))));
    if (training)
        row(QObject::tr("Parallel layout"), QObject::tr("TP %1, PP %2, DP %3, CP %4, EP %5, ZeRO %6, recompute %7")
                                                .arg(e.layout.tp).arg(e.layout.pp).arg(e.layout.dp).arg(e.layout.cp)
                                                .arg(e.layout.ep).arg(e.layout.zero)
                                                .arg(QString::fromUtf8(nameOf(recomputeNames(), e.layout.recompute))));
    else if (e.inference.disaggregated.active)
        row(QObject::tr("Parallel layout"), QObject::tr("disaggregated: %1, the KV cache sent over %2")
                                                .arg(QString::fromStdString(disaggregatedPoolsText(e.inference.disaggregated)),
                                                     QString::fromUtf8(nameOf(kvTransferNames(), e.inference.disaggregated.kvTransfer))));
    else
        row(QObject::tr("Parallel layout"), QObject::tr("replicas of TP %1 × PP %2 (%3 per replica)")
                                                .arg(e.layout.tp).arg(e.layout.pp)
                                                .arg(counted(e.inference.gpusPerReplica, QObject::tr("GPU"), QObject::tr("GPUs"))));
    row(QObject::tr("Memory per GPU"), QObject::tr("%1 of %2 (%3; %4)")
                                           .arg(bytes(e.memory.perGpuBytes), bytes(e.memory.capacityBytes),
                                                gpuMemoryVerdict(e.memory) == MemoryVerdict::DoesNotFit
                                                    ? memoryVerdictName(e.memory).toUpper()
                                                    : memoryVerdictName(e.memory),
                                                memoryBandText(e.memory)));
    if (training && e.training.valid) {
        row(QObject::tr("Time to train"), capacityText(in));
        row(QObject::tr("Throughput"), QObject::tr("%1 tokens/s, MFU %2, step %3")
                                           .arg(count(e.training.tokensPerS), percent(e.training.mfu, 1), duration(e.training.stepTimeS)));
    } else if (!training && e.inference.valid) {
        row(QObject::tr("Serving capacity"), capacityText(in));
        row(QObject::tr("Load"),
            QString::fromStdString(servingLoadText(e.inference, p.workload.inference.concurrency)));
        row(QObject::tr("Latency"), QObject::tr("%1 to first token, %2 per output token")
                                        .arg(duration(e.inference.ttftMs / 1e3), duration(e.inference.decodeMsPerToken / 1e3)));
    }
    const QString horizon = duration(c.cashHorizonS);
    if (verdict.cloudKnown) {
        row(QObject::tr("Cash over %1").arg(horizon),
            QObject::tr("on-prem %1 (capex %2 + operations %3 − resale %4); cheapest cloud %5 (%6)")
                .arg(money(p, c.onpremCashUsd), money(p, c.onpremCapexUsd), money(p, c.onpremOperationsUsd),
                     money(p, c.onpremResaleUsd), money(p, verdict.cheapestCloud.bill.cashUsd), q(offerName(in.resolved, verdict.cheapestCloud))));
        row(QObject::tr("Cost of ownership"),
            QObject::tr("on-prem %1 (%2 at %3 utilization); cloud %4 (%5)")
                .arg(money(p, c.onpremTotalUsd), training ? QObject::tr("the run's share") : QObject::tr("the horizon's share"),
                     percent(p.cost.onpremUtilization), money(p, verdict.cheapestCloud.bill.runShareUsd), q(offerName(in.resolved, verdict.cheapestCloud))));
    } else {
        row(QObject::tr("Cash over %1").arg(horizon), QObject::tr("on-prem %1; no cloud price").arg(money(p, c.onpremCashUsd)));
        row(QObject::tr("Cost of ownership"), QObject::tr("on-prem %1; no cloud price").arg(money(p, c.onpremTotalUsd)));
    }
    row(QObject::tr("Verdict rests on"), verdict.basis == CostView::Cash
                                             ? QObject::tr("cash: nothing else uses the hardware after the run (follow-on utilization 0)")
                                             : QObject::tr("cost of ownership: other work uses %1 of the hours after the run")
                                                   .arg(percent(p.cost.followonUtilization)));
    row(QObject::tr("On-prem capex"), money(p, c.onpremCapexUsd));
    row(QObject::tr("Facility power"), QObject::tr("%1 running (IT %2); %3 at peak (peak IT %4)")
                                           .arg(kw(e.power.facilityKw), kw(e.power.itKw), kw(e.power.peakFacilityKw), kw(e.power.peakItKw)));
    doc.add(std::move(t));
    doc.add(Paragraph{costSentence(in, verdict), TextStyle::Body, QObject::tr("Cloud or on-prem: ")});
}

} // namespace gpuplan::ui::report
