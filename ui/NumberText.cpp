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
    // The rule's number, with the caller's (translated) nouns.
    const std::string text = formatAmount(value, "1", "2");
    return q(text.substr(0, text.size() - 1)) + (text.back() == '1' ? singular : plural);
}

QString monthsText(double months)
{
    return q(formatMonths(months));
}

QString boundText(double value)
{
    return q(formatBound(value));
}

QString fixedText(double value, int decimals)
{
    return q(formatFixed(value, decimals));
}

} // namespace gpuplan::ui
