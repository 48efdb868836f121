// SPDX-License-Identifier: GPL-3.0-or-later
#include "budget/BudgetText.h"

#include "NumberText.h"

#include "common/Format.h"

#include <QCoreApplication>
#include <QStringList>

#include <cmath>

namespace gpuplan::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("BudgetText", text);
}

} // namespace

QString acquisitionText(const ProcureOption &o)
{
    switch (o.acquisition) {
    case Acquisition::Buy: return tr("buy");
    case Acquisition::Cloud: return tr("cloud");
    case Acquisition::Hybrid: return tr("own + cloud");
    }
    return {};
}

QString cloudTermText(CloudPricing term)
{
    switch (term) {
    case CloudPricing::OnDemand: return tr("on demand");
    case CloudPricing::Reserved1y: return tr("1-year reserved");
    case CloudPricing::Reserved3y: return tr("3-year reserved");
    case CloudPricing::Spot: return tr("spot");
    }
    return {};
}

QString offerTermText(const ProcureOption &o)
{
    if (o.acquisition == Acquisition::Buy)
        return tr("own");
    const QString offer = QString::fromStdString(o.provider.empty() ? o.offer : o.provider);
    const QString rent = QStringLiteral("%1, %2%3").arg(offer, cloudTermText(o.term), o.priceEstimated ? QStringLiteral("*") : QString());
    if (o.acquisition != Acquisition::Hybrid || o.parts.size() != 2)
        return rent;
    const HybridPart &burst = o.parts[1];
    return tr("%1 GPUs from %2 for the first %3 % of the tokens")
        .arg(QString::fromStdString(grouped(burst.numGpus)), rent)
        .arg(std::round(burst.tokenShare * 100));
}

QString layoutText(const Layout &l)
{
    QStringList parts{QStringLiteral("TP %1").arg(l.tp), QStringLiteral("PP %1").arg(l.pp), QStringLiteral("DP %1").arg(l.dp)};
    if (l.cp > 1)
        parts << QStringLiteral("CP %1").arg(l.cp);
    if (l.ep > 1)
        parts << QStringLiteral("EP %1").arg(l.ep);
    return parts.join(QStringLiteral(" · "));
}

QString optionName(const ProcureOption &o)
{
    const QString way = o.acquisition == Acquisition::Buy     ? tr("buy")
                        : o.acquisition == Acquisition::Cloud ? tr("cloud (%1)").arg(offerTermText(o))
                                                              : tr("owned, then %1").arg(offerTermText(o));
    return QStringLiteral("%1 × %2, %3").arg(QString::fromStdString(grouped(o.numGpus)), QString::fromStdString(o.gpu), way);
}

QString hybridPhasesText(const ProcureOption &o)
{
    if (o.parts.size() != 2)
        return {};
    const HybridPart &own = o.parts[0], &burst = o.parts[1];
    return tr("First %1 GPUs rented (%2) for %3, %4; then the owned %5 GPUs (%6) for %7, %8 in cash over the whole run")
        .arg(QString::fromStdString(grouped(burst.numGpus)), layoutText(burst.layout), daysText(burst.days), usdShort(burst.cashUsd),
             QString::fromStdString(grouped(own.numGpus)), layoutText(own.layout), daysText(own.days), usdShort(own.cashUsd));
}

QString daysText(double days)
{
    return secondsText(days * 86400.0);
}

QString limitDaysText(double days)
{
    return amountText(days, tr("day"), tr("days"));
}

QString usdShort(double usd)
{
    return usdText(usd);
}

QString kwText(double kw)
{
    return powerText(kw * 1e3);
}

QString violationsText(const ProcureOption &o)
{
    QStringList parts;
    for (const Violation &v : o.violations) {
        switch (v.constraint) {
        case Constraint::Deadline:
            parts << tr("deadline: takes %1, over %2").arg(daysText(v.value), daysText(v.limit));
            break;
        case Constraint::Budget:
            parts << tr("budget: costs %1, over %2").arg(usdShort(v.value), usdShort(v.limit));
            break;
        case Constraint::SitePower:
            parts << tr("site power: needs %1, over %2").arg(kwText(v.value), kwText(v.limit));
            break;
        }
    }
    return parts.join(QStringLiteral("; "));
}

QString objectiveText(ProcureObjective objective)
{
    switch (objective) {
    case ProcureObjective::Cash: return tr("cash");
    case ProcureObjective::Tco: return tr("cost of ownership");
    case ProcureObjective::Time: return tr("time to train");
    case ProcureObjective::Energy: return tr("energy");
    }
    return {};
}

} // namespace gpuplan::ui
