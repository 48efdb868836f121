// SPDX-License-Identifier: GPL-3.0-or-later
// "Alternatives considered" of the plan report: the procurement planner (core/procure) run for the
// plan's training workload with the plan's own time to train as the deadline, the cheapest and the
// fastest options across GPUs and ways of paying, and how the plan compares with them.
#include "report/ReportFormat.h"
#include "report/ReportSections.h"

#include "document/PlanController.h"

#include "common/EnumNames.h"
#include "facility/CostVerdict.h"
#include "procure/Procurement.h"

#include <algorithm>
#include <cmath>

namespace gpuplan::ui::report {

namespace {

constexpr int kShown = 5;
constexpr double kDayS = 86400.0;

// An option as people write it, never a catalog id: "512 × NVIDIA B200 SXM 180GB, Lambda, 8 × …
// instances, spot*" (the GPU's and the offer's display names, facility/CostVerdict.h).
QString optionName(const Catalog &catalog, const ProcureOption &o)
{
    const GpuSpec *gpu = catalog.findGpu(o.gpu);
    const QString gpuName = gpu && !gpu->name.empty() ? q(gpu->name) : q(o.gpu);
    const CloudOffer *offer = o.offer.empty() ? nullptr : catalog.findCloud(o.offer);
    const QString offerText =
        offer ? QString::fromStdString(offer->provider + ", " + std::to_string(offer->gpusPerInstance) + " × " +
                                       (gpu && !gpu->name.empty() ? gpu->name : o.gpu) + " instances")
              : q(o.provider);
    const QString rent = QObject::tr("%1, %2%3").arg(offerText, QString::fromUtf8(pricingLabel(o.term)),
                                                     o.priceEstimated ? QStringLiteral("*") : QString());
    if (o.acquisition == Acquisition::Hybrid && o.parts.size() == 2)
        return QObject::tr("%1 × %2, owned after %3 rented (%4) for the first %5 % of the tokens")
            .arg(grouped(o.numGpus), gpuName, grouped(o.parts[1].numGpus), rent)
            .arg(std::round(o.parts[1].tokenShare * 100));
    return QObject::tr("%1 × %2, %3").arg(grouped(o.numGpus), gpuName, o.acquisition == Acquisition::Buy ? QObject::tr("bought") : rent);
}

Table optionTable(const QString &id, const Catalog &catalog, const Plan &p, const ProcureResult &r,
                  const std::vector<int> &shown)
{
    Table t;
    t.id = id;
    t.columns = {{QObject::tr("Option"), 2.6, false},
                 {QObject::tr("Layout"), 1.2, false},
                 {QObject::tr("Time to train"), 0.9, true},
                 {QObject::tr("Cash"), 0.8, true},
                 {QObject::tr("Cost of ownership"), 0.9, true},
                 {QObject::tr("Peak facility power"), 0.9, true}};
    for (int i : shown) {
        const ProcureOption &o = r.options[static_cast<std::size_t>(i)];
        t.rows.push_back({{optionName(catalog, o),
                           QObject::tr("TP %1 PP %2 DP %3%4").arg(o.layout.tp).arg(o.layout.pp).arg(o.layout.dp)
                               .arg(o.layout.cp > 1 ? QObject::tr(" CP %1").arg(o.layout.cp) : QString()),
                           duration(o.timeToTrainDays * kDayS), money(p, o.cashUsd), money(p, o.tcoUsd), kw(o.facilityKw)}});
    }
    return t;
}

} // namespace

void addAlternatives(ReportDocument &doc, const SectionInput &in)
{
    const Plan &p = in.plan;
    const Evaluation &e = in.evaluation;
    if (p.workload.mode != Mode::Training || !(e.reliability.effectiveTimeToTrainS > 0))
        return;
    doc.add(Heading{in.prefix + QObject::tr("Alternatives considered"), 1});
    const Catalog &catalog = in.controller.catalog();
    // The plan as its verdict pays for it (facility/CostVerdict.h), done by the day it would be:
    // bought, after the procurement and installation weeks; rented, from the start.
    const CostVerdict v = costVerdict(in.resolved, e);
    const bool bought = v.decided && v.choice == VerdictChoice::Buy;
    const double planFinishDays = e.reliability.effectiveTimeToTrainS / kDayS +
                                  (bought ? 7.0 * (p.facility.procurementWeeks + p.facility.installWeeks) : 0.0);
    ProcureRequest request;
    request.deadlineDays = planFinishDays;
    ProcureResult r;
    std::string error;
    if (!procure(p, in.controller.catalog(), request, r, error)) {
        doc.add(Paragraph{q(error)});
        return;
    }
    doc.add(Paragraph{QObject::tr("The same training run (model, tokens, batch, precision) was planned on every catalog GPU "
                                  "with a node and the plan's precision (%1 types), at GPU counts doubling from one node, "
                                  "bought with this plan's facility assumptions or rented from each cloud offer on demand, "
                                  "reserved for 1 or 3 years, and spot, or owned with a larger rented cluster training the first "
                                  "quarter, half or three quarters of the tokens, each with its fastest parallel layout: %2 options. "
                                  "Constraint: done by day %3 after the order, when the plan itself would be (%4 of training "
                                  "with failures%5). Cash is over "
                                  "the run (buying: capex + operations − resale; cloud: rent, reservation terms in full); "
                                  "the cost of ownership is the run's share when the hardware stays busy afterwards. * = "
                                  "the offer publishes no price for that option: on-demand less the plan's discount.")
                          .arg(r.gpusExplored.size())
                          .arg(grouped(static_cast<double>(r.options.size())))
                          .arg(grouped(planFinishDays, 0), duration(e.reliability.effectiveTimeToTrainS),
                               bought ? QObject::tr(" after the lead time") : QString())});

    std::vector<int> feasible;
    for (int i = 0; i < static_cast<int>(r.options.size()); ++i) {
        if (r.options[static_cast<std::size_t>(i)].feasible)
            feasible.push_back(i);
    }
    auto by = [&](auto key) {
        std::vector<int> v = feasible;
        std::stable_sort(v.begin(), v.end(), [&](int a, int b) { return key(r.options[static_cast<std::size_t>(a)]) < key(r.options[static_cast<std::size_t>(b)]); });
        v.resize(std::min<std::size_t>(v.size(), kShown));
        return v;
    };
    // Published prices first: an estimated price (*) stands for an offer the provider may not sell.
    const std::vector<int> cheapest = by([](const ProcureOption &o) { return std::make_pair(o.priceEstimated, o.cashUsd); });
    const std::vector<int> fastest = by([](const ProcureOption &o) { return o.timeToTrainDays; });
    doc.add(Heading{QObject::tr("Cheapest in cash, finishing in time"), 2});
    doc.add(optionTable(QStringLiteral("alternatives-cash"), catalog, p, r, cheapest));
    if (r.bestEstimated >= 0) {
        const ProcureOption &e = r.options[static_cast<std::size_t>(r.bestEstimated)];
        doc.add(Paragraph{QObject::tr("Options at published prices come first. Cheaper only at an estimated price: %1 at %2 "
                                      "in cash over %3; not chosen, since the offer publishes no such price.")
                              .arg(optionName(catalog, e), money(p, e.cashUsd), duration(e.timeToTrainDays * kDayS))});
    }
    doc.add(Heading{QObject::tr("Fastest"), 2});
    doc.add(optionTable(QStringLiteral("alternatives-time"), catalog, p, r, fastest));

    // The plan's own cash is its verdict's: one figure, the same as the summary's and the cost section's.
    const double planCash = v.cashUsd;
    const QString planWay = v.decided ? QObject::tr("%1 %2").arg(QString::fromUtf8(verdictWord(v)).toLower(), q(v.offer))
                                      : QObject::tr("not priced");
    QString why;
    if (cheapest.empty()) {
        why = QObject::tr("No alternative finishes within the plan's time.");
    } else {
        const ProcureOption &best = r.options[static_cast<std::size_t>(cheapest.front())];
        why = planCash <= best.cashUsd * 1.0001
                  ? QObject::tr("The plan as its verdict pays for it (%4) is the cheapest way found to finish by then: %1 "
                                "in cash against %2 for the cheapest alternative (%3).")
                        .arg(money(p, planCash), money(p, best.cashUsd), optionName(catalog, best), planWay)
                  : QObject::tr("An alternative finishes by then for less cash: %1 at %2, against %3 for the plan (%4). What the "
                                "planner does not weigh may still decide for the plan: availability of the GPUs and of "
                                "capacity at that provider, lead times, an existing site or contract, and prices marked *.")
                        .arg(optionName(catalog, best), money(p, best.cashUsd), money(p, planCash), planWay);
    }
    doc.add(Paragraph{why, TextStyle::Body, QObject::tr("Why this plan: ")});
}

} // namespace gpuplan::ui::report
