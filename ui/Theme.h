// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Settings.h"

#include <QColor>
#include <QFont>

class QLabel;
class QPalette;
class QWidget;

// Application look: Fusion style with DejaVu fonts everywhere (identical rendering on every
// machine and in screenshots), a light or dark palette, a large-font presentation mode, and the
// few colours that carry meaning (error, warning, fine).
namespace gpuplan::ui {

void applyTheme(Theme theme);
void applyPresentationMode(bool on);
// Presentation fonts follow the window, not fixed points: 15 pt on a 1280x720 projector, in
// proportion on larger or smaller windows (the smaller of the width and height ratios), never
// below the normal 10 pt. Returns whether the application font changed.
bool applyPresentationMode(bool on, int windowWidth, int windowHeight);
double presentationFontScale(bool on);
// How much larger than the desktop's normal size a font is (1 at the normal size, 2.25 on a
// 1920x1080 projector): layouts that switch at a height in pixels scale it by this.
double fontScaleOf(const QFont &font);
double presentationPointSize(int windowWidth, int windowHeight);

bool isDark(const QPalette &palette);
QColor errorColor(const QPalette &palette);     // does not fit, invalid layout
QColor warningColor(const QPalette &palette);   // outside the comfortable range
QColor okColor(const QPalette &palette);        // fits

// A dialog's line for why OK was refused: plain text (it quotes user input), wrapped, in the error
// colour, hidden until there is something to say.
QLabel *createErrorLabel(QWidget *parent);

} // namespace gpuplan::ui
