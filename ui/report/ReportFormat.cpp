// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ReportFormat.h"

#include "facility/FacilityText.h"
#include "report/TextReport.h"

#include <QLocale>

#include <cmath>

namespace gpuplan::ui::report {

namespace {

// The report is written in English whatever the desktop's language: one fixed locale.
const QLocale &english()
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}

} // namespace

QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

QString grouped(double value, int decimals)
{
    if (!std::isfinite(value))
        return QStringLiteral("-");
    return english().toString(value, 'f', decimals);
}

QString percent(double fraction, int decimals)
{
    return grouped(fraction * 100.0, decimals) + QLatin1Char('%');
}

QString money(const Plan &plan, double usd)
{
    return q(formatMoney(plan, usd));
}

QString exactMoney(const Plan &plan, double usd)
{
    const double value = usd * plan.cost.usdToCurrency;
    const QString digits = grouped(value, value != 0 && std::fabs(value) < 100 ? 2 : 0);
    if (plan.cost.currency.empty() || plan.cost.currency == "USD")
        return QLatin1Char('$') + digits;
    return digits + QLatin1Char(' ') + q(plan.cost.currency);
}

QString bytes(double value)
{
    return q(formatBytes(value));
}

QString duration(double seconds)
{
    return q(formatDuration(seconds));
}

QString count(double value)
{
    return q(formatCount(value)).trimmed();
}

QString kw(double kilowatts)
{
    return grouped(kilowatts, kilowatts < 100 ? 1 : 0) + QStringLiteral(" kW");
}

QString weeks(double value)
{
    return grouped(value, value == std::floor(value) ? 0 : 1) + (value == 1.0 ? QStringLiteral(" week") : QStringLiteral(" weeks"));
}

QString modelName(const Plan &plan)
{
    if (!plan.model.name.empty())
        return q(plan.model.name);
    return plan.model.preset.empty() ? QStringLiteral("custom model") : q(plan.model.preset);
}

QString counted(double n, const QString &one, const QString &many)
{
    return grouped(n) + QLatin1Char(' ') + (n == 1.0 ? one : many);
}

} // namespace gpuplan::ui::report
