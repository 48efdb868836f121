// SPDX-License-Identifier: GPL-3.0-or-later
#include "NumberText.h"

#include "common/Format.h"

#include <cmath>

namespace gpuplan::ui {

namespace {

QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

} // namespace

QString secondsText(double seconds)
{
    return q(formatDuration(seconds));
}

QString usdText(double usd)
{
    if (!std::isfinite(usd))
        return QStringLiteral("—");
    const QString text = q(formatUsd(std::fabs(usd)));
    return usd < 0 ? QStringLiteral("−") + text : text;
}

QString percentText(double fraction, int decimals)
{
    return q(formatPercent(fraction, decimals));
}

QString powerText(double watts)
{
    return q(formatPower(watts));
}

QString bytesText(double bytes)
{
    return q(formatBytes(bytes));
}

QString storageText(double bytes)
{
    return q(formatStorage(bytes));
}

QString groupedText(long long n)
{
    return q(grouped(n));
}

QString countText(double value)
{
    return q(formatCount(value)).trimmed();
}

QString countedText(long long n, const QString &singular, const QString &plural)
{
    return groupedText(n) + QLatin1Char(' ') + (n == 1 ? singular : plural);
}

QString fixedText(double value, int decimals)
{
    return q(formatFixed(value, decimals));
}

} // namespace gpuplan::ui
