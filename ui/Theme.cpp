// SPDX-License-Identifier: GPL-3.0-or-later
#include "Theme.h"

#include <QApplication>
#include <QFont>
#include <QLabel>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

constexpr double kBasePointSize = 10.0;
constexpr double kPresentationScale = 1.5;

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1f, 0x21, 0x24);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x38, 0x3d));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4e));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::Mid, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xc9));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

QPalette lightPalette()
{
    QPalette p = QApplication::style()->standardPalette();
    p.setColor(QPalette::Highlight, QColor(0x30, 0x6e, 0xc0));
    return p;
}

} // namespace

void applyTheme(Theme theme)
{
    // The palette the platform gave us, kept so "system" can go back to it.
    static const QPalette systemPalette = QApplication::palette();
    if (QApplication::style()->name().compare(QStringLiteral("fusion"), Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    switch (theme) {
    case Theme::Dark: QApplication::setPalette(darkPalette()); break;
    case Theme::Light: QApplication::setPalette(lightPalette()); break;
    case Theme::System: QApplication::setPalette(systemPalette); break;
    }
}

double presentationFontScale(bool on)
{
    return on ? kPresentationScale : 1.0;
}

double fontScaleOf(const QFont &font)
{
    return font.pointSizeF() > 0 ? font.pointSizeF() / kBasePointSize : 1.0;
}

void applyPresentationMode(bool on)
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(kBasePointSize * presentationFontScale(on));
    QApplication::setFont(font);
}

double presentationPointSize(int windowWidth, int windowHeight)
{
    // The reference projector: 1280x720 at 1.5x the normal size. Rounded to half points so that
    // a window resized by a few pixels does not lay out every widget again.
    const double ratio = std::min(windowWidth / 1280.0, windowHeight / 720.0);
    const double points = std::max(kBasePointSize, kBasePointSize * kPresentationScale * ratio);
    return std::round(points * 2.0) / 2.0;
}

bool applyPresentationMode(bool on, int windowWidth, int windowHeight)
{
    const double points = on ? presentationPointSize(windowWidth, windowHeight) : kBasePointSize;
    if (QApplication::font().family() == QLatin1String("DejaVu Sans") && QApplication::font().pointSizeF() == points)
        return false;
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(points);
    QApplication::setFont(font);
    return true;
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor errorColor(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28);
}

QColor warningColor(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0xb7, 0x4d) : QColor(0xa8, 0x5d, 0x00);
}

QColor okColor(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x81, 0xc7, 0x84) : QColor(0x2e, 0x7d, 0x32);
}

QLabel *createErrorLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, errorColor(palette));
    label->setPalette(palette);
    label->hide();
    return label;
}

} // namespace gpuplan::ui
