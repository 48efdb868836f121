// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QAction;

namespace gpuplan::ui {

// A tooltip that shows text literally (docs/robustness.md §6). Qt renders a tooltip as rich text
// whenever it looks like markup, so a GPU or plan name from a file such as "<b>x</b><img src=..>"
// would be interpreted; such text is escaped inside a paragraph that keeps its line breaks. Text
// without markup is returned unchanged.
QString literalToolTip(const QString &text);

// Keeps an action's tooltip (shown by toolbar buttons) literal while its text changes: the undo
// and redo actions quote the values of the edits, which may come from a file.
void keepToolTipLiteral(QAction *action);

} // namespace gpuplan::ui
