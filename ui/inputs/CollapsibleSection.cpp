// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/CollapsibleSection.h"

#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QToolButton>
#include <QVBoxLayout>

namespace gpuplan::ui {

CollapsibleSection::CollapsibleSection(const QString &title, bool expanded, QWidget *parent)
    : QWidget(parent), m_header(new QToolButton(this)), m_body(new QWidget(this)), m_grid(new QGridLayout(m_body))
{
    m_header->setText(title);
    m_header->setObjectName(QStringLiteral("section:") + title);
    // Not a checkable button: a checked tool button gets a pressed-looking background that reads
    // badly in dark palettes. The arrow shows the state.
    m_header->setAutoRaise(true);
    m_header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_header->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(m_header, &QToolButton::clicked, this, [this] { setExpanded(!m_expanded); });
    auto *rule = new QFrame(this);
    rule->setFrameShape(QFrame::HLine);
    rule->setFrameShadow(QFrame::Sunken);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_header);
    layout->addWidget(rule);
    layout->addWidget(m_body);
    m_grid->setContentsMargins(8, 6, 4, 8);
    m_grid->setHorizontalSpacing(8);
    m_grid->setVerticalSpacing(4);
    m_grid->setColumnStretch(1, 1);
    applyHeaderFont();
    setExpanded(expanded);
}

bool CollapsibleSection::isExpanded() const
{
    return m_expanded;
}

void CollapsibleSection::setExpanded(bool expanded)
{
    m_expanded = expanded;
    m_header->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_body->setVisible(expanded);
}

void CollapsibleSection::applyHeaderFont()
{
    QFont f = font();
    f.setBold(true);
    m_header->setFont(f);
}

void CollapsibleSection::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyHeaderFont();   // an explicitly set font no longer follows the application font
}

} // namespace gpuplan::ui
