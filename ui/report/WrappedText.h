// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QFont>
#include <QString>

#include <memory>

class QPainter;
class QPaintDevice;
class QTextLayout;

namespace gpuplan::ui::report {

// Plain text broken into lines for a width: at spaces, and inside a word only when the word alone
// is wider than the line (long URLs in source citations). Lines can be drawn one range at a time,
// so a paragraph can continue on the next page. Copies share the layout.
class WrappedText
{
public:
    WrappedText() = default;
    // boldLead: text drawn in bold before `text` on the same line.
    WrappedText(const QString &text, const QFont &font, QPaintDevice *device, double width, const QString &boldLead = {});

    int lineCount() const;
    double height() const;                       // all lines
    double lineTop(int line) const;
    double linesHeight(int first, int last) const;   // lines first..last inclusive
    double widestLine() const;

    // Draws lines first..last with the top of line `first` at y; right-aligned within width
    // when alignRight.
    void draw(QPainter &painter, double x, double y, int first, int last, const QColor &color,
              bool alignRight = false) const;
    void draw(QPainter &painter, double x, double y, const QColor &color, bool alignRight = false) const;

private:
    std::shared_ptr<QTextLayout> m_layout;
    double m_width = 0;
};

} // namespace gpuplan::ui::report
