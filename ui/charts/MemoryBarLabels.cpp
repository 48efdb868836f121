// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/MemoryBarLabels.h"

#include "NumberText.h"

#include "charts/ChartFormat.h"
#include "charts/MemoryVerdictText.h"
#include "common/Units.h"
#include "eval/Evaluation.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

bool linesFit(const QString &text, const QFontMetrics &metrics, double fitPixels, int maxLines)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    if (lines.size() > maxLines)
        return false;
    return std::all_of(lines.begin(), lines.end(),
                       [&](const QString &line) { return metrics.horizontalAdvance(line) <= fitPixels; });
}

// A name broken at spaces into lines of about as many characters as fit `fitPixels`.
QString wrappedToWidth(const QString &name, const QFontMetrics &metrics, double fitPixels, bool compact)
{
    if (name.isEmpty())
        return name;
    const double perChar = static_cast<double>(metrics.horizontalAdvance(name)) / name.size();
    const int chars = std::max(6, static_cast<int>(fitPixels / std::max(perChar, 1.0)));
    return wrapName(name, compact ? chars : std::min(chars, 13));
}

} // namespace

QString limitTick(const MemoryResult &m)
{
    if (m.soldBytes <= 0 || std::fabs(m.soldBytes - m.capacityBytes) < 1)
        return gibText(m.capacityBytes);
    return QCoreApplication::translate("MemoryChart", "%1 (%2)").arg(gibText(m.capacityBytes), soldGbText(m.soldBytes));
}

QString memoryTickLabel(const QString &gpuName, const MemoryResult &m, const QFont &font, double fitPixels, bool compact)
{
    const QFontMetrics metrics(font);
    QString name = compact ? QString() : wrappedToWidth(gpuName, metrics, fitPixels, compact);
    if (compact || !linesFit(name, metrics, fitPixels, 3))
        name = wrappedToWidth(shortGpuName(gpuName), metrics, fitPixels, compact);
    const QString limit = limitTick(m);
    return QStringLiteral("%1\n%2").arg(name, !compact && linesFit(limit, metrics, fitPixels, 1) ? limit : gibText(m.capacityBytes));
}

ValueLabel memoryValueLabel(const MemoryResult &m, const QFont &font, const QFont &smallFont, double fitPixels)
{
    const QString full = QStringLiteral("%1\n%2").arg(gibText(m.perGpuBytes), memoryVerdictName(m));
    if (linesFit(full, QFontMetrics(font), fitPixels, 2))
        return {full, false};
    const QFontMetrics small(smallFont);
    for (const QString &text : {full, gibText(m.perGpuBytes)})
        if (linesFit(text, small, fitPixels, 2))
            return {text, true};
    return {fixedText(m.perGpuBytes / units::kGiB, 1), true};
}

} // namespace gpuplan::ui
