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
    return q(formatUsdTypeset(usd));
}

QString usdExactText(double usd)
{
    return q(formatCurrencyExact(usd, "USD"));
}

QString signedUsdText(double usd)
{
    return q(formatUsdTypeset(usd, true));
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

QString gibText(double bytes, int decimals)
{
    return q(formatGib(bytes, decimals));
}

QString gibPairText(double used, double capacity, int decimals)
{
    return q(formatGibPair(used, capacity, decimals));
}

QString soldGbText(double bytes)
{
    return q(formatSoldGb(bytes));
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

QString amountText(double value, const QString &singular, const QString &plural)
{
    // The rule's number and its choice of noun, with the caller's (translated) nouns.
    return q(formatAmountNumber(value)) + QLatin1Char(' ') + (amountIsSingular(value) ? singular : plural);
}

QString monthsText(double months)
{
    return q(formatMonths(months));
}

QString boundText(double value)
{
    return q(formatBound(value));
}

QString pueText(double pue)
{
    return q(formatPue(pue));
}

QString significantText(double value)
{
    return q(formatSignificant(value));
}

QString fixedText(double value, int decimals)
{
    return q(formatFixed(value, decimals));
}

} // namespace gpuplan::ui
