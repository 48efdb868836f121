// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Settings.h"

#include <QColor>

class QPalette;

// Application look: Fusion style with DejaVu fonts everywhere (identical rendering on every
// machine and in screenshots), a light or dark palette, a large-font presentation mode, and the
// few colours that carry meaning (error, warning, fine).
namespace gpuplan::ui {

void applyTheme(Theme theme);
void applyPresentationMode(bool on);
double presentationFontScale(bool on);

bool isDark(const QPalette &palette);
QColor errorColor(const QPalette &palette);     // does not fit, invalid layout
QColor warningColor(const QPalette &palette);   // outside the comfortable range
QColor okColor(const QPalette &palette);        // fits

} // namespace gpuplan::ui
