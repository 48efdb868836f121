// SPDX-License-Identifier: GPL-3.0-or-later
#include "autoplan/AutoPlanTable.h"

#include "NumberText.h"
#include "document/FieldLabels.h"

#include "common/EnumNames.h"
#include "common/Format.h"
#include "report/TextReport.h"

#include <QHeaderView>
#include <QTableWidget>

namespace gpuplan::ui {

namespace {

QString fromStd(const std::string &s)
{
    return QString::fromStdString(s);
}

QTableWidgetItem *cell(const QString &text, bool number = true)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

QStringList autoPlanHeaders(Mode mode)
{
    const bool training = mode == Mode::Training;
    return {QObject::tr("#"),
            QObject::tr("GPUs"),
            QObject::tr("TP"),
            QObject::tr("PP"),
            QObject::tr("VP"),
            training ? QObject::tr("DP") : QObject::tr("Replicas"),
            QObject::tr("CP"),
            QObject::tr("EP"),
            training ? QObject::tr("Micro-batch") : QObject::tr("Concurrency"),
            QObject::tr("Sharding"),
            QObject::tr("Recompute"),
            QObject::tr("Offload"),
            training ? QObject::tr("Step time") : QObject::tr("Time per token"),
            training ? QObject::tr("Tokens/s") : QObject::tr("Output tokens/s"),
            QObject::tr("MFU"),
            QObject::tr("Memory/GPU"),
            training ? QObject::tr("Time to train") : QObject::tr("TTFT"),
            training ? QObject::tr("Cost per run") : QObject::tr("Cost per M tokens"),
            training ? QObject::tr("Energy") : QObject::tr("Energy per M tokens"),
            QObject::tr("vs best")};
}

QString shardingText(const Layout &l)
{
    if (l.zero == 0)
        return QObject::tr("None");
    QString impl;
    switch (l.sharding) {
    case ShardingImpl::Megatron: impl = QStringLiteral("Megatron"); break;
    case ShardingImpl::DeepSpeed: impl = QStringLiteral("DeepSpeed"); break;
    case ShardingImpl::Fsdp: impl = QStringLiteral("FSDP"); break;
    }
    return QStringLiteral("%1 · ZeRO-%2").arg(impl).arg(l.zero);
}

QString offloadText(const Layout &l)
{
    if (l.offloadParams != Offload::None)
        return QObject::tr("Params + optimizer");
    if (l.offloadOptimizer != Offload::None)
        return QObject::tr("Optimizer");
    return QObject::tr("None");
}

QString layoutSummary(const Layout &l, Mode mode)
{
    const bool training = mode == Mode::Training;
    QStringList parts{QObject::tr("%1 GPUs").arg(groupedText(l.numGpus)), QStringLiteral("TP %1").arg(l.tp),
                      QStringLiteral("PP %1").arg(l.pp)};
    if (l.vp > 1)
        parts << QObject::tr("VP %1").arg(l.vp);
    if (training)
        parts << QStringLiteral("DP %1").arg(l.dp);
    else
        parts << (l.dp == 1 ? QObject::tr("1 replica") : QObject::tr("%1 replicas").arg(l.dp));
    if (l.cp > 1)
        parts << QStringLiteral("CP %1").arg(l.cp);
    if (l.ep > 1)
        parts << QStringLiteral("EP %1").arg(l.ep);
    parts << (training ? QObject::tr("micro-batch %1") : QObject::tr("concurrency %1")).arg(l.microBatch);
    if (training) {
        parts << shardingText(l);
        if (l.recompute != Recompute::None)
            parts << QObject::tr("recompute %1")
                         .arg(enumDisplayName(recomputeNames(), static_cast<int>(l.recompute)).toLower());
        if (l.offloadOptimizer != Offload::None || l.offloadParams != Offload::None)
            parts << QObject::tr("offload %1").arg(offloadText(l).toLower());
    }
    return parts.join(QStringLiteral(" · "));
}

QString candidateSummary(const SearchCandidate &c, Mode mode)
{
    if (!c.disaggregated)
        return layoutSummary(c.layout, mode);
    auto pool = [](const QString &name, const InferenceWorkload::Pool &p) {
        QString s = QStringLiteral("%1 %2 × TP %3").arg(name, groupedText(p.workers)).arg(p.tp);
        if (p.attentionDp > 1)
            s += QObject::tr(" attention DP %1").arg(p.attentionDp);
        if (p.ep > 1)
            s += QStringLiteral(" EP %1").arg(p.ep);
        return s;
    };
    return QStringList{QObject::tr("%1 GPUs").arg(groupedText(c.layout.numGpus)),
                       pool(QObject::tr("prefill"), c.prefill),
                       pool(QObject::tr("decode"), c.decode) + QObject::tr(" at %1").arg(groupedText(c.decode.batch)),
                       QObject::tr("%1 in flight").arg(groupedText(c.layout.microBatch))}
        .join(QStringLiteral(" · "));
}

void fillLayoutTable(QTableWidget *table, const SearchResult &r)
{
    const bool training = r.mode == Mode::Training;
    table->clearContents();
    table->setColumnCount(ColCount);
    table->setHorizontalHeaderLabels(autoPlanHeaders(r.mode));
    table->setRowCount(static_cast<int>(r.best.size()));
    const double bestObjective = r.best.empty() ? 0 : r.best.front().objective;
    int row = 0;
    for (const SearchCandidate &c : r.best) {
        const Layout &l = c.layout;
        QString cost = QStringLiteral("–");
        if (c.costKnown)
            cost = fromStd(formatUsd(c.costUsd));   // per run, or per million output tokens ("$0.452")
        else if (c.gpuHours > 0)
            cost = QObject::tr("%1 GPU-h").arg(fromStd(formatCount(c.gpuHours)));
        // A disaggregated row: TP as prefill / decode, the workers as prefill + decode.
        const bool pools = c.disaggregated;
        const QString cells[ColCount] = {
            groupedText(row + 1),
            groupedText(l.numGpus),
            pools ? QStringLiteral("%1 / %2").arg(c.prefill.tp).arg(c.decode.tp) : groupedText(l.tp),
            pools ? QStringLiteral("1") : groupedText(l.pp),
            groupedText(l.vp),
            pools ? QStringLiteral("%1 + %2").arg(groupedText(c.prefill.workers), groupedText(c.decode.workers))
                  : groupedText(training ? l.dp : c.replicas),
            groupedText(l.cp),
            groupedText(l.ep),
            groupedText(l.microBatch),
            pools ? QObject::tr("Prefill and decode pools") : shardingText(l),
            enumDisplayName(recomputeNames(), static_cast<int>(l.recompute)),
            offloadText(l),
            training ? secondsText(c.stepTimeS) : secondsText(c.tpotMs / 1e3),
            fromStd(formatCount(c.tokensPerS)),
            training ? percentText(c.mfu) : QStringLiteral("–"),
            fromStd(formatBytes(c.perGpuBytes)),
            training ? secondsText(c.timeToTrainS) : secondsText(c.ttftMs / 1e3),
            cost,
            fromStd(formatEnergyMwh(c.energyMwh)),
            bestObjective > 0 ? percentText(c.objective / bestObjective - 1) : QStringLiteral("–"),
        };
        for (int col = 0; col < ColCount; ++col) {
            const bool text = col == ColSharding || col == ColRecompute || col == ColOffload;
            table->setItem(row, col, cell(cells[col], !text));
        }
        ++row;
    }
    table->resizeColumnsToContents();
}

void fillRejectTable(QTableWidget *table, const SearchResult &r)
{
    table->clearContents();
    table->setColumnCount(2);
    table->setHorizontalHeaderLabels({QObject::tr("Candidates"), QObject::tr("Set aside because")});
    table->setRowCount(0);
    for (int i = 0; i < kRejectReasonCount; ++i) {
        const long long n = r.rejected[static_cast<std::size_t>(i)];
        if (n <= 0)
            continue;
        const int row = table->rowCount();
        table->insertRow(row);
        table->setItem(row, 0, cell(groupedText(n)));
        table->setItem(row, 1, cell(QString::fromUtf8(rejectReasonName(i)), false));
    }
    table->resizeColumnToContents(0);
    table->horizontalHeader()->setStretchLastSection(true);
}

} // namespace gpuplan::ui
