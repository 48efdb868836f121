// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/Format.h"

#include <cmath>
#include <cstdio>

namespace gpuplan {

namespace {

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
    std::string digits = std::to_string(u);
    std::string out;
    const int len = static_cast<int>(digits.size());
    for (int i = 0; i < len; ++i) {
        if (i > 0 && (len - i) % 3 == 0)
            out += ',';
        out += digits[static_cast<std::size_t>(i)];
    }
    return negative ? "-" + out : out;
}

std::string formatSignificant(double value)
{
    return std::isfinite(value) ? threeDigits(value) : "-";
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
    if (s < 1.0)
        return fmt("%.0f ms", s * 1000.0);
    if (s < 120.0)
        return fmt("%.2f s", s);
    if (s < 7200.0)
        return fmt("%.1f min", s / 60.0);
    if (s < 3.0 * 86400.0)
        return fmt("%.1f h", s / 3600.0);
    if (s < 730.0 * 86400.0)
        return fmt("%.1f days", s / 86400.0);
    return fmt("%.1f years", s / (365.0 * 86400.0));
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

} // namespace gpuplan
