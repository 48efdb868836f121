// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ReportStyle.h"

#include <QPageLayout>

namespace gpuplan::ui::report {

namespace {

QFont dejaVu(double points, bool bold)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setFamilies({QStringLiteral("DejaVu Sans")});
    f.setPointSizeF(points);
    f.setBold(bold);
    // No shaping means no ligatures: "ﬁ" and "ﬃ" glyphs would make "fits" and "efficiency"
    // unsearchable and copy out as single characters.
    f.setStyleStrategy(QFont::StyleStrategy(QFont::PreferOutline | QFont::PreferNoShaping));
    return f;
}

} // namespace

QFont reportFont(TextStyle style, bool bold)
{
    switch (style) {
    case TextStyle::Title: return dejaVu(21, true);
    case TextStyle::Subtitle: return dejaVu(12, bold);
    case TextStyle::Small: return dejaVu(7.5, bold);
    case TextStyle::Body:
    case TextStyle::Muted:
    case TextStyle::Alert: break;
    }
    return dejaVu(9, bold);
}

QFont headingFont(int level)
{
    return dejaVu(level <= 1 ? 14 : 10.5, true);
}

QFont tableFont(bool bold)
{
    return dejaVu(8, bold);
}

QColor textColor(TextStyle style)
{
    switch (style) {
    case TextStyle::Muted:
    case TextStyle::Small: return colors::muted;
    case TextStyle::Alert: return colors::alert;
    case TextStyle::Title: return colors::accent;
    default: return colors::text;
    }
}

PageFrame pageFrame(QPageSize::PageSizeId size)
{
    // Margins of about 17 mm at the sides and 20 mm at top and bottom; header and footer sit
    // inside the top and bottom margins.
    const QPageLayout layout(QPageSize(size), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0));
    const QRect full = layout.fullRectPixels(kReportDpi);
    PageFrame f;
    f.page = full.size();
    const QMarginsF margins(64, 76, 64, 72);
    f.content = QRectF(QPointF(0, 0), f.page).marginsRemoved(margins);
    f.headerBaseline = 44;
    f.footerBaseline = f.page.height() - 38;
    return f;
}

} // namespace gpuplan::ui::report
