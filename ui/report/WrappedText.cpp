// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/WrappedText.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QTextLayout>

namespace gpuplan::ui::report {

WrappedText::WrappedText(const QString &text, const QFont &font, QPaintDevice *device, double width,
                         const QString &boldLead)
    : m_layout(std::make_shared<QTextLayout>(boldLead + text, font, device)), m_width(width)
{
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    option.setUseDesignMetrics(true);
    m_layout->setTextOption(option);
    if (!boldLead.isEmpty()) {
        QTextLayout::FormatRange bold;
        bold.start = 0;
        bold.length = static_cast<int>(boldLead.size());
        bold.format.setFontWeight(QFont::Bold);
        m_layout->setFormats({bold});
    }
    // A little air between lines (leading of about 25% of the font size).
    const double extra = QFontMetricsF(font, device).height() * 0.22;
    m_layout->beginLayout();
    double y = 0;
    for (QTextLine line = m_layout->createLine(); line.isValid(); line = m_layout->createLine()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, y));
        y += line.height() + extra;
    }
    m_layout->endLayout();
}

int WrappedText::lineCount() const
{
    return m_layout ? m_layout->lineCount() : 0;
}

double WrappedText::lineTop(int line) const
{
    return m_layout->lineAt(line).y();
}

double WrappedText::linesHeight(int first, int last) const
{
    if (!m_layout || first > last)
        return 0;
    const QTextLine end = m_layout->lineAt(last);
    return end.y() + end.height() - lineTop(first);
}

double WrappedText::height() const
{
    return lineCount() == 0 ? 0 : linesHeight(0, lineCount() - 1);
}

double WrappedText::widestLine() const
{
    double w = 0;
    for (int i = 0; i < lineCount(); ++i)
        w = std::max(w, m_layout->lineAt(i).naturalTextWidth());
    return w;
}

void WrappedText::draw(QPainter &painter, double x, double y, int first, int last, const QColor &color,
                       bool alignRight) const
{
    if (!m_layout)
        return;
    painter.save();
    painter.setPen(color);
    const double top = lineTop(first);
    for (int i = first; i <= last && i < lineCount(); ++i) {
        const QTextLine line = m_layout->lineAt(i);
        const double dx = alignRight ? m_width - line.naturalTextWidth() : 0;
        line.draw(&painter, QPointF(x + dx, y - top));
    }
    painter.restore();
}

void WrappedText::draw(QPainter &painter, double x, double y, const QColor &color, bool alignRight) const
{
    draw(painter, x, y, 0, lineCount() - 1, color, alignRight);
}

} // namespace gpuplan::ui::report
