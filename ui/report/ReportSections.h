// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/ReportDocument.h"

#include "portfolio/PortfolioPlans.h"

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "search/ElasticFallback.h"

#include <QDate>

// The sections of the plan report, each appending its blocks to the document (PlanReport.cpp
// puts them in order). Internal to ui/report.
namespace gpuplan::ui {
class PlanController;
}

namespace gpuplan::ui::report {

struct SectionInput
{
    const PlanController &controller;     // the plan, its catalog and the comparison GPUs
    const Plan &plan;
    const ResolvedPlan &resolved;
    const Evaluation &evaluation;         // with the cost sensitivity
    const ScalingResult &scaling;
    const ElasticResult &elastic;         // enabled only for an elastic training plan
    QString prefix;                       // "" for one plan; "Plan 2: " in a comparison report
};

// Cover and summary (ReportSummary.cpp).
void addCover(ReportDocument &doc, const QString &title, const QStringList &planNames, const QString &preparedBy,
              const QDate &date, const QString &generator);
void addExecutiveSummary(ReportDocument &doc, const SectionInput &in);
QString recommendation(const SectionInput &in);
QString capacityText(const SectionInput &in);   // time to train, or serving capacity

// Hardware, facility and money (ReportHardware.cpp, ReportCost.cpp).
void addBillOfMaterials(ReportDocument &doc, const SectionInput &in);
void addFacility(ReportDocument &doc, const SectionInput &in);
void addCosts(ReportDocument &doc, const SectionInput &in);
// Other GPUs, counts and ways of paying for the same training run (ReportAlternatives.cpp).
void addAlternatives(ReportDocument &doc, const SectionInput &in);
void addElastic(ReportDocument &doc, const SectionInput &in);   // ReportElastic.cpp; nothing when not elastic
// Replicas, P99 latencies and start-up of a serving plan (ReportServing.cpp); nothing for training.
void addServingCapacity(ReportDocument &doc, const SectionInput &in);

// Drawings (ReportCharts.cpp): memory per GPU, scaling curve, timeline.
void addMemoryChart(ReportDocument &doc, const SectionInput &in);
void addScalingChart(ReportDocument &doc, const SectionInput &in);
void addServingChart(ReportDocument &doc, const SectionInput &in);   // the serving curve; nothing for training
void addTimeline(ReportDocument &doc, const SectionInput &in);
// The Portfolio tab's schedule chart of a shared cluster, as a figure.
Figure portfolioScheduleFigure(const std::vector<PortfolioEntry> &entries, const PortfolioOutcome &outcome);

// Risks, assumptions with the source and date of every price, formulas (ReportAssumptions.cpp).
void addRisks(ReportDocument &doc, const SectionInput &in);
QStringList riskItems(const SectionInput &in);   // most severe first: errors and warnings, missing prices, failures
// Page 1 of a one-plan report (ReportDecision.cpp): what to buy or rent, how many, where, the cash up
// front and over the run, the finish day with the lead time, MW and racks, the three biggest risks
// and the error band, in the words of the cost verdict (facility/CostVerdict.h).
void addDecision(ReportDocument &doc, const SectionInput &in);
void addAssumptions(ReportDocument &doc, const SectionInput &in);
void addFormulaAppendix(ReportDocument &doc);

} // namespace gpuplan::ui::report
