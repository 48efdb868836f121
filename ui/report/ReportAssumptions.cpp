// SPDX-License-Identifier: GPL-3.0-or-later
// Risks, the assumptions behind the numbers (every price with its source and date) and the
// appendix of formulas of the plan report.
#include "report/ReportFormat.h"
#include "report/ReportSections.h"

#include "document/PlanController.h"

#include "common/EnumNames.h"

#include <functional>

namespace gpuplan::ui::report {

namespace {

// What each missing catalog input means for the numbers (MissingInput bit order).
QString missingInputText(int bit)
{
    switch (bit) {
    case 0: return QObject::tr("The GPU has no price in the catalog: the capex leaves the GPUs out.");
    case 1: return QObject::tr("The server has no price in the catalog: the capex leaves the servers out.");
    case 2: return QObject::tr("The server's power draw is unknown: its overhead is estimated from a typical GPU/server split.");
    case 3: return QObject::tr("The network switches have no price: the capex leaves them out.");
    case 4: return QObject::tr("The network switches have no power figure: the network draws nothing in the power totals.");
    case 5: return QObject::tr("Cables and transceivers have no price: the capex leaves them out.");
    case 6: return QObject::tr("No cloud price for this GPU: cloud costs are zero and the comparison is one-sided.");
    case 7: return QObject::tr("The storage tier is not in the catalog: storage bandwidth is not checked.");
    case 8: return QObject::tr("The plan has several nodes but no network fabric: no switches are counted.");
    case 9: return QObject::tr("No run time could be estimated: energy and cost per run are zero.");
    case 10: return QObject::tr("The catalog's server price (GPUs included) is below the price of its GPUs.");
    default: return {};
    }
}

struct PriceRow
{
    QString item;
    QString value;
    QString source;
    QString date;
    bool secondary = false;
};

PriceRow catalogPrice(const Plan &plan, const QString &item, double usd, const ProvenanceMap &sources, const char *key)
{
    PriceRow row{item, usd > 0 ? exactMoney(plan, usd) : QObject::tr("not in catalog"), QObject::tr("no source"), QStringLiteral("-")};
    if (const auto it = sources.find(key); it != sources.end()) {
        row.source = q(it->second.source) + (it->second.estimate ? QObject::tr(" (ESTIMATE)") : QString()) +
                     (it->second.secondary ? QObject::tr(" (secondary source)") : QString());
        row.secondary = it->second.secondary;
        row.date = q(it->second.date);
    }
    return row;
}

// A price the plan sets or leaves at its documented default (docs/facility-and-cost.md §9).
struct PlanAssumption
{
    const char *label;
    const char *field;
    std::function<double(const Plan &)> get;
    std::function<QString(const Plan &, double)> show;
    const char *source;     // of the default
    const char *date;
};

QString asMoney(const Plan &p, double v) { return exactMoney(p, v); }
QString asPercent(const Plan &, double v) { return percent(v); }
QString asNumber(const Plan &, double v) { return grouped(v, v == std::floor(v) ? 0 : 2); }

const std::vector<PlanAssumption> &planAssumptions()
{
    static const std::vector<PlanAssumption> list = {
        {"Electricity price per kWh", "cost.electricity_usd_per_kwh", [](const Plan &p) { return p.cost.electricityUsdPerKwh; }, asMoney,
         "US industrial average 2023 (Statista citing EIA)", "2024-03-18"},
        {"Colocation per kW-month", "cost.colo_usd_per_kw_month", [](const Plan &p) { return p.cost.coloUsdPerKwMonth; }, asMoney,
         "CBRE North America Data Center Trends H2 2024", "2025-02-26"},
        {"Storage capacity per TB", "cost.storage_usd_per_tb", [](const Plan &p) { return p.cost.storageUsdPerTb; },
         [](const Plan &p, double v) { return v < 0 ? QObject::tr("each tier's catalog price") : exactMoney(p, v); },
         "ESTIMATE (catalogs/storage_tiers.json: no published figure in the reference set)", "-"},
        {"Facility fit-out per kW", "cost.facility_fitout_usd_per_kw", [](const Plan &p) { return p.cost.facilityFitoutUsdPerKw; }, asMoney,
         "ESTIMATE (no published figure in the reference set)", "-"},
        {"Staff loaded salary per FTE", "cost.staff_loaded_salary_usd", [](const Plan &p) { return p.cost.staffLoadedSalaryUsd; }, asMoney,
         "deepiix.com: 2 FTE about $400k per year", "2025"},
        {"Support, share of hardware per year", "cost.support_fraction", [](const Plan &p) { return p.cost.supportFraction; }, asPercent,
         "derived: supercluster.blog support cost over an HGX H100 node price", "2023-2024"},
        {"Cloud overhead (storage, egress, services)", "cost.cloud_overhead_fraction", [](const Plan &p) { return p.cost.cloudOverheadFraction; },
         asPercent, "Mercatus (mercatus-ai.com): 30-50% on top, low end", "2026-05"},
        {"Reserved 1-year discount (when unpublished)", "cost.reserved_1y_discount", [](const Plan &p) { return p.cost.reserved1yDiscount; },
         asPercent, "Mercatus (mercatus-ai.com)", "2026"},
        {"Reserved 3-year discount (when unpublished)", "cost.reserved_3y_discount", [](const Plan &p) { return p.cost.reserved3yDiscount; },
         asPercent, "Mercatus (mercatus-ai.com)", "2026"},
        {"Spot discount (when unpublished)", "cost.spot_discount", [](const Plan &p) { return p.cost.spotDiscount; }, asPercent,
         "technolynx.com", "2026-04-25"},
        {"Depreciation years", "cost.depreciation_years", [](const Plan &p) { return p.cost.depreciationYears; }, asNumber,
         "hyperscaler 10-K filings (Amazon: 5 years)", "2025-02-07"},
        {"Residual value", "cost.residual_fraction", [](const Plan &p) { return p.cost.residualFraction; }, asPercent,
         "ESTIMATE, extrapolated from 25-35% after 36 months", "-"},
        {"On-prem utilization", "cost.onprem_utilization", [](const Plan &p) { return p.cost.onpremUtilization; }, asPercent,
         "aiinframap.com TCO tool (ESTIMATE)", "2026"},
        {"PUE", "facility.pue", [](const Plan &p) { return p.facility.pue; }, asNumber, "Uptime Institute survey", "2024"},
        {"GPU busy power, share of TDP", "facility.gpu_busy_power_fraction",
         [](const Plan &p) { return busyPowerFraction(p.facility, p.workload.mode == Mode::Training); }, asPercent,
         "training: ESTIMATE from TPU v4's measured mean of peak power (Google Cloud); serving: BudSimulator "
         "genz/serving/constants.py",
         "2024"},
        {"Rack power limit (kW)", "facility.rack_power_limit_kw", [](const Plan &p) { return p.facility.rackPowerLimitKw; }, asNumber,
         "ESTIMATE between Uptime 2024 and AI-ready sites", "2024"},
        {"Node MTBF (hours)", "reliability.node_mtbf_hours", [](const Plan &p) { return p.reliability.nodeMtbfHours; }, asNumber,
         "derived from Llama 3 (Dubey et al.), 419 interruptions in 54 days on 2,048 nodes", "2024"},
        {"Procurement lead time (weeks)", "facility.procurement_weeks", [](const Plan &p) { return p.facility.procurementWeeks; }, asNumber,
         "ESTIMATE (no published figure in the reference set)", "-"},
        {"Installation time (weeks)", "facility.install_weeks", [](const Plan &p) { return p.facility.installWeeks; }, asNumber,
         "ESTIMATE (no published figure in the reference set)", "-"},
    };
    return list;
}

} // namespace

void addRisks(ReportDocument &doc, const SectionInput &in)
{
    doc.add(Heading{in.prefix + QObject::tr("Risks"), 1});
    doc.add(BulletList{riskItems(in), TextStyle::Body});
}

QStringList riskItems(const SectionInput &in)
{
    const Evaluation &e = in.evaluation;
    const Plan &p = in.plan;
    QStringList risks;
    for (const Diagnostic &d : e.diagnostics) {
        if (d.severity == Severity::Info)
            continue;
        risks << QStringLiteral("%1 (%2): %3").arg(d.severity == Severity::Error ? QObject::tr("Error") : QObject::tr("Warning"),
                                                   QString::fromUtf8(d.field), q(describe(d)));
    }
    for (int bit = 0; bit < kMissingInputCount; ++bit) {
        if ((e.cost.missing >> bit) & 1U)
            risks << missingInputText(bit);
    }
    const ReliabilityResult &r = e.reliability;
    if (p.workload.mode == Mode::Training) {
        risks << QObject::tr("Failures: the %1 job nodes fail on average every %2; expect about %3 interruptions over the "
                             "run, losing %4 hours (goodput %5). %6 spare nodes would cover failures during repairs.")
                     .arg(r.jobNodes).arg(duration(r.mtbfHours * 3600.0)).arg(grouped(r.expectedInterruptions, 0))
                     .arg(grouped(r.lostHours, 0)).arg(percent(r.goodput, 1)).arg(r.sparesSuggested);
        if (e.training.errorBand > 0)
            risks << QObject::tr("Accuracy: measured training runs land within about ±%1 of this model's step time; "
                                 "the time to train and the cost carry that uncertainty.")
                         .arg(percent(e.training.errorBand));
    } else if (e.inference.errorBand > 0) {
        risks << QObject::tr("Accuracy: measured serving runs land within about ±%1 of this model's throughput, ±%2 of its "
                             "time to first token and ±%3 of its time per output token.")
                     .arg(percent(e.inference.errorBand), percent(e.inference.ttftErrorBand),
                          percent(e.inference.tpotErrorBand));
    }
    if (e.storage.starved)
        risks << QObject::tr("Storage: the loaders' tier reads %1 GB/s but the GPUs need %2 GB/s; training would wait for data.")
                     .arg(grouped(e.storage.tierReadGBps, 0), grouped(e.storage.requiredReadGBps, 1));
    risks << QObject::tr("Prices: catalog prices are list or street prices at the dates below; GPU prices and lead times "
                         "move by tens of percent within months.");
    return risks;
}

void addAssumptions(ReportDocument &doc, const SectionInput &in)
{
    const Plan &p = in.plan;
    const ResolvedPlan &r = in.resolved;
    doc.add(Heading{in.prefix + QObject::tr("Assumptions and sources"), 1});
    doc.add(Heading{QObject::tr("Catalog prices"), 2});
    Table prices;
    prices.id = QStringLiteral("prices");
    prices.columns = {{QObject::tr("Price"), 1.6, false}, {QObject::tr("Value"), 0.9, true}, {QObject::tr("Source"), 2.8, false},
                      {QObject::tr("Date"), 0.8, false}};
    std::vector<PriceRow> rows;
    if (r.gpu)
        rows.push_back(p.cost.gpuPriceUsd >= 0 ? PriceRow{QObject::tr("GPU %1").arg(q(r.gpu->name)), exactMoney(p, p.cost.gpuPriceUsd),
                                                         QObject::tr("set in this plan (cost.gpu_price_usd)"), QStringLiteral("-")}
                                               : catalogPrice(p, QObject::tr("GPU %1").arg(q(r.gpu->name)), r.gpu->priceUsd, r.gpu->sources, "price_usd"));
    if (r.node)
        rows.push_back(p.cost.serverPriceUsd >= 0 ? PriceRow{QObject::tr("Server %1").arg(q(r.node->name)), exactMoney(p, p.cost.serverPriceUsd),
                                                             QObject::tr("set in this plan (cost.server_price_usd)"), QStringLiteral("-")}
                                                  : catalogPrice(p, QObject::tr("Server %1").arg(q(r.node->name)), r.node->priceUsd, r.node->sources, "price_usd"));
    if (r.fabric) {
        rows.push_back(catalogPrice(p, QObject::tr("Switch (%1)").arg(q(r.fabric->name)), r.fabric->switchPriceUsd, r.fabric->sources, "switch_price_usd"));
        rows.push_back(catalogPrice(p, QObject::tr("NIC (%1)").arg(q(r.fabric->name)), r.fabric->nicPriceUsd, r.fabric->sources, "nic_price_usd"));
        rows.push_back(catalogPrice(p, QObject::tr("Cable per link (%1)").arg(q(r.fabric->name)), r.fabric->cablePriceUsd, r.fabric->sources, "cable_price_usd"));
    }
    if (r.cloud) {
        const QString offer = q(r.cloud->provider) + QLatin1Char(' ') + q(r.cloud->instance);
        const std::pair<const char *, double> options[] = {{"on_demand_per_gpu_hour", r.cloud->onDemandPerGpuHour},
                                                           {"reserved_1y_per_gpu_hour", r.cloud->reserved1yPerGpuHour},
                                                           {"reserved_3y_per_gpu_hour", r.cloud->reserved3yPerGpuHour},
                                                           {"spot_per_gpu_hour", r.cloud->spotPerGpuHour}};
        for (const auto &[key, price] : options) {
            if (price < 0)
                continue;
            PriceRow row = catalogPrice(p, QObject::tr("Cloud %1, %2").arg(offer, QString::fromUtf8(key).replace(QLatin1Char('_'), QLatin1Char(' '))),
                                        price, r.cloud->sources, key);
            if (row.date == QStringLiteral("-"))
                row.date = q(r.cloud->date);
            rows.push_back(row);
        }
    }
    bool anySecondary = false;
    for (const PriceRow &row : rows) {
        prices.rows.push_back({{row.item, row.value, row.source, row.date}});
        anySecondary = anySecondary || row.secondary;
    }
    doc.add(std::move(prices));
    if (anySecondary)
        doc.add(Paragraph{QObject::tr("A secondary source is a third party's report of the vendor's or the cloud's price (a blog, "
                                      "reseller, news site or aggregator): check it against the provider's own page before a "
                                      "purchase."),
                          TextStyle::Body, {}});

    doc.add(Heading{QObject::tr("Plan assumptions"), 2});
    Table t;
    t.id = QStringLiteral("assumptions");
    t.columns = {{QObject::tr("Assumption"), 1.7, false}, {QObject::tr("Value"), 0.8, true}, {QObject::tr("Source"), 2.6, false},
                 {QObject::tr("Date"), 0.8, false}};
    // The defaults of a plan of the same kind: some (GPU busy power) depend on training vs serving.
    Plan defaults;
    defaults.workload.mode = p.workload.mode;
    for (const PlanAssumption &a : planAssumptions()) {
        const double value = a.get(p);
        const bool isDefault = value == a.get(defaults);
        t.rows.push_back({{QObject::tr(a.label), a.show(p, value),
                           isDefault ? QString::fromUtf8(a.source) : QObject::tr("set in this plan (%1)").arg(QString::fromUtf8(a.field)),
                           isDefault ? QString::fromUtf8(a.date) : QStringLiteral("-")}});
    }
    t.note = QObject::tr("Defaults and their sources: docs/facility-and-cost.md. Catalog figures: catalogs/*.json, each "
                         "with its source and date.");
    doc.add(std::move(t));
    if (!p.notes.empty()) {
        doc.add(Heading{QObject::tr("Notes of the plan"), 2});
        doc.add(Paragraph{q(p.notes), TextStyle::Body, {}});
    }
}

void addFormulaAppendix(ReportDocument &doc)
{
    doc.add(Heading{QObject::tr("Appendix: formulas"), 1});
    doc.add(Paragraph{QObject::tr("The models behind the figures, in short; the documentation of gpuplan gives each with "
                                  "its source (docs/memory.md, docs/performance-model.md, docs/facility-and-cost.md)."),
                      TextStyle::Muted, {}});
    doc.add(BulletList{{
        QObject::tr("Model states per GPU: parameters of the busiest pipeline stage ÷ TP × bytes per parameter for weights, "
                    "gradients, master weights and optimizer states, each divided by the data-parallel group from its ZeRO "
                    "stage on (mixed-precision AdamW: 16 bytes per parameter unsharded)."),
        QObject::tr("Activations per GPU: per layer and micro-batch from sequence length, hidden size, heads, TP/SP/CP and "
                    "the recompute setting, times the micro-batches in flight of the pipeline schedule."),
        QObject::tr("Model FLOPs per token: 6 × parameters plus attention (Megatron convention, no recompute). MFU = model "
                    "FLOPs per second ÷ (GPUs × dense peak FLOPs)."),
        QObject::tr("Step time = compute + recompute + exposed TP/CP/EP/PP/DP communication + pipeline bubble + optimizer + "
                    "offload + overhead. Time to train = tokens ÷ (global batch × sequence length) × step time."),
        QObject::tr("Serving: prefill and decode per operator as a roofline with fitted engine efficiencies; throughput at "
                    "the concurrency that fits in memory and meets the latency targets."),
        QObject::tr("Power: IT = GPUs × TDP × busy fraction + server overhead + switches + storage; facility = IT × PUE; "
                    "energy = facility power × wall time, failures included."),
        QObject::tr("Cooling: heat = peak IT power; BTU/h = W × 3.412142; refrigeration tons = kW ÷ 3.517."),
        QObject::tr("Reliability: job MTBF = node MTBF ÷ nodes; checkpoint interval from Daly (2006) "
                    "τ = √(2δM)·[1 + ⅓√(δ/2M) + δ/(18M)] − δ; effective time = ideal time ÷ goodput."),
        QObject::tr("Cloud: GPU-hours (failures included) × price per GPU-hour × (1 + overhead); reservations bill every "
                    "hour of the term; spot adds the re-run work."),
        QObject::tr("On-prem per year: (capex − residual) ÷ depreciation years (annuity with financing) + average IT kW × PUE "
                    "× 8,760 h × electricity price + peak IT kW × colocation × 12 + support × capex + staff FTE × salary."),
        QObject::tr("Break-even months = capex ÷ (cloud cost per month − on-prem opex per month)."),
    }, TextStyle::Body});
}

} // namespace gpuplan::ui::report
