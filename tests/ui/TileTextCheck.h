// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Text of the key-result tiles that a reader does not see whole, found from the widgets' geometry
// and font metrics rather than by eye: a value or caption shown other than as set (elided, "40 GPUs
// for 40.0…"), a line wider than its label, a wrapped caption taller than its label, a word wider
// than the label it wraps in, or a label outside its tile or a tile outside the strip. Used by the
// projector tests (tst_lessonlayout) at both sizes.
#include "results/KeyResultsStrip.h"

#include <QFontMetrics>
#include <QLabel>
#include <QString>
#include <QStringList>

namespace gpuplan::testing {

// What is wrong with one label showing `expected` (or one of `shorter`, whole clauses of it),
// empty when nothing is.
inline QStringList tileLabelProblems(const QLabel &label, const QString &expected, const QString &what,
                                     const QStringList &shorter = {})
{
    QStringList out;
    const QString shown = label.text();
    if (shown != expected && !shorter.contains(shown)) {
        out << QStringLiteral("%1 shows \"%2\", not \"%3\"").arg(what, shown, expected);
        return out;
    }
    if (shown != expected && !label.toolTip().contains(expected))
        out << QStringLiteral("%1 shows \"%2\" without the whole text in its tooltip").arg(what, shown);
    const QFontMetrics metrics(label.font());
    const QRect room = label.contentsRect();
    constexpr int kSlack = 1;   // a pixel of rounding between the metrics and the painter
    if (!label.wordWrap()) {
        if (metrics.horizontalAdvance(shown) > room.width() + kSlack)
            out << QStringLiteral("%1 \"%2\" is %3 px in %4").arg(what, shown).arg(metrics.horizontalAdvance(shown)).arg(room.width());
        if (metrics.height() > room.height() + kSlack)
            out << QStringLiteral("%1 \"%2\" is %3 px high in %4").arg(what, shown).arg(metrics.height()).arg(room.height());
    } else {
        for (const QString &word : shown.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            if (metrics.horizontalAdvance(word) > room.width() + kSlack)
                out << QStringLiteral("%1: the word \"%2\" is wider than its %3 px").arg(what, word).arg(room.width());
        const QRect wrapped = metrics.boundingRect(QRect(0, 0, room.width(), 100000), Qt::TextWordWrap, shown);
        if (wrapped.height() > room.height() + kSlack)
            out << QStringLiteral("%1 \"%2\" needs %3 px, has %4").arg(what, shown).arg(wrapped.height()).arg(room.height());
    }
    const QWidget *tile = label.parentWidget();
    if (tile && !tile->rect().contains(label.geometry()))
        out << QStringLiteral("%1 \"%2\" leaves its tile").arg(what, shown);
    return out;
}

inline QStringList tileTextProblems(const ui::KeyResultsStrip &strip)
{
    QStringList out;
    if (!strip.isVisible())
        return {QStringLiteral("the key results are not shown")};
    for (int i = 0; i < ui::kKeyResultCount; ++i) {
        const auto result = static_cast<ui::KeyResult>(i);
        const QLabel *value = strip.valueLabel(result);
        const QLabel *caption = strip.captionLabel(result);
        const QWidget *tile = value->parentWidget();
        if (!tile->isVisible() || !strip.rect().contains(tile->geometry()))
            out << QStringLiteral("tile %1 is not wholly in the strip").arg(i);
        out << tileLabelProblems(*value, strip.valueText(result), QStringLiteral("value %1").arg(i));
        const QString full = strip.captionText(result);
        out << tileLabelProblems(*caption, full, QStringLiteral("caption %1").arg(i), ui::compactCaptionForms(full));
    }
    return out;
}

} // namespace gpuplan::testing
