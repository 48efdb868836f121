// SPDX-License-Identifier: GPL-3.0-or-later
#include "LiteralText.h"

#include <QAction>
#include <QTextDocument>

namespace gpuplan::ui {

QString literalToolTip(const QString &text)
{
    if (!Qt::mightBeRichText(text))
        return text;
    return QStringLiteral("<p style=\"white-space:pre-wrap\">%1</p>").arg(text.toHtmlEscaped());
}

void keepToolTipLiteral(QAction *action)
{
    auto update = [action] {
        // QAction's default tooltip is its text without the '&' of the shortcut.
        const QString tip = literalToolTip(QString(action->text()).remove(QLatin1Char('&')));
        if (action->toolTip() != tip)
            action->setToolTip(tip);   // emits changed() again; the comparison ends it there
    };
    QObject::connect(action, &QAction::changed, action, update);
    update();
}

} // namespace gpuplan::ui
