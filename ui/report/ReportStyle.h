// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/ReportDocument.h"

#include <QColor>
#include <QFont>
#include <QMarginsF>
#include <QPageSize>
#include <QRectF>

// The look of the PDF report: DejaVu fonts (embedded, identical on every machine), a few sober
// colours, page geometry in painter units. The PDF is painted at 96 dpi, so one unit is a screen
// pixel (A4 = 794 x 1123) and the chart widgets draw at their screen size (QT-NOTES §4.5).
namespace gpuplan::ui::report {

inline constexpr int kReportDpi = 96;
// Logo heights in painter units (1/96 in): in the running header and on the cover.
inline constexpr double kHeaderLogoHeight = 24;
inline constexpr double kCoverLogoHeight = 64;

QFont reportFont(TextStyle style, bool bold = false);
QFont headingFont(int level);
QFont tableFont(bool bold = false);

namespace colors {
inline const QColor text{0x1d, 0x23, 0x2b};
inline const QColor muted{0x5f, 0x6b, 0x7a};
inline const QColor accent{0x23, 0x50, 0x8a};
inline const QColor rule{0xc3, 0xcb, 0xd6};
inline const QColor lightRule{0xe1, 0xe6, 0xec};
inline const QColor zebra{0xf4, 0xf6, 0xf9};
inline const QColor group{0xe8, 0xee, 0xf5};
inline const QColor alert{0xb3, 0x26, 0x1e};
} // namespace colors

QColor textColor(TextStyle style);

struct PageFrame
{
    QSizeF page;              // whole page, painter units
    QRectF content;           // text area
    double headerBaseline = 0;
    double footerBaseline = 0;
};

PageFrame pageFrame(QPageSize::PageSizeId size);

} // namespace gpuplan::ui::report
