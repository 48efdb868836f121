// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/LessonPanel.h"

#include "teaching/LessonRunner.h"

#include "document/BackgroundJob.h"
#include "document/PlanController.h"

#include "eval/ResolvedPlan.h"

#include <QComboBox>
#include <QEvent>
#include <QFontInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>

namespace gpuplan::ui {

namespace {

QString html(const std::string &text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

// One table for the step's Move / Watch lines and for its live values: a bold label, then the
// value (already escaped) with, for a live value, its source in small type under it.
QString htmlTable(const std::vector<QStringList> &rows)
{
    QString out = QStringLiteral("<table cellpadding='3'>");
    for (const QStringList &cells : rows) {
        QString value = cells.value(1);
        if (cells.size() > 2 && !cells[2].isEmpty())
            value += QStringLiteral("<br><small><i>%1</i></small>").arg(cells[2]);
        out += QStringLiteral("<tr><td valign='top'><b>%1</b></td><td valign='top'>%2</td></tr>").arg(cells[0], value);
    }
    return out + QStringLiteral("</table>");
}

} // namespace

LessonPanel::LessonPanel(LessonRunner *runner, QWidget *parent)
    : QWidget(parent), m_runner(runner), m_choice(new QComboBox(this)), m_start(new QPushButton(tr("Start"), this)),
      m_text(new QTextBrowser(this)), m_progress(new QLabel(this)), m_back(new QPushButton(tr("◀ Back"), this)),
      m_forward(new QPushButton(tr("Next ▶"), this)), m_liveJob(new BackgroundJob(this))
{
    setObjectName(QStringLiteral("lessonPanel"));
    for (const Lesson &l : lessons()) {
        m_choice->addItem(QString::fromUtf8(l.title));
        m_choice->setItemData(m_choice->count() - 1, QString::fromUtf8(l.title), Qt::ToolTipRole);
    }
    // The longest title must not set the dock's width (a projector's 1280 pixels): the box shows
    // what fits and the list pops up as wide as its titles.
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_choice->setMinimumContentsLength(24);
    auto *column = new QVBoxLayout(this);
    column->setContentsMargins(6, 6, 6, 6);
    auto *top = new QHBoxLayout;
    top->addWidget(m_choice, 1);
    top->addWidget(m_start);
    column->addLayout(top);
    column->addWidget(m_text, 1);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_back);
    bottom->addWidget(m_progress, 1, Qt::AlignCenter);
    bottom->addWidget(m_forward);
    column->addLayout(bottom);
    m_text->setObjectName(QStringLiteral("lessonText"));
    m_text->viewport()->installEventFilter(this);

    connect(m_start, &QPushButton::clicked, this, [this] {
        QString error;
        if (!m_runner->start(m_choice->currentIndex(), &error))
            QMessageBox::warning(this, tr("Lesson"), error);
    });
    connect(m_back, &QPushButton::clicked, m_runner, &LessonRunner::back);
    connect(m_forward, &QPushButton::clicked, m_runner, &LessonRunner::forward);
    connect(m_runner, &LessonRunner::stepChanged, this, &LessonPanel::update);
    connect(m_runner->controller(), &PlanController::evaluationChanged, this, [this] {
        if (m_runner->isRunning())
            showStep();
    });
    update();
}

void LessonPanel::setPresentation(bool on)
{
    if (on == m_presenting)
        return;
    m_presenting = on;
    // The step is fitted to the panel: a scroll bar that came and went with each font tried would
    // change the width it is fitted to (the wheel still scrolls a step that cannot fit).
    const Qt::ScrollBarPolicy bars = on ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded;
    m_text->setVerticalScrollBarPolicy(bars);
    m_text->setHorizontalScrollBarPolicy(bars);
    update();
    fitText();
}

int LessonPanel::textPixelSize() const
{
    return QFontInfo(m_text->document()->defaultFont()).pixelSize();
}

void LessonPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitText();
}

bool LessonPanel::eventFilter(QObject *watched, QEvent *event)
{
    // A scroll bar that comes or goes changes the width the step is set in.
    if (watched == m_text->viewport() && event->type() == QEvent::Resize)
        fitText();
    return QWidget::eventFilter(watched, event);
}

void LessonPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitText();
}

// Tried from the window's font downwards, one pixel at a time: a step is laid out in well under
// a millisecond, and the sizes tried are a dozen at most.
void LessonPanel::fitText()
{
    if (m_fitting)
        return;
    m_fitting = true;
    QFont font = this->font();
    QTextDocument *doc = m_text->document();
    if (!m_presenting) {
        doc->setDefaultFont(font);
        m_fitting = false;
        return;
    }
    const int largest = QFontInfo(font).pixelSize();
    const int smallest = std::max(8, largest * 6 / 10);
    const int width = m_text->viewport()->width();
    const int height = m_text->viewport()->height();
    for (int px = largest; px >= smallest; --px) {
        font.setPixelSize(px);
        doc->setDefaultFont(font);
        doc->setTextWidth(width);
        if (doc->size().height() <= height && doc->idealWidth() <= width)
            break;
    }
    m_fitting = false;
}

