// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/ExplainPane.h"

#include "document/PlanController.h"

#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QTextBrowser>
#include <QTextOption>
#include <QVBoxLayout>

namespace gpuplan::ui {

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

// A short value ("12.3 GiB", "1,024 tokens/s") keeps its number and unit on one line; a long one
// (a duration with its reason) wraps between words rather than pushing the pane sideways.
QString valueStyle(const std::string &value)
{
    constexpr std::size_t kOneLine = 24;
    return value.size() <= kOneLine ? QStringLiteral(" style='white-space:nowrap'") : QString();
}

} // namespace

ExplainPane::ExplainPane(PlanController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_topics(new QComboBox(this)), m_view(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("explainPane"));
    auto *column = new QVBoxLayout(this);
    column->setContentsMargins(6, 6, 6, 6);
    auto *label = new QLabel(tr("Explain:"), this);
    auto *row = new QHBoxLayout;
    row->addWidget(label);
    row->addWidget(m_topics, 1);
    column->addLayout(row);
    column->addWidget(m_view, 1);
    for (int i = 0; i < kExplainTopicCount; ++i)
        m_topics->addItem(QString::fromUtf8(explainTopicTitle(static_cast<ExplainTopic>(i)).data()), i);
    m_view->setOpenLinks(false);
    // Lines break between words only: "tokens/s" must never read "toke/ns/s" in a narrow pane.
    m_view->setWordWrapMode(QTextOption::WordWrap);
    m_view->setObjectName(QStringLiteral("explainText"));
    connect(m_topics, &QComboBox::currentIndexChanged, this,
            [this](int index) { setTopic(static_cast<ExplainTopic>(m_topics->itemData(index).toInt())); });
    connect(m_controller, &PlanController::evaluationChanged, this, &ExplainPane::refresh);
    refresh();
}

void ExplainPane::setTopic(ExplainTopic topic)
{
    m_topic = topic;
    {
        const QSignalBlocker block(m_topics);
        m_topics->setCurrentIndex(m_topics->findData(static_cast<int>(topic)));
    }
    refresh();
}

void ExplainPane::refresh()
{
    if (m_controller->isResolved()) {
        m_explanation = explain(m_topic, m_controller->resolved(), m_controller->evaluation());
    } else {
        m_explanation = Explanation{};
        m_explanation.topic = m_topic;
        m_explanation.title = std::string(explainTopicTitle(m_topic));
        m_explanation.notes.push_back("The plan cannot be evaluated; the messages next to the inputs say why.");
    }
    m_view->setHtml(html());
}

// The muted colour of the text is taken from the palette: a theme change rebuilds it.
void ExplainPane::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_view->setHtml(html());
}

QString ExplainPane::plainText() const
{
    return m_view->toPlainText();
}

// Tables rather than free text: symbols, values and formulas line up, and values sit in their
// own right-aligned column so a reader can scan the numbers.
QString ExplainPane::html() const
{
    const Explanation &x = m_explanation;
    const QPalette pal = palette();
    QColor muted = pal.color(QPalette::WindowText);
    muted.setAlphaF(0.65f);
    const QString mutedCss = muted.name(QColor::HexArgb);
    QString h;
    h += QStringLiteral("<h3 style='margin-bottom:2px'>%1</h3>").arg(q(x.title));
    if (!x.result.empty())
        h += QStringLiteral("<p style='margin-top:0'><b>%1</b></p>").arg(q(x.result));
    if (!x.formula.empty())
        h += QStringLiteral("<p><code>%1</code></p>").arg(q(x.formula));
    if (!x.terms.empty()) {
        h += QStringLiteral("<p style='margin-bottom:2px'><b>%1</b></p><table width='100%' cellspacing='0' cellpadding='3'>")
                 .arg(tr("Where"));
        // Symbol and value share a line and the meaning takes the pane's whole width below them: in
        // a dock two fifths of a projector wide, a third column would be a few words wide.
        for (const ExplainTerm &t : x.terms)
            h += QStringLiteral("<tr><td valign='top'><code>%1</code></td><td valign='top' align='right'%5>"
                                "<b>%2</b></td></tr><tr><td colspan='2' "
                                "style='color:%4; padding-left:12px'>%3</td></tr>")
                     .arg(q(t.symbol), q(t.value), q(t.meaning), mutedCss, valueStyle(t.value));
        h += QStringLiteral("</table>");
    }
    if (!x.steps.empty()) {
        h += QStringLiteral("<p style='margin-bottom:2px'><b>%1</b></p><table width='100%' cellspacing='0' cellpadding='3'>")
                 .arg(tr("With this plan"));
        for (const ExplainStep &s : x.steps) {
            QString calc = q(s.formula);
            if (!s.substituted.empty())
                calc += QStringLiteral("<br><span style='color:%2'>= %1</span>").arg(q(s.substituted), mutedCss);
            h += QStringLiteral("<tr><td valign='top'>%1</td><td valign='top' align='right'%4>"
                                "<b>%3</b></td></tr><tr><td colspan='2' style='padding-left:12px'>%2</td></tr>")
                     .arg(q(s.label), calc, q(s.value), valueStyle(s.value));
        }
        h += QStringLiteral("</table>");
    }
    for (const std::string &n : x.notes)
        h += QStringLiteral("<p>%1</p>").arg(q(n));
    if (!x.source.empty())
        h += QStringLiteral("<p style='color:%2'><i>%3</i> %1</p>").arg(q(x.source), mutedCss, tr("Source:"));
    return h;
}

} // namespace gpuplan::ui
