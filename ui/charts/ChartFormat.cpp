// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/ChartFormat.h"

#include "document/PlanController.h"


#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

namespace gpuplan::ui {

namespace {

struct Scaled
{
    double value;
    const char *suffix;
};

Scaled scaled(double value)
{
    // Billions as B, as money, parameters and tokens are read (core/common/Format.h), never the SI G.
    static constexpr std::array<Scaled, 5> kSteps{{{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "k"}, {1, ""}}};
    const double magnitude = std::fabs(value);
    for (const Scaled &step : kSteps) {
        if (magnitude >= step.value * 0.9995)
            return {value / step.value, step.suffix};
    }
    return {value, ""};
}

// Digits after the point that give `significant` significant digits for |v| >= 1.
int decimalsFor(double v, int significant)
{
    const double magnitude = std::fabs(v);
    const int whole = magnitude >= 1 ? static_cast<int>(std::floor(std::log10(magnitude))) + 1 : 1;
    return std::max(0, significant - whole);
}

// Tick labels "100 k", "1 M" rather than "1e+05".
class SiLogTicker : public QCPAxisTickerLog
{
protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override
    {
        Q_UNUSED(locale);
        Q_UNUSED(formatChar);
        Q_UNUSED(precision);
        return siNumber(tick, {}, 3);
    }
};

class SiTicker : public QCPAxisTicker
{
public:
    explicit SiTicker(QString prefix) : m_prefix(std::move(prefix)) {}

protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override
    {
        Q_UNUSED(locale);
        Q_UNUSED(formatChar);
        Q_UNUSED(precision);
        if (std::fabs(tick) < 1e-9)
            return m_prefix + QStringLiteral("0");
        return (tick < 0 ? QStringLiteral("−") : QString()) + m_prefix + siNumber(std::fabs(tick), {}, 3);
    }

private:
    QString m_prefix;
};

} // namespace

QString siNumber(double value, const QString &unit, int significant)
{
    if (!std::isfinite(value))
        return QStringLiteral("—");
    const Scaled s = scaled(value);
    // Trailing zeros of a round tick ("1.00 M") carry no information.
    QString number = QString::number(s.value, 'f', decimalsFor(s.value, significant));
    if (number.contains(QLatin1Char('.'))) {
        while (number.endsWith(QLatin1Char('0')))
            number.chop(1);
        if (number.endsWith(QLatin1Char('.')))
            number.chop(1);
    }
    // "35.3 ktokens/s" as "kW"; a unit of several words keeps the prefix apart ("43.7 k output
    // tokens/s", not "koutput").
    const QString suffix = QString::fromLatin1(s.suffix);
    const QString tail = unit.contains(QLatin1Char(' ')) && !suffix.isEmpty() ? suffix + QLatin1Char(' ') + unit : suffix + unit;
    return tail.isEmpty() ? number : number + QLatin1Char(' ') + tail;
}

QColor categoryColor(int index)
{
    static constexpr std::array<QRgb, 9> kColors{0x4e79a7, 0xf28e2b, 0x76b7b2, 0x59a14f, 0xedc948,
                                                 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    return QColor::fromRgb(kColors[static_cast<std::size_t>(index) % kColors.size()]);
}

AxisSpan paddedAxisSpan(const QVector<double> &values, double logSpan)
{
    if (values.isEmpty())
        return {};
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    AxisSpan s;
    if (*lo > 0 && *hi / *lo > logSpan) {
        s.log = true;
        s.low = *lo / 1.4;
        s.high = *hi * 1.4;
        return s;
    }
    const double pad = *hi > *lo ? (*hi - *lo) * 0.12 : std::max(std::fabs(*hi) * 0.1, 1e-9);
    s.low = *lo - pad;
    s.high = *hi + pad;
    if (*lo >= 0)
        s.low = std::max(0.0, s.low);   // no negative times or costs on the axis
    return s;
}

QSharedPointer<QCPAxisTicker> siLogTicker()
{
    auto ticker = QSharedPointer<SiLogTicker>::create();
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    return ticker;
}

QSharedPointer<QCPAxisTicker> siTicker(const QString &prefix)
{
    return QSharedPointer<SiTicker>::create(prefix);
}

void setPowerOfTwoAxis(QCPAxis *axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    ticker->setLogBase(2);
    ticker->setSubTickCount(0);
    axis->setTicker(ticker);
    axis->setNumberFormat(QStringLiteral("f"));
    axis->setNumberPrecision(0);
}

void styleAxis(QCPAxis *axis, const QColor &text, const QColor &muted, const QColor &grid, const QFont &font)
{
    axis->setBasePen(QPen(muted, 1));
    axis->setTickPen(QPen(muted, 1));
    axis->setSubTickPen(QPen(muted, 1));
    axis->setTickLabelColor(text);
    axis->setLabelColor(text);
    QFont ticks = font;
    ticks.setPointSizeF(font.pointSizeF() * 0.95);
    axis->setTickLabelFont(ticks);
    axis->setLabelFont(font);
    axis->grid()->setPen(QPen(grid, 1, Qt::SolidLine));
    axis->grid()->setZeroLinePen(QPen(muted, 1.5));
}

namespace {

// One number of every data point of a plottable, in key order.
template <class Container, class Field>
QVector<double> column(const Container &data, Field field)
{
    QVector<double> out;
    out.reserve(data.size());
    for (auto it = data.constBegin(); it != data.constEnd(); ++it)
        out << field(*it);
    return out;
}

} // namespace

QVector<double> graphKeys(const QCPGraph *graph)
{
    return column(*graph->data(), [](const QCPGraphData &d) { return d.key; });
}

QVector<double> graphValues(const QCPGraph *graph)
{
    return column(*graph->data(), [](const QCPGraphData &d) { return d.value; });
}

QVector<double> barValues(const QCPBars *bars, double divisor)
{
    return column(*bars->data(), [divisor](const QCPBarsData &d) { return d.value / divisor; });
}

QVector<double> stackTotals(std::span<QCPBars *const> stack, int bars, double divisor)
{
    QVector<double> totals(bars, 0.0);
    for (const QCPBars *layer : stack) {
        const QVector<double> values = barValues(layer, divisor);
        for (int i = 0; i < values.size() && i < bars; ++i)
            totals[i] += values[i];
    }
    return totals;
}

QStringList textTickLabels(const QCPAxis *axis, bool topFirst)
{
    const auto ticker = qSharedPointerCast<QCPAxisTickerText>(axis->ticker());
    QStringList out;
    if (!ticker)
        return out;
    for (const QString &label : ticker->ticks())
        out << label;
    if (topFirst)
        std::reverse(out.begin(), out.end());
    return out;
}

QString unresolvedPlanText(const PlanController &controller)
{
    const auto &errors = controller.resolveErrors();
    return QObject::tr("This plan cannot be evaluated:\n%1")
        .arg(errors.empty() ? QObject::tr("unknown reason") : QString::fromStdString(errors.front().message));
}

// GPU names run to 40 characters ("NVIDIA H100 SXM5 96GB (six HBM3 stacks)"): break them into
// lines of about 13 characters so neighbouring tick labels never overlap.
QString wrapName(const QString &name, int width)
{
    QStringList lines;
    QString line;
    for (const QString &word : name.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
            lines << line;
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

// A GPU's name under its bar on a short chart: without the vendor (every bar of the comparison
// names one) and without a bracketed remark ("AMD Instinct MI250X 128GB (OAM, 2 GCDs)" reads
// "MI250X 128GB"); the hover text keeps the full name.
QString shortGpuName(const QString &name)
{
    QString out = name;
    for (const char *vendor : {"NVIDIA ", "AMD Instinct ", "AMD ", "Intel ", "Google "}) {
        if (out.startsWith(QLatin1String(vendor))) {
            out = out.mid(static_cast<int>(std::strlen(vendor)));
            break;
        }
    }
    if (const int bracket = out.indexOf(QStringLiteral(" (")); bracket > 0)
        out.truncate(bracket);
    return out;
}

} // namespace gpuplan::ui