QString LessonPanel::stepText() const
{
    return m_text->toPlainText();
}

void LessonPanel::update()
{
    const Lesson *l = m_runner->lesson();
    m_back->setEnabled(m_runner->canGoBack());
    m_forward->setEnabled(m_runner->canGoForward());
    m_choice->setVisible(!(m_presenting && l));
    m_start->setVisible(!(m_presenting && l));
    if (!l) {
        m_progress->setText(tr("No lesson running"));
        QString list;
        for (const Lesson &lesson : lessons())
            list += QStringLiteral("<li><b>%1</b><br>%2</li>")
                        .arg(QString::fromUtf8(lesson.title).toHtmlEscaped(),
                             QString::fromUtf8(lesson.question).toHtmlEscaped());
        m_text->setHtml(tr("<p>Each lesson sets up a plan (one step in Edit › Undo), says what to move and what to "
                           "watch, and explains the numbers as they change.</p><ul>%1</ul>")
                            .arg(list));
        fitText();
        return;
    }
    {
        const QSignalBlocker block(m_choice);
        m_choice->setCurrentIndex(m_runner->lessonIndex());
    }
    showStep();
    const LessonStep &s = *m_runner->step();
    emit explainRequested(s.explain);
    if (s.resultTab)
        emit resultTabRequested(QString::fromUtf8(s.resultTab));
}

bool LessonPanel::isComputing() const
{
    return m_liveJob->isBusy();
}

void LessonPanel::showStep()
{
    renderStep();
    requestLive();
}

void LessonPanel::renderStep()
{
    const Lesson *l = m_runner->lesson();
    const LessonStep *s = m_runner->step();
    if (!l || !s)
        return;
    m_progress->setText(tr("Step %1 of %2").arg(m_runner->stepIndex() + 1).arg(m_runner->stepCount()));
    QString text = QStringLiteral("<h3>%1</h3><p><i>%2</i></p><p>%3</p>")
                       .arg(html(l->title), html(l->question), html(s->text));
    text += htmlTable({{tr("Move"), html(s->move)}, {tr("Watch"), html(s->watch)}});
    const bool current = m_liveLesson == m_runner->lessonIndex() && m_liveStep == m_runner->stepIndex();
    if (s->live && current && !m_live.empty()) {
        std::vector<QStringList> rows;
        // On a projector the sources give their lines to the values: nobody reads small type
        // from the back of the room, and the desk (and docs/teaching.md) shows them.
        for (const LiveValue &v : m_live)
            rows.push_back({html(v.label), html(v.value), m_presenting ? QString() : html(v.source)});
        text += QStringLiteral("<p><b>%1</b>%2</p>")
                    .arg(tr("Now, for this plan"), isComputing() ? tr(" (updating…)") : QString()) +
                htmlTable(rows);
    } else if (s->live && m_runner->controller()->isResolved()) {
        text += QStringLiteral("<p><i>%1</i></p>").arg(tr("Computing the values for this plan…"));
    }
    m_text->setHtml(text);
    fitText();
}

// Live values are computed on a worker thread from copies of the plan, its evaluation and the
// catalog: one lesson asks procure() for every priced GPU, which would hold the window for a
// fraction of a second after each edit.
void LessonPanel::requestLive()
{
    const LessonStep *s = m_runner->step();
    if (!s || !s->live || !m_runner->controller()->isResolved())
        return;
    const int lesson = m_runner->lessonIndex();
    const int step = m_runner->stepIndex();
    m_liveJob->submit([this, lesson, step]() -> BackgroundJob::Work {
        const PlanController *c = m_runner->controller();
        const LessonStep *now = m_runner->step();
        if (!now || !now->live || !c->isResolved() || m_runner->lessonIndex() != lesson || m_runner->stepIndex() != step)
            return {};
        auto plan = std::make_shared<const Plan>(c->plan());
        auto catalog = std::make_shared<const Catalog>(c->catalog());
        auto evaluation = std::make_shared<const Evaluation>(c->evaluation());
        auto live = now->live;
        return [this, plan, catalog, evaluation, live, lesson, step](const std::atomic<bool> &) -> BackgroundJob::Deliver {
            std::vector<LiveValue> rows;
            ResolvedPlan resolved;
            std::vector<ResolveError> errors;
            if (resolvePlan(*plan, *catalog, resolved, errors))
                rows = live(LessonContext{*catalog, resolved, *evaluation});
            return [this, rows = std::move(rows), lesson, step]() mutable {
                if (m_runner->lessonIndex() != lesson || m_runner->stepIndex() != step)
                    return;
                m_live = std::move(rows);
                m_liveLesson = lesson;
                m_liveStep = step;
                renderStep();
            };
        };
    });
}

} // namespace gpuplan::ui
