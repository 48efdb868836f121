// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFont>
#include <QString>

namespace gpuplan {
struct MemoryResult;
}

// The words around the memory chart's bars, each in the longest form that fits its bar's width, so
// that beside the docks or on a projector's 1280 pixels no label runs into its neighbour's. The
// hover text keeps the full name and every figure.
namespace gpuplan::ui {

// Under each bar: the limit the bar is measured against and, where it differs, the memory as sold
// in brackets ("79.2 GiB (80 GB)"): an "80 GB" H100 offers 79.2 GiB, not 80 or 74.5.
QString limitTick(const MemoryResult &m);

// The axis tick under a bar: the GPU's name in lines no wider than `fitPixels` at `font`, then the
// limit. `compact` (a short chart) names the GPU without vendor and remark and gives the limit in
// GiB only; so does a bar too narrow for the full name in three lines, or for the limit with the
// memory as sold.
QString memoryTickLabel(const QString &gpuName, const MemoryResult &m, const QFont &font, double fitPixels, bool compact);

// Above a bar: the estimate and the verdict ("51.2 GiB\ndoes not fit") at `font`; where a line is
// wider than `fitPixels`, the same at `smallFont`, then the estimate alone (the bar's colour and
// outline still carry the verdict), then the number alone (the axis names the unit).
struct ValueLabel
{
    QString text;
    bool small = false;   // drawn at the small font
};
ValueLabel memoryValueLabel(const MemoryResult &m, const QFont &font, const QFont &smallFont, double fitPixels);

} // namespace gpuplan::ui
