// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/Format.h"

#include "common/Units.h"

#include <cmath>
#include <cstdio>

namespace gpuplan {

namespace {

// One number through a printf format; only this module writes numbers this way.
std::string fmt(const char *format, double v)
{
    char buf[128];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

// Divides by step until the value is below it; the suffix is left out when it is empty.
std::string scaled(double v, const char *const *suffixes, int count, double step, const char *format)
{
    int i = 0;
    double a = std::fabs(v);
    // Round first so 999.96 k becomes "1.00 M", not "1e+03 k".
    while (i + 1 < count && std::round(a * 100.0) / 100.0 >= step * 0.9995) {
        a /= step;
        v /= step;
        ++i;
    }
    char buf[128];
    std::snprintf(buf, sizeof buf, format, v);
    std::string out = buf;
    if (suffixes[i][0] != '\0')
        out += std::string(" ") + suffixes[i];
    return out;
}

// A run of digits with a comma every three from the right: "1234567" -> "1,234,567".
std::string groupDigits(const std::string &digits)
{
    std::string out;
    const int len = static_cast<int>(digits.size());
    for (int i = 0; i < len; ++i) {
        if (i > 0 && (len - i) % 3 == 0)
            out += ',';
        out += digits[static_cast<std::size_t>(i)];
    }
    return out;
}

// Three significant digits, but whole numbers above 100 written out ("1,234" not "1.23e+03").
std::string threeDigits(double v)
{
    const double a = std::fabs(v);
    if (a >= 999.5)
        return (v < 0 ? "-" : "") + grouped(static_cast<long long>(std::llround(a)));
    if (a >= 99.95)
        return fmt("%.0f", v);
    if (a >= 9.995)
        return fmt("%.1f", v);
    return fmt("%.2f", v);
}

} // namespace

std::string grouped(long long n)
{
    const bool negative = n < 0;
    unsigned long long u = negative ? 0ull - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
    const std::string out = groupDigits(std::to_string(u));
    return negative ? "-" + out : out;
}

std::string formatSignificant(double value)
{
    if (!std::isfinite(value))
        return "-";
    const double a = std::fabs(value);
    if (a == 0.0 || a >= 0.9995)
        return threeDigits(value);
    // Below one, as many decimals as three significant digits take: "0.500", "0.0412".
    const int decimals = 2 - static_cast<int>(std::floor(std::log10(a)));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals > 12 ? 12 : decimals, value);
    return buf;
}

std::string formatScientific(double value, int significant)
{
    if (!std::isfinite(value))
        return "-";
    significant = significant < 1 ? 1 : significant > 17 ? 17 : significant;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", significant, value);
    std::string text = buf;
    // "6.55e+04" -> "6.55e4", "6.1e-05" -> "6.1e-5".
    const std::size_t e = text.find('e');
    if (e == std::string::npos)
        return text;
    std::string exponent = text.substr(e + 1);
    const bool negative = !exponent.empty() && exponent[0] == '-';
    if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-'))
        exponent.erase(0, 1);
    while (exponent.size() > 1 && exponent[0] == '0')
        exponent.erase(0, 1);
    return text.substr(0, e + 1) + (negative ? "-" : "") + exponent;
}

std::string formatFlop(double flop)
{
    if (!std::isfinite(flop))
        return "-";
    if (std::fabs(flop) >= 999.5e18)
        return formatScientific(flop, 3) + " FLOP";
    static const char *const prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    int i = 0;
    double a = flop;
    while (i + 1 < 7 && std::fabs(a) >= 999.5) {
        a /= 1000.0;
        ++i;
    }
    return threeDigits(a) + " " + prefixes[i] + "FLOP";
}

std::string formatFlopRate(double flopPerSecond)
{
    return formatSignificant(flopPerSecond / 1e12) + " TFLOP/s";
}

std::string counted(long long n, const char *singular, const char *plural)
{
    return grouped(n) + " " + (n == 1 ? singular : plural);
}

std::string formatBytes(double bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int i = 0;
    double a = bytes;
    while (std::fabs(a) >= 1024.0 && i + 1 < 6) {
        a /= 1024.0;
        ++i;
    }
    return fmt("%.1f", a) + " " + units[i];
}

std::string formatGib(double bytes, int decimals)
{
    return formatFixed(bytes / units::kGiB, decimals) + " GiB";
}

std::string formatGibPair(double used, double capacity, int decimals)
{
    return formatFixed(used / units::kGiB, decimals) + " / " + formatGib(capacity, decimals);
}

std::string formatSoldGb(double bytes)
{
    const double gb = bytes / 1e9;
    return formatFixed(gb, std::fabs(gb - std::round(gb)) < 0.05 ? 0 : 1) + " GB";
}

std::string formatStorage(double bytes)
{
    static const char *const units[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
    int i = 0;
    double a = bytes;
    while (std::fabs(a) >= 999.5 && i + 1 < 7) {
        a /= 1000.0;
        ++i;
    }
    return threeDigits(a) + " " + units[i];
}

std::string formatDuration(double s)
{
    if (!std::isfinite(s))
        return "-";
    const double a = std::fabs(s);
    if (a == 0.0)
        return "0 s";
    // Three significant digits below two minutes, in the unit that keeps the number from 1 to 999.
    if (a < 0.9995e-6)
        return threeDigits(s * 1e9) + " ns";
    if (a < 999.5e-6)
        return threeDigits(s * 1e6) + " µs";
    if (a < 0.9995)
        return threeDigits(s * 1e3) + " ms";
    if (a < 120.0)
        return threeDigits(s) + " s";
    if (a < 7200.0)
        return fmt("%.1f min", s / 60.0);
    if (a < 3.0 * 86400.0)
        return fmt("%.1f h", s / 3600.0);
    if (a < 730.0 * 86400.0)
        return fmt("%.1f days", s / 86400.0);
    return fmt("%.1f years", s / (365.0 * 86400.0));
}

std::string formatPower(double watts)
{
    if (!std::isfinite(watts))
        return "-";
    const double a = std::fabs(watts);
    if (a < 999.5)
        return threeDigits(watts) + " W";
    if (a < 999.5e3)
        return threeDigits(watts / 1e3) + " kW";
    return threeDigits(watts / 1e6) + " MW";
}

std::string formatPercent(double fraction, int decimals)
{
    if (!std::isfinite(fraction))
        return "-";
    return formatFixed(fraction * 100.0, decimals) + "%";
}

std::string formatPercentChange(double fraction, int decimals)
{
    if (!std::isfinite(fraction))
        return "-";
    const std::string text = formatPercent(fraction, decimals);
    return text[0] == '-' || text.find_first_not_of("0.%") == std::string::npos ? text : "+" + text;
}

std::string formatFixed(double value, int decimals)
{
    if (!std::isfinite(value))
        return "-";
    decimals = decimals < 0 ? 0 : decimals > 9 ? 9 : decimals;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, std::fabs(value));
    const std::string text = buf;
    const std::size_t point = text.find('.');
    const std::string whole = point == std::string::npos ? text : text.substr(0, point);
    const std::string fraction = point == std::string::npos ? std::string() : text.substr(point);
    // Group the digits as written (after rounding), so 999.96 at one decimal reads "1,000.0".
    const std::string out = groupDigits(whole);
    const bool zero = text.find_first_not_of("0.") == std::string::npos;
    return (value < 0 && !zero ? "-" : "") + out + fraction;
}

std::string formatCount(double v)
{
    // Billions as B, as model sizes and budgets are read ("70.6 B parameters", "15 T tokens").
    static const char *const units[] = {"", "k", "M", "B", "T", "P", "E"};
    return scaled(v, units, 7, 1000.0, "%.3g");
}

std::string formatUsd(double usd)
{
    if (!std::isfinite(usd))
        return "-";
    static const char *const units[] = {"", "k", "M", "B", "T"};
    const std::string text = scaled(std::fabs(usd), units, 5, 1000.0, "%.3g");
    return (usd < 0 ? "-$" : "$") + text;
}

std::string formatUsdTypeset(double usd, bool signedDifference)
{
    if (!std::isfinite(usd))
        return "—";
    const std::string text = formatUsd(std::fabs(usd));
    if (usd < 0)
        return "−" + text;   // U+2212, the width of the plus
    return signedDifference ? "+" + text : text;
}

std::string formatCurrency(double amount, std::string_view currency)
{
    std::string text = formatUsd(amount);
    if (currency.empty() || currency == "USD")
        return text;
    const std::size_t dollar = text.find('$');   // "-$2.5 M" -> "-2.5 M EUR"
    if (dollar != std::string::npos)
        text.erase(dollar, 1);
    return text + " " + std::string(currency);
}

std::string formatCurrencyExact(double amount, std::string_view currency)
{
    const std::string digits = formatFixed(amount, amount != 0 && std::fabs(amount) < 100 ? 2 : 0);
    if (currency.empty() || currency == "USD")
        return "$" + digits;
    return digits + " " + std::string(currency);
}

std::string formatAmountNumber(double value)
{
    if (!std::isfinite(value))
        return "-";
    return formatFixed(value, value == std::floor(value) ? 0 : 1);
}

bool amountIsSingular(double value)
{
    return value == 1.0;
}

std::string formatAmount(double value, const char *singular, const char *plural)
{
    return formatAmountNumber(value) + " " + (amountIsSingular(value) ? singular : plural);
}

std::string formatPue(double pue)
{
    return formatFixed(pue, 2);
}

std::string formatMonths(double months)
{
    if (!std::isfinite(months))
        return "-";
    // The amount rule: a whole horizon reads "36 months" or "3 years", a payback "14.2 months".
    return months >= 24 ? formatAmount(months / 12, "year", "years") : formatAmount(months, "month", "months");
}

std::string formatBound(double value)
{
    if (!std::isfinite(value))
        return "-";
    const std::string text = fmt("%.12g", value);
    if (std::fabs(value) < 10000 || text.find('e') != std::string::npos)
        return text;
    // Group the whole part as written; the fraction stays as it is.
    const bool negative = text[0] == '-';
    const std::size_t point = text.find('.');
    const std::string whole =
        text.substr(negative ? 1 : 0, point == std::string::npos ? std::string::npos : point - (negative ? 1 : 0));
    return (negative ? "-" : "") + groupDigits(whole) +
           (point == std::string::npos ? std::string() : text.substr(point));
}

std::string formatEnergyMwh(double mwh)
{
    if (!std::isfinite(mwh))
        return "-";
    if (std::fabs(mwh) < 0.9995)
        return threeDigits(mwh * 1000.0) + " kWh";
    return threeDigits(mwh) + " MWh";
}

std::string formatCo2Tonnes(double tonnes)
{
    if (!std::isfinite(tonnes))
        return "-";
    if (std::fabs(tonnes) < 0.9995)
        return threeDigits(tonnes * 1000.0) + " kg";
    return threeDigits(tonnes) + " t";
}

std::string reportLine(const std::string &label, const std::string &value)
{
    std::string line = "  " + label;
    if (line.size() < 30)
        line.resize(30, ' ');
    return line + value + "\n";
}

} // namespace gpuplan
