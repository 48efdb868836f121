// SPDX-License-Identifier: GPL-3.0-or-later
// Page 1 of a one-plan report: the decision a buyer signs, before any detail. Every figure is the
// cost verdict's (facility/CostVerdict.h) or the evaluation's, worded as in the rest of the report.
#include "report/ReportFormat.h"
#include "report/ReportSections.h"

#include "common/Units.h"
#include "facility/CostVerdict.h"
#include "common/Format.h"

#include <algorithm>

namespace gpuplan::ui::report {

namespace {

constexpr int kRisksOnPageOne = 3;
constexpr double kWeekS = 7.0 * 86400.0;

// Days from the order to the end of the run: a bought cluster's delivery and installation first;
// rented capacity starts at once (the catalog states no capacity lead time).
QString finishText(const SectionInput &in, const CostVerdict &v)
{
    const Plan &p = in.plan;
    const bool training = p.workload.mode == Mode::Training;
    const double runS = training ? in.evaluation.reliability.effectiveTimeToTrainS : 0.0;
    const bool buy = v.decided && v.choice == VerdictChoice::Buy;
    const double leadS = buy ? (p.facility.procurementWeeks + p.facility.installWeeks) * kWeekS : 0.0;
    if (!training)
        return buy ? QObject::tr("serving from week %1 after the order (%2 weeks procurement + %3 weeks installation)")
                         .arg(grouped(leadS / kWeekS, 0), grouped(p.facility.procurementWeeks, 0), grouped(p.facility.installWeeks, 0))
                   : QObject::tr("serving as soon as the capacity is booked (no lead time stated by the provider)");
    if (buy)
        return QObject::tr("day %1 after the order: %2 weeks procurement + %3 weeks installation, then %4 of training with failures")
            .arg(grouped((leadS + runS) / 86400.0, 0), grouped(p.facility.procurementWeeks, 0),
                 grouped(p.facility.installWeeks, 0), duration(runS));
    return QObject::tr("day %1 after booking: %2 of training with failures (no lead time stated by the provider)")
        .arg(grouped(runS / 86400.0, 0), duration(runS));
}

QString whereText(const SectionInput &in, const CostVerdict &v)
{
    if (!v.decided)
        return QObject::tr("not decided: %1").arg(q(v.reason));
    if (v.choice == VerdictChoice::Buy)
        return in.plan.cost.ownFacility ? QObject::tr("the organisation's own data center")
                                        : QObject::tr("colocation, %1 per kW-month").arg(money(in.plan, in.plan.cost.coloUsdPerKwMonth));
    const CloudOffer *offer = v.cheapestCloud.offer;
    return offer && !offer->region.empty() ? QObject::tr("%1, %2").arg(q(offer->provider), q(offer->region))
                                           : QObject::tr("the provider's data center");
}

QString bandText(const SectionInput &in)
{
    const Evaluation &e = in.evaluation;
    const bool training = in.plan.workload.mode == Mode::Training;
    const double band = training ? e.training.errorBand : e.inference.errorBand;
    QString s;
    if (band <= 0)
        s = QObject::tr("no validation band for this regime");
    else if (training)
        s = QObject::tr("time to train and cost ±%1 (validation against measured runs)").arg(percent(band));
    else
        // Each serving metric has its own band: time to first token is the least certain.
        s = QObject::tr("throughput and cost ±%1, time to first token ±%2, time per output token ±%3 (validation "
                        "against measured runs)")
                .arg(percent(band), percent(e.inference.ttftErrorBand), percent(e.inference.tpotErrorBand));
    if (e.memory.bandFraction > 0)
        s += QObject::tr("; memory per GPU ±%1").arg(percent(e.memory.bandFraction));
    return s;
}

} // namespace

void addDecision(ReportDocument &doc, const SectionInput &in)
{
    const Evaluation &e = in.evaluation;
    const Plan &p = in.plan;
    const CostVerdict v = costVerdict(in.resolved, e);
    doc.add(Heading{QObject::tr("The decision"), 2});
    doc.add(Paragraph{q(v.text), TextStyle::Body, {}});
    Table t;
    t.id = QStringLiteral("decision");
    t.header = false;
    t.columns = {{QObject::tr("Field"), 1.0, false}, {QObject::tr("Value"), 3.0, false}};
    const bool training = p.workload.mode == Mode::Training;
    t.rows.push_back({{v.decided ? (v.choice == VerdictChoice::Rent ? QObject::tr("Rent") : QObject::tr("Buy"))
                                 : QObject::tr("Decision"),
                       v.decided ? q(v.offer) : QObject::tr("no verdict")}});
    t.rows.push_back({{QObject::tr("Where"), whereText(in, v)}});
    // Undecided: what owning costs without the parts the catalog has no price for is a lower bound
    // the signer can still read; with nothing priced the cells say so rather than stay blank.
    const bool lowerBound = !v.decided && v.onpremPartial;
    const QString unpriced = QObject::tr("without the GPUs, servers or switches the catalog has no price for");
    auto undecided = [&](double usd, const QString &tail) {
        return lowerBound ? QObject::tr("at least %1 to own%2 (%3)").arg(money(p, usd), tail, unpriced)
                          : QObject::tr("not known (no published price)");
    };
    t.rows.push_back({{QObject::tr("Cash up front"),
                       v.decided ? money(p, v.upfrontUsd) : undecided(e.cost.onpremCapexUsd, QString())}});
    t.rows.push_back({{training ? QObject::tr("Cash over the run") : QObject::tr("Cash over the horizon"),
                       v.decided ? QObject::tr("%1 over %2").arg(money(p, v.cashUsd), duration(v.horizonS))
                                 : undecided(v.onpremCashUsd, QObject::tr(" over %1").arg(duration(v.horizonS)))}});
    t.rows.push_back({{QObject::tr("Finished"), finishText(in, v)}});
    // A site contract is in MW; a fleet below one MW reads in kW ("0.01 MW" would tell the signer nothing).
    const double runningKw = e.power.facilityKw, peakKw = e.power.peakItKw * p.facility.pue;
    const bool megawatts = peakKw >= 1000.0;
    t.rows.push_back({{QObject::tr("Power and racks"),
                       QObject::tr("%1 facility power running, %2 at peak (PUE %3); %4")
                           .arg(megawatts ? QObject::tr("%1 MW").arg(grouped(runningKw / 1000.0, 2)) : kw(runningKw),
                                megawatts ? QObject::tr("%1 MW").arg(grouped(peakKw / 1000.0, 2)) : kw(peakKw),
                                grouped(p.facility.pue, 2), counted(e.cooling.racks, QObject::tr("rack"), QObject::tr("racks")))}});
    t.rows.push_back({{QObject::tr("Error band"), bandText(in)}});
    doc.add(std::move(t));
    QStringList risks = riskItems(in);
    if (risks.size() > kRisksOnPageOne)
        risks.erase(risks.begin() + kRisksOnPageOne, risks.end());
    doc.add(Paragraph{QObject::tr("The three biggest risks (all in the Risks section):"), TextStyle::Muted, {}});
    doc.add(BulletList{risks, TextStyle::Body});
}

} // namespace gpuplan::ui::report
