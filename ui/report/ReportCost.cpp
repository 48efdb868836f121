// SPDX-License-Identifier: GPL-3.0-or-later
// Cost tables of the plan report: capex, yearly opex, cloud options and the cost sensitivity.
#include "report/ReportFormat.h"
#include "report/ReportSections.h"

#include "document/PlanController.h"

#include "common/EnumNames.h"
#include "evaluator/Evaluator.h"
#include "facility/CostVerdict.h"
#include "facility/FacilityText.h"
#include "facility/Sensitivity.h"
#include "facility/TokenPrice.h"
#include "common/Format.h"

namespace gpuplan::ui::report {

namespace {

constexpr CloudPricing kPricings[] = {CloudPricing::OnDemand, CloudPricing::Reserved1y, CloudPricing::Reserved3y,
                                      CloudPricing::Spot};
constexpr int kMaxOffers = 8;

// The plan's cloud cost with another offer or purchase option: the same plan evaluated again, so
// every option is priced by the cost model itself (reservations billed over their term, spot
// re-runs, overhead). Negative when that combination has no price.
double cloudTotal(const SectionInput &in, const CloudOffer &offer, CloudPricing pricing, double &perGpuHour)
{
    Plan variant = in.plan;
    variant.cost.cloudOffer = offer.id;
    variant.cost.cloudPricing = pricing;
    ResolvedPlan resolved;
    std::vector<ResolveError> errors;
    if (!resolvePlan(variant, in.controller.catalog(), resolved, errors))
        return -1;
    const Evaluation e = evaluate(resolved);
    if (e.cost.isMissing(MissingInput::CloudPrice))
        return -1;
    perGpuHour = e.cost.cloudPerGpuHourUsd;
    return e.cost.cloudTotalUsd;
}

void addCloudOptions(ReportDocument &doc, const SectionInput &in)
{
    const Plan &p = in.plan;
    const Evaluation &e = in.evaluation;
    const CostResult &c = e.cost;
    Table t;
    t.id = QStringLiteral("cloud");
    t.columns = {{QObject::tr("Cloud offer"), 2.2, false}};
    for (CloudPricing pricing : kPricings)
        t.columns.push_back({QString::fromUtf8(nameOf(cloudPricingNames(), pricing)).replace(QLatin1Char('_'), QLatin1Char(' ')), 1.0, true});
    if (p.cost.cloudGpuHourUsd >= 0) {
        // A negotiated price replaces the offers: one row, the plan's own option.
        QStringList cells{QObject::tr("Price set in the plan: %1 per GPU-hour").arg(exactMoney(p, p.cost.cloudGpuHourUsd))};
        for (CloudPricing pricing : kPricings)
            cells << (pricing == p.cost.cloudPricing ? money(p, c.cloudTotalUsd) : QStringLiteral("-"));
        t.rows.push_back({cells});
    } else if (in.resolved.gpu) {
        int shown = 0;
        for (const CloudOffer &offer : in.controller.catalog().clouds) {
            // The offers the cost verdict is held against: this GPU, instances that can make the
            // plan's cluster (facility/CostVerdict.h).
            if (offer.gpu != in.resolved.gpu->id || shown == kMaxOffers ||
                !offerCanHost(offer, deployedGpus(e), in.resolved.gpusPerNode))
                continue;
            ++shown;
            QStringList details;
            for (const std::string &d : {offer.region, offer.date}) {
                if (!d.empty())
                    details << q(d);
            }
            QStringList cells{q(offer.provider) + QLatin1Char(' ') + q(offer.instance) +
                              (details.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(details.join(QStringLiteral(", "))))};
            for (CloudPricing pricing : kPricings) {
                double perHour = 0;
                const double total = cloudTotal(in, offer, pricing, perHour);
                cells << (total < 0 ? QStringLiteral("-")
                                    : money(p, total) + QChar(QChar::LineSeparator) + QObject::tr("%1/GPU-h").arg(exactMoney(p, perHour)));
            }
            const bool chosen = in.resolved.cloud && in.resolved.cloud->id == offer.id;
            if (chosen)
                cells[0] += QObject::tr(" - plan's offer");
            t.rows.push_back({cells});
        }
    }
    const bool training = p.workload.mode == Mode::Training;
    t.note = (training ? QObject::tr("Cost of the training run (%1 GPU-hours with failures and restarts)").arg(grouped(c.gpuHours))
                       : QObject::tr("Cost of serving over %1").arg(q(formatMonths(p.cost.horizonMonths)))) +
             QObject::tr(" for each offer of this GPU and each purchase option, with %1 for storage, egress and services. "
                         "Reservations bill every hour of their term; spot adds %2 of re-run work. Prices without a "
                         "published reserved or spot rate use the plan's discounts.")
                 .arg(percent(p.cost.cloudOverheadFraction), percent(p.cost.spotInterruptionPenalty));
    if (t.rows.empty())
        t.rows.push_back({{QObject::tr("No cloud offer in the catalog for this GPU")}});
    doc.add(std::move(t));
}

// A serving plan's price per token and the published API prices of its model class beside it, in the
// words of the CLI (facility/FacilityText.h).
void addTokenPrice(ReportDocument &doc, const Plan &p, const TokenPrice &t)
{
    doc.add(Heading{QObject::tr("Price per token"), 2});
    doc.add(Paragraph{q(tokenPriceText(p, t)), TextStyle::Body, {}});
    if (t.api.empty()) {
        doc.add(Paragraph{q(apiPricesText(t)), TextStyle::Body, QObject::tr("Published API prices: ")});
        return;
    }
    Table api;
    api.id = QStringLiteral("api_prices");
    api.columns = {{t.apiClass == ApiClass::SameClass ? QObject::tr("API, models of its class") : QObject::tr("API, the nearest size"), 2.4, false},
                   {QObject::tr("Input per M tokens"), 0.8, true},
                   {QObject::tr("Output per M tokens"), 0.8, true},
                   {QObject::tr("Price date"), 1.4, false}};
    constexpr std::size_t kRows = 8;
    for (std::size_t i = 0; i < t.api.size() && i < kRows; ++i) {
        const ApiPrice &a = *t.api[i].price;
        const auto date = a.sources.find("output_usd_per_mtok");
        api.rows.push_back({{q(a.provider + " " + a.apiModel) + (t.api[i].sameModel ? QObject::tr(" (same model)") : QString()),
                             q(formatUsd(a.inputUsdPerMtok)), q(formatUsd(a.outputUsdPerMtok)),
                             date != a.sources.end() ? q(date->second.date) : QString()}});
    }
    doc.add(std::move(api));
}

} // namespace

void addCosts(ReportDocument &doc, const SectionInput &in)
{
    const Plan &p = in.plan;
    const CostResult &c = in.evaluation.cost;
    doc.add(Heading{in.prefix + QObject::tr("Cost"), 1});

    doc.add(Heading{QObject::tr("Capital expenditure (on-prem)"), 2});
    Table capex;
    capex.id = QStringLiteral("capex");
    capex.columns = {{QObject::tr("Capex"), 2.6, false}, {QObject::tr("Amount"), 1.0, true}};
    capex.rows.push_back({{QObject::tr("Hardware (bill of materials)"), exactMoney(p, c.capexHardwareUsd)}});
    capex.rows.push_back({{p.cost.ownFacility ? QObject::tr("Own facility fit-out (%1 per kW)").arg(exactMoney(p, p.cost.facilityFitoutUsdPerKw))
                                              : QObject::tr("Facility fit-out (none: colocation)"),
                           exactMoney(p, c.capexFacilityUsd)}});
    capex.rows.push_back({{QObject::tr("Total capex"), exactMoney(p, c.onpremCapexUsd)}, RowKind::Total});
    doc.add(std::move(capex));

    doc.add(Heading{QObject::tr("Yearly cost of owning the cluster"), 2});
    Table opex;
    opex.id = QStringLiteral("opex");
    opex.columns = {{QObject::tr("Per year"), 2.6, false}, {QObject::tr("Amount"), 1.0, true}};
    auto orow = [&opex](const QString &a, const QString &b, RowKind kind = RowKind::Normal) { opex.rows.push_back({{a, b}, kind}); };
    orow(QObject::tr("Depreciation over %1 years, %2 residual value%3")
             .arg(grouped(p.cost.depreciationYears), percent(p.cost.residualFraction),
                  p.cost.financingRate > 0 ? QObject::tr(", %1 financing").arg(percent(p.cost.financingRate, 1)) : QString()),
         exactMoney(p, c.capitalPerYearUsd));
    orow(QObject::tr("Electricity at %1 per kWh").arg(exactMoney(p, p.cost.electricityUsdPerKwh)), exactMoney(p, c.energyPerYearUsd));
    if (!p.cost.ownFacility)
        orow(QObject::tr("Colocation at %1 per kW-month").arg(exactMoney(p, p.cost.coloUsdPerKwMonth)), exactMoney(p, c.coloPerYearUsd));
    orow(QObject::tr("Hardware support (%1 of hardware per year)").arg(percent(p.cost.supportFraction)), exactMoney(p, c.supportPerYearUsd));
    orow(QObject::tr("Operations staff (%1 FTE)").arg(grouped(c.staffFte, 1)), exactMoney(p, c.staffPerYearUsd));
    orow(QObject::tr("Operating cost per year"), exactMoney(p, c.onpremOpexPerYearUsd), RowKind::Total);
    orow(QObject::tr("Total cost of ownership per year"), exactMoney(p, c.onpremPerYearUsd), RowKind::Total);
    orow(QObject::tr("Per useful GPU-hour at %1 utilization").arg(percent(p.cost.onpremUtilization)), exactMoney(p, c.onpremPerGpuHourUsd));
    doc.add(std::move(opex));

    doc.add(Heading{QObject::tr("Cloud options"), 2});
    addCloudOptions(doc, in);

    doc.add(Heading{QObject::tr("Cloud against on-prem"), 2});
    Table versus;
    versus.id = QStringLiteral("verdict");
    versus.columns = {{QObject::tr("Comparison"), 2.6, false}, {QObject::tr("Value"), 1.0, true}};
    const bool training = p.workload.mode == Mode::Training;
    versus.rows.push_back({{QObject::tr("Cloud, plan's offer and option (%1)").arg(QString::fromUtf8(nameOf(cloudPricingNames(), p.cost.cloudPricing))),
                            c.isMissing(MissingInput::CloudPrice) ? QObject::tr("no price") : money(p, c.cloudTotalUsd)}});
    versus.rows.push_back({{training ? QObject::tr("On-prem, the run's share of the cost of ownership")
                                     : QObject::tr("On-prem over the horizon"),
                            money(p, c.onpremTotalUsd)}});
    versus.rows.push_back({{QObject::tr("On-prem cash over %1: capex %2 + operations %3 − resale %4")
                                .arg(duration(c.cashHorizonS), money(p, c.onpremCapexUsd), money(p, c.onpremOperationsUsd),
                                     money(p, c.onpremResaleUsd)),
                            money(p, c.onpremCashUsd)}});
    if (c.cloudTermsBilled > 0)
        versus.rows.push_back({{QObject::tr("Cloud cash, %1 reservation term(s) billed in full").arg(grouped(c.cloudTermsBilled)),
                                money(p, c.cloudCashUsd)}});
    // The verdict row is the one verdict of the core (facility/CostVerdict.h): its word, offer and cash.
    const CostVerdict verdict = costVerdict(in.resolved, in.evaluation);
    versus.rows.push_back({{verdict.decided ? QObject::tr("Verdict: %1 %2").arg(QString::fromUtf8(verdictWord(verdict)), q(verdict.offer))
                                            : QObject::tr("Verdict: none (%1)").arg(q(verdict.reason)),
                            verdict.decided ? money(p, verdict.cashUsd) : QString()}, RowKind::Total});
    versus.rows.push_back({{QObject::tr("Up front (capex before the run)"), money(p, verdict.upfrontUsd)}});
    versus.rows.push_back({{QObject::tr("Break-even (use until owning beats renting)"), q(breakEvenText(p, c))}});
    versus.rows.push_back({{QObject::tr("On-prem utilization at which both cost the same"),
                            c.breakEvenUtilizationNever ? QObject::tr("none up to 100%") : percent(c.breakEvenUtilization)}});
    versus.rows.push_back({{QObject::tr("Cost per million tokens"), exactMoney(p, c.perMillionTokensUsd)}});
    doc.add(std::move(versus));
    if (p.workload.mode == Mode::Inference)
        addTokenPrice(doc, p, tokenPrice(in.resolved, in.evaluation, verdict));

    if (c.sensitivityCount > 0) {
        doc.add(Heading{QObject::tr("What moves the cost"), 2});
        Table s;
        s.id = QStringLiteral("sensitivity");
        s.columns = {{QObject::tr("Assumption (−20% / +20%)"), 2.0, false},
                     {QObject::tr("Total at −20%"), 1.0, true},
                     {QObject::tr("Total at +20%"), 1.0, true},
                     {QObject::tr("Swing"), 0.8, true}};
        const auto infos = sensitivityAssumptions();
        for (int i = 0; i < c.sensitivityCount; ++i) {
            const SensitivityEntry &entry = c.sensitivity[static_cast<std::size_t>(i)];
            const QString label = entry.assumption >= 0 && entry.assumption < static_cast<int>(infos.size())
                                      ? QString::fromUtf8(infos[static_cast<std::size_t>(entry.assumption)].label)
                                      : QString();
            s.rows.push_back({{label, money(p, entry.lowUsd), money(p, entry.highUsd), money(p, std::abs(entry.highUsd - entry.lowUsd))}});
        }
        s.note = QObject::tr("Total cost of the %1 option with one assumption moved by 20% and the others held.")
                     .arg(c.sensitivityBasis == CostBasis::Cloud ? QObject::tr("cloud") : QObject::tr("on-prem"));
        doc.add(std::move(s));
    }
}

} // namespace gpuplan::ui::report
