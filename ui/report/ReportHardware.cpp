// SPDX-License-Identifier: GPL-3.0-or-later
// Bill of materials and the power, cooling and facility needs of the plan report.
#include "report/ReportFormat.h"
#include "report/ReportSections.h"

#include "common/Format.h"

#include "facility/FacilityNames.h"

namespace gpuplan::ui::report {

namespace {

// The catalog name of the tier a storage role is on.
QString roleTierName(const ResolvedPlan &r, StorageRole role)
{
    const StorageTierSpec *tier = r.roleTiers[static_cast<std::size_t>(role)];
    if (tier)
        return q(tier->name);
    return r.roleTierIds[static_cast<std::size_t>(role)] < 0 ? QObject::tr("none") : QObject::tr("unknown tier");
}

// The performance-priced tiers the bandwidth line pays for.
QString bandwidthTiers(const ResolvedPlan &r)
{
    QStringList names;
    for (const StorageTierSpec *tier : r.roleTiers) {
        if (tier && tier->usdPerGBps > 0 && !tier->nodeLocal && !names.contains(q(tier->name)))
            names << q(tier->name);
    }
    return names.join(QStringLiteral(", "));
}

QString lineDescription(const SectionInput &in, const BomLine &line)
{
    const ResolvedPlan &r = in.resolved;
    const Evaluation &e = in.evaluation;
    switch (line.item) {
    case BomItem::Gpu: return r.gpu ? q(r.gpu->name) : q(in.plan.hardware.gpu);
    case BomItem::Node:
        return (r.node ? q(r.node->name) : QObject::tr("server")) +
               QObject::tr(", %1 GPUs each").arg(r.gpusPerNode) +
               (in.plan.reliability.spareNodes > 0 ? QObject::tr(", %1 spares included").arg(in.plan.reliability.spareNodes) : QString());
    case BomItem::Rack:
        return QObject::tr("%1U cabinets with PDUs; %2 compute + %3 network racks, %4 nodes and %5 per compute rack")
            .arg(in.plan.facility.rackUnits).arg(e.cooling.computeRacks).arg(e.cooling.networkRacks)
            .arg(e.cooling.nodesPerRack).arg(kw(e.cooling.kwPerRack));
    case BomItem::LeafSwitch:
    case BomItem::SpineSwitch:
    case BomItem::CoreSwitch:
        return (r.fabric ? q(r.fabric->name) : QString()) + QObject::tr(" (%1-tier fat tree)").arg(e.bom.fabricTiers);
    case BomItem::Nic:
        return QObject::tr("%1 scale-out ports").arg(grouped(e.bom.endpoints));
    case BomItem::Cable: return QObject::tr("one link per port and tier, transceivers included");
    case BomItem::Network: return QObject::tr("network priced per GPU (cost.network_per_gpu_usd)");
    case BomItem::Storage: return roleTierName(r, StorageRole::Data) + QObject::tr(": the data set");
    case BomItem::CacheStorage:
        return roleTierName(r, StorageRole::Cache) + QObject::tr(": a copy of the data set next to the GPUs");
    case BomItem::CheckpointStorage:
        return roleTierName(r, StorageRole::Checkpoint) +
               (e.storage.role(StorageRole::Archive).tier >= 0 ? QObject::tr(": checkpoints kept")
                                                               : QObject::tr(": checkpoints kept and milestones"));
    case BomItem::ArchiveStorage: return roleTierName(r, StorageRole::Archive) + QObject::tr(": milestone checkpoints");
    case BomItem::StorageBandwidth:
        return bandwidthTiers(r) + QObject::tr(": bandwidth delivered to the job's nodes (performance-based price)");
    case BomItem::Count: break;
    }
    return {};
}

QString lineTotal(const Plan &plan, const BomLine &line)
{
    switch (line.pricing) {
    case BomPricing::Priced: return exactMoney(plan, line.totalUsd());
    case BomPricing::InNodePrice: return QObject::tr("in server price");
    case BomPricing::InNetworkOverride: return QObject::tr("in network line");
    case BomPricing::Unpriced: return QObject::tr("not priced");
    }
    return {};
}

} // namespace

void addBillOfMaterials(ReportDocument &doc, const SectionInput &in)
{
    const BillOfMaterials &bom = in.evaluation.bom;
    doc.add(Heading{in.prefix + QObject::tr("Bill of materials"), 1});
    Table t;
    t.id = QStringLiteral("bom");
    t.columns = {{QObject::tr("Item"), 1.3, false},
                 {QObject::tr("Description"), 2.6, false},
                 {QObject::tr("Quantity"), 0.8, true},
                 {QObject::tr("Unit price"), 1.0, true},
                 {QObject::tr("Total"), 1.1, true}};
    bool unpriced = false;
    for (int i = 0; i < bom.count; ++i) {
        const BomLine &line = bom.lines[static_cast<std::size_t>(i)];
        unpriced = unpriced || line.pricing == BomPricing::Unpriced;
        const bool bandwidth = line.item == BomItem::StorageBandwidth;
        const bool storage = line.item >= BomItem::Storage && !bandwidth;
        const QString unit = storage ? QStringLiteral(" TB") : bandwidth ? QStringLiteral(" GB/s") : QString();
        t.rows.push_back({{QString::fromUtf8(bomItemLabel(line.item)), lineDescription(in, line),
                           grouped(line.quantity, storage ? (line.quantity < 1 ? 3 : 1) : 0) + unit,
                           line.pricing == BomPricing::Unpriced ? QStringLiteral("-") : exactMoney(in.plan, line.unitUsd),
                           lineTotal(in.plan, line)}});
    }
    t.rows.push_back({{QObject::tr("Hardware total"), QString(), QString(), QString(), exactMoney(in.plan, bom.capexUsd)}, RowKind::Total});
    t.note = QObject::tr("Catalog list and street prices before discounts; the source and date of each price are in "
                         "\"Assumptions and sources\".");
    if (unpriced)
        t.note += QObject::tr(" Lines marked \"not priced\" have no price in the catalog: the total understates the "
                              "hardware cost by them.");
    doc.add(std::move(t));
}

void addFacility(ReportDocument &doc, const SectionInput &in)
{
    const Evaluation &e = in.evaluation;
    const Plan &p = in.plan;
    const bool training = p.workload.mode == Mode::Training;
    doc.add(Heading{in.prefix + QObject::tr("Power, cooling and facility"), 1});
    doc.add(Paragraph{QObject::tr("The site must provide up to %1 of IT power (the peak that sizes the power contract and "
                                  "the racks) in %2 of up to %3 each, cooled by %4. While the plan runs the IT "
                                  "load is %5, and %6 at the meter (running facility power; %8 at peak) with cooling and distribution at a PUE of %7.")
                          .arg(kw(e.power.peakItKw), counted(e.cooling.racks, QObject::tr("rack"), QObject::tr("racks")))
                          .arg(kw(e.cooling.kwPerRack),
                               e.cooling.liquidRequired ? QObject::tr("direct liquid cooling") : QObject::tr("air"),
                               kw(e.power.itKw), kw(e.power.facilityKw), grouped(p.facility.pue, 2), kw(e.power.peakFacilityKw)),
                      TextStyle::Body, {}});

    Table power;
    power.id = QStringLiteral("power");
    power.columns = {{QObject::tr("Power and energy"), 2.4, false}, {QObject::tr("Value"), 1.2, true}};
    auto prow = [&power](const QString &a, const QString &b, RowKind kind = RowKind::Normal) { power.rows.push_back({{a, b}, kind}); };
    prow(QObject::tr("GPUs, while the plan runs, at %1 of TDP (%2)")
             .arg(percent(e.power.gpuPowerFraction), q(gpuPowerBasisText(e.power))),
         kw(e.power.gpuW / 1000.0));
    prow(QObject::tr("Servers (CPUs, memory, NICs, fans)"), kw(e.power.nodeOverheadW / 1000.0));
    prow(QObject::tr("Scale-out network"), kw(e.power.networkW / 1000.0));
    prow(QObject::tr("Shared storage"), kw(e.power.storageW / 1000.0));
    prow(QObject::tr("IT load while the plan runs"), kw(e.power.itKw), RowKind::Total);
    prow(QObject::tr("Peak IT load (sizes racks and the power contract)"), kw(e.power.peakItKw));
    prow(QObject::tr("Facility load while the plan runs, at PUE %1").arg(grouped(p.facility.pue, 2)), kw(e.power.facilityKw));
    prow(QObject::tr("Peak facility load (peak IT × PUE: what the site must supply)"), kw(e.power.peakFacilityKw));
    prow(QObject::tr("Average IT load over a year (%1 utilization)").arg(percent(p.facility.gpuUtilization)), kw(e.power.averageItKw));
    prow(training ? QObject::tr("Facility energy of the run") : QObject::tr("Facility energy over the horizon"),
         q(formatEnergyMwh(e.power.energyMwh)));
    prow(QObject::tr("Facility energy per year"), q(formatEnergyMwh(e.power.energyPerYearMwh)));
    prow(QObject::tr("Operational CO2 per year (grid %1 kg/kWh)").arg(grouped(p.facility.gridKgCo2PerKwh, 2)),
         q(formatCo2Tonnes(e.power.co2PerYearTonnes)));
    doc.add(std::move(power));

    Table cooling;
    cooling.id = QStringLiteral("cooling");
    cooling.columns = {{QObject::tr("Cooling and space"), 2.4, false}, {QObject::tr("Value"), 1.2, true}};
    auto crow = [&cooling](const QString &a, const QString &b) { cooling.rows.push_back({{a, b}}); };
    crow(QObject::tr("Heat to remove (peak IT load)"), kw(e.cooling.heatKw));
    crow(QObject::tr("Heat in BTU per hour"), grouped(e.cooling.heatBtuPerHour, 0) + QStringLiteral(" BTU/h"));
    crow(QObject::tr("Refrigeration capacity"), grouped(e.cooling.tons, 1) + QStringLiteral(" tons"));
    crow(QObject::tr("Racks (compute + network)"), QObject::tr("%1 + %2").arg(e.cooling.computeRacks).arg(e.cooling.networkRacks));
    crow(QObject::tr("Nodes per compute rack"), grouped(e.cooling.nodesPerRack));
    crow(QObject::tr("Peak power per compute rack (limit %1)").arg(kw(p.facility.rackPowerLimitKw)), kw(e.cooling.kwPerRack));
    crow(QObject::tr("Cooling"), e.cooling.liquidRequired ? (e.cooling.liquidForcedByNode ? QObject::tr("liquid (the node type is liquid-cooled)")
                                                                                           : QObject::tr("liquid (rack above the air limit)"))
                                                          : QObject::tr("air"));
    doc.add(std::move(cooling));

    const StorageResult &s = e.storage;
    Table storage;
    storage.id = QStringLiteral("storage");
    storage.columns = {{QObject::tr("Storage"), 2.4, false}, {QObject::tr("Value"), 1.2, true}};
    auto srow = [&storage](const QString &a, const QString &b) { storage.rows.push_back({{a, b}}); };
    // Storage in decimal units, as it is sold and as the capacity beside it (core/common/Format.h).
    const ResolvedPlan &r = in.resolved;
    auto bandwidth = [](double gbps) { return gbps > 0 ? grouped(gbps, gbps < 10 ? 1 : 0) : QObject::tr("unknown"); };
    srow(QObject::tr("Data set on"), roleTierName(r, StorageRole::Data) +
                                         QObject::tr(" (read %1 GB/s)").arg(bandwidth(s.role(StorageRole::Data).readGBps)));
    srow(QObject::tr("Loaders read from"),
         s.separateCache ? roleTierName(r, StorageRole::Cache) +
                               QObject::tr(" (cache, staged in %1)").arg(duration(s.cacheStagingS))
                         : QObject::tr("the data tier (no separate cache)"));
    srow(QObject::tr("Checkpoints to"), roleTierName(r, StorageRole::Checkpoint) +
                                            QObject::tr(" (write %1 GB/s)").arg(bandwidth(s.tierWriteGBps)));
    srow(QObject::tr("Milestones archived on"), s.role(StorageRole::Archive).tier >= 0
                                                    ? roleTierName(r, StorageRole::Archive)
                                                    : QObject::tr("the checkpoint tier"));
    srow(QObject::tr("Checkpoint size"), q(formatStorage(s.checkpointBytes)));
    srow(QObject::tr("Capacity (checkpoints kept, milestones, data set)"), q(formatStorage(s.capacityBytes)));
    srow(QObject::tr("Read bandwidth needed / offered to the loaders"),
         QObject::tr("%1 / %2 GB/s").arg(grouped(s.requiredReadGBps, s.requiredReadGBps < 1 ? 3 : 1), s.tierReadGBps > 0 ? grouped(s.tierReadGBps, 0) : QObject::tr("unknown")));
    if (e.dataPath.known) {
        const DataPathResult &d = e.dataPath;
        const QString limit = d.limit == DataLimit::Gpu       ? QObject::tr("the GPUs (the data path keeps up)")
                              : d.limit == DataLimit::Storage ? QObject::tr("STORAGE: the tier's aggregate bandwidth")
                              : d.limit == DataLimit::Network ? QObject::tr("NETWORK: the nodes' links to storage")
                                                              : QObject::tr("HOST CPU: the data loaders' decoding");
        srow(QObject::tr("Data path: what limits the step"), limit);
        // Below a millisecond in µs, so that a storage or network share that is small does not read as zero.
        const auto stepTime = [](double s) {
            return s > 0 && s < 1e-3 ? QObject::tr("%1 µs").arg(grouped(s * 1e6, s < 1e-5 ? 2 : 0)) : duration(s);
        };
        srow(QObject::tr("Step: GPUs / storage / network / host CPU"),
             QObject::tr("%1 / %2 / %3 / %4").arg(stepTime(d.gpuStepS), stepTime(d.storageStepS), stepTime(d.networkStepS),
                                                  stepTime(d.hostCpuStepS)));
        srow(QObject::tr("Decode CPU cores per node: needed / decoding / in the node"),
             QObject::tr("%1 / %2 / %3")
                 .arg(grouped(d.coresNeededPerNode, 1), grouped(d.decodeCoresPerNode, 0),
                      d.coresPerNode > 0 ? grouped(d.coresPerNode, 0) : QObject::tr("unknown")));
    }
    if (training) {
        srow(QObject::tr("Checkpoint write / restore"), QObject::tr("%1 / %2").arg(duration(s.checkpointWriteS), duration(s.restoreS)));
        srow(QObject::tr("Checkpoint interval (optimal)"), duration(e.reliability.checkpointIntervalS));
    }
    doc.add(std::move(storage));
}

} // namespace gpuplan::ui::report
