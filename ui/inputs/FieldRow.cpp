// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/FieldRow.h"

#include "Theme.h"

#include <QGridLayout>
#include <QLabel>

namespace gpuplan::ui {

FieldRow::FieldRow(PlanController *controller, const QString &path, const QString &label, QWidget *parent)
    : QObject(parent), m_controller(controller), m_path(path), m_label(new QLabel(label, parent)),
      m_message(new QLabel(parent))
{
    m_message->setWordWrap(true);
    // Messages quote what the user or a file typed (an unknown GPU id, a name): never markup.
    m_message->setTextFormat(Qt::PlainText);
    m_message->setObjectName(QStringLiteral("message:") + path);
    m_message->hide();
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

QString FieldRow::messageText() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

void FieldRow::addWidget(QWidget *widget)
{
    m_widgets.push_back(widget);
}

void FieldRow::setToolTipText(const QString &toolTip)
{
    m_label->setToolTip(toolTip);
    for (QWidget *w : m_widgets)
        w->setToolTip(toolTip);
}

void FieldRow::setFieldMessages(std::vector<FieldMessage> messages)
{
    m_messages = std::move(messages);
    updateMessage();
}

void FieldRow::setRowVisible(bool visible)
{
    m_visible = visible;
    m_label->setVisible(visible);
    for (QWidget *w : m_widgets)
        w->setVisible(visible);
    updateMessage();
}

bool FieldRow::applyNumber(double value)
{
    QString error;
    const bool ok = m_controller->setNumber(m_path, value, &error);
    return applyResult(ok, error);
}

bool FieldRow::applyText(const QString &text)
{
    QString error;
    const bool ok = m_controller->setText(m_path, text, &error);
    return applyResult(ok, error);
}

bool FieldRow::applyResult(bool ok, const QString &error)
{
    const QString rejection = ok ? QString() : error;
    if (rejection != m_rejection) {
        m_rejection = rejection;
        updateMessage();
    }
    if (!ok)
        sync();   // back to the plan's value: nothing was applied
    return ok;
}

void FieldRow::updateMessage()
{
    QStringList lines;
    Severity worst = Severity::Info;
    if (!m_rejection.isEmpty()) {
        lines << m_rejection;
        worst = Severity::Error;
    }
    for (const FieldMessage &m : m_messages) {
        lines << m.text;
        worst = std::max(worst, m.severity);
    }
    const bool show = m_visible && !lines.isEmpty();
    if (show) {
        m_message->setText(lines.join(QLatin1Char('\n')));
        m_message->setProperty("severity", static_cast<int>(worst));
        refreshColors();
    }
    m_message->setVisible(show);
}

void FieldRow::refreshColors()
{
    const auto severity = static_cast<Severity>(m_message->property("severity").toInt());
    const QPalette pal = m_message->palette();
    QColor color = severity == Severity::Error ? errorColor(pal) : severity == Severity::Warning ? warningColor(pal)
                                                                                                  : pal.color(QPalette::WindowText);
    // Style sheets are costly to apply; only when the colour really changes.
    const QString sheet = QStringLiteral("color: %1;").arg(color.name());
    if (m_message->styleSheet() != sheet)
        m_message->setStyleSheet(sheet);
}

} // namespace gpuplan::ui
