// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ReportFormat.h"

#include "facility/FacilityText.h"
#include "report/TextReport.h"

#include "NumberText.h"

#include <cmath>

namespace gpuplan::ui::report {

QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

QString grouped(double value, int decimals)
{
    return fixedText(value, decimals);
}

QString percent(double fraction, int decimals)
{
    return percentText(fraction, decimals);
}

QString money(const Plan &plan, double usd)
{
    return q(formatMoney(plan, usd));
}

QString exactMoney(const Plan &plan, double usd)
{
    return q(formatMoneyExact(plan, usd));
}

QString bytes(double value)
{
    return bytesText(value);
}

QString duration(double seconds)
{
    return secondsText(seconds);
}

QString count(double value)
{
    return countText(value);
}

QString kw(double kilowatts)
{
    return powerText(kilowatts * 1e3);
}

QString weeks(double value)
{
    return amountText(value, QStringLiteral("week"), QStringLiteral("weeks"));
}

QString modelName(const Plan &plan)
{
    if (!plan.model.name.empty())
        return q(plan.model.name);
    return plan.model.preset.empty() ? QStringLiteral("custom model") : q(plan.model.preset);
}

QString counted(double n, const QString &one, const QString &many)
{
    return countedText(std::llround(n), one, many);
}

} // namespace gpuplan::ui::report
