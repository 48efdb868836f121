// SPDX-License-Identifier: GPL-3.0-or-later
// The key-results strip as a widget: its tiles, how they are arranged in columns, fitted, clicked,
// set in fonts and coloured by state (what each tile says is in KeyResultsText.cpp).
#include "results/KeyResultsStrip.h"

#include "AppIcons.h"
#include "LiteralText.h"
#include "Theme.h"

#include <QContextMenuEvent>
#include <QEvent>
#include <QFontMetrics>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QScopeGuard>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QVBoxLayout>

#include <cmath>
#include <iterator>

namespace gpuplan::ui {

namespace {

constexpr int kIconSpacing = 6;   // between a tile's icon and its value

} // namespace

KeyResultsStrip::KeyResultsStrip(QWidget *parent)
    : QWidget(parent), m_grid(new QGridLayout(this)), m_verdict(new QLabel(this))
{
    m_verdict->setObjectName(QStringLiteral("planVerdict"));
    m_verdict->setWordWrap(false);
    m_verdict->setTextFormat(Qt::PlainText);
    m_verdict->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->hide();
    m_grid->addWidget(m_verdict, 0, 0, 1, kKeyResultCount);
    m_grid->setContentsMargins(8, 6, 8, 6);
    m_grid->setSizeConstraint(QLayout::SetNoConstraint);   // the width minimum is minimumSizeHint()'s
    m_grid->setSpacing(8);
    for (Tile &tile : m_tiles) {
        auto *frame = new QWidget(this);
        frame->setObjectName(QStringLiteral("keyResultTile"));
        frame->setAttribute(Qt::WA_StyledBackground);
        auto *column = new QVBoxLayout(frame);
        column->setContentsMargins(10, 6, 10, 6);
        column->setSpacing(1);
        tile.frame = frame;
        tile.icon = new QLabel(frame);
        tile.value = new QLabel(frame);
        tile.caption = new QLabel(frame);
        tile.value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        tile.caption->setWordWrap(true);
        auto *valueRow = new QHBoxLayout;
        valueRow->setSpacing(kIconSpacing);
        valueRow->addWidget(tile.icon);
        valueRow->addWidget(tile.value, 1);
        column->addLayout(valueRow);
        column->addWidget(tile.caption);
        column->addStretch(1);
        // A click or the context menu anywhere on the tile asks for its explanation.
        for (QWidget *w : {frame, static_cast<QWidget *>(tile.icon), static_cast<QWidget *>(tile.value),
                           static_cast<QWidget *>(tile.caption)})
            w->installEventFilter(this);
        frame->setCursor(Qt::WhatsThisCursor);
    }
    applyFonts();
    applyColors(true);
    arrange(kKeyResultCount);
}

// The value line of a tile never wraps or clips; when the tiles do not fit side by side they
// flow onto more rows instead, so narrow windows and presentation-size fonts still show every
// number whole.
void KeyResultsStrip::arrange(int columns)
{
    if (columns == m_columns)
        return;
    m_columns = columns;
    for (Tile &tile : m_tiles)
        m_grid->removeWidget(tile.frame);
    // The verdict spans the columns in use only: spanning all seven, the empty ones took their
    // spacing from the tiles, and the widest values lost their last pixels.
    m_grid->removeWidget(m_verdict);
    m_grid->addWidget(m_verdict, 0, 0, 1, columns);
    for (int c = 0; c < kKeyResultCount; ++c)
        m_grid->setColumnStretch(c, c < columns ? 1 : 0);
    for (int i = 0; i < kKeyResultCount; ++i)
        m_grid->addWidget(m_tiles[static_cast<std::size_t>(i)].frame, 1 + i / columns, i % columns);
    updateGeometry();
}

namespace {

// The value sizes tried, largest first, when the tiles would take more than kMostRows rows.
constexpr double kValueScales[] = {1.0, 0.92, 0.85, 0.8};
constexpr int kMostRows = 3;

} // namespace

// The tiles per row at a value size (`scale` of the full one): as many as fit side by side.
int KeyResultsStrip::columnsAt(double scale, int available) const
{
    // 7 tiles in one row, else 4 + 3, 3 + 3 + 1, ...: rows as even as possible.
    int columns = kKeyResultCount;
    for (int rows = 1; rows <= kKeyResultCount; ++rows) {
        columns = (kKeyResultCount + rows - 1) / rows;
        // Every column must be as wide as its widest tile.
        int needed = (columns - 1) * m_grid->horizontalSpacing();
        for (int c = 0; c < columns; ++c) {
            int widest = 0;
            for (int i = c; i < kKeyResultCount; i += columns)
                widest = std::max(widest, tileMinimumWidth(i, scale));
            needed += widest;
        }
        if (needed <= available || columns == 1)
            break;
    }
    return columns;
}

// Beside a lesson on a projector the tiles of a plan that does not fit (or of a serving plan, whose
// values are longer) fell into four rows of two and left the chart below a few lines: rather than
// a fourth row, the values step down in size, to 80% at the least, until three rows hold them.
void KeyResultsStrip::updateArrangement()
{
    const QMargins margins = m_grid->contentsMargins();
    const int available = width() - margins.left() - margins.right();
    double scale = 1.0;
    int columns = 1;
    for (const double smaller : kValueScales) {
        scale = smaller;
        columns = columnsAt(smaller, available);
        if ((kKeyResultCount + columns - 1) / columns <= kMostRows)
            break;
    }
    if (scale != m_valueScale) {
        m_valueScale = scale;
        for (Tile &tile : m_tiles)
            tile.value->setFont(valueFont(tile.state));
    }
    arrange(columns);
    fitCaptions();
}

// Captions wrap while the tiles take one or two rows. From three rows on (a projector's 1280
// pixels with the lesson docks open, a narrow window) wrapped captions would take the height the
// chart below needs, so each caption keeps to one line of its column: in the largest of a few
// smaller fonts that holds it whole, else without its last clauses (compactCaption), the whole
// caption in the tooltip. It is never cut inside a clause: "40 GPUs for 40.0…" told a class nothing.
void KeyResultsStrip::fitCaptions()
{
    const int rows = (kKeyResultCount + m_columns - 1) / std::max(m_columns, 1);
    m_compact = rows >= 3;
    for (Tile &tile : m_tiles) {
        // The value line alone sets the column's width; the caption takes what is left. Only the
        // horizontal policy changes: QLabel keeps its height-for-width flag for wrapped text.
        QSizePolicy policy = tile.caption->sizePolicy();
        policy.setHorizontalPolicy(m_compact ? QSizePolicy::Ignored : QSizePolicy::Preferred);
        tile.caption->setSizePolicy(policy);
        fitCaption(tile);
    }
}

namespace {

// The caption's sizes tried in compact rows, largest first, against the strip's font; the first
// is the caption's own size.
constexpr double kCaptionScales[] = {0.9, 0.82, 0.75};

} // namespace

QStringList compactCaptionForms(const QString &caption)
{
    // Longest first: the caption, then without its last clause, and so on. The clauses of every
    // caption are joined by one of these, the detail after the headline.
    static const QString separators[] = {QStringLiteral(" · "), QStringLiteral(" ("), QStringLiteral(", ")};
    QStringList forms{caption};
    for (QString shorter = caption;;) {
        qsizetype cut = -1;
        for (const QString &sep : separators)
            cut = std::max(cut, shorter.lastIndexOf(sep));
        if (cut <= 0)
            break;
        shorter = shorter.left(cut);
        forms << shorter;
    }
    return forms;
}

QFont KeyResultsStrip::captionFont(double scale) const
{
    QFont f = font();
    f.setPointSizeF(font().pointSizeF() * scale);
    return f;
}

// Called again whenever the caption's width changes (see eventFilter).
void KeyResultsStrip::fitCaption(Tile &tile)
{
    QFont font = captionFont(kCaptionScales[0]);
    QString shown = tile.fullCaption;
    bool wrap = true;
    const int width = tile.caption->contentsRect().width();
    if (m_compact && width > 0) {
        // The whole caption in a smaller font comes before a shorter one in a larger font.
        const QStringList forms = compactCaptionForms(tile.fullCaption);
        const auto fits = [&] {
            for (const QString &form : forms)
                for (const double scale : kCaptionScales)
                    if (QFontMetrics(captionFont(scale)).horizontalAdvance(form) <= width) {
                        font = captionFont(scale);
                        shown = form;
                        return true;
                    }
            return false;
        };
        wrap = !fits();
        if (wrap) {   // not even the headline on one line: it wraps, in the smallest font
            font = captionFont(kCaptionScales[std::size(kCaptionScales) - 1]);
            shown = forms.back();
        }
    }
    if (tile.caption->font() != font)
        tile.caption->setFont(font);
    if (tile.caption->wordWrap() != wrap)
        tile.caption->setWordWrap(wrap);
    if (tile.caption->text() != shown)
        tile.caption->setText(shown);
    tile.caption->setToolTip(shown == tile.fullCaption ? QString() : literalToolTip(tile.fullCaption));
}

// The value line decides a tile's width (captions wrap). Cheaper than the frame's own
// minimumSizeHint(), which lays out the word-wrapped caption on every refresh.
// `scale`: the value's size against the full one (the value's width follows its font's size).
int KeyResultsStrip::tileMinimumWidth(int index, double scale) const
{
    const Tile &tile = m_tiles[static_cast<std::size_t>(index)];
    const QMargins margins = tile.frame->layout()->contentsMargins();
    const int value = static_cast<int>(std::ceil(tile.value->sizeHint().width() * scale / m_valueScale));
    return tile.icon->width() + kIconSpacing + value + margins.left() + margins.right() + 2;
}

QSize KeyResultsStrip::minimumSizeHint() const
{
    int widest = 0;
    for (int i = 0; i < kKeyResultCount; ++i)
        widest = std::max(widest, tileMinimumWidth(i, m_valueScale));
    const QMargins margins = m_grid->contentsMargins();
    return {widest + margins.left() + margins.right(), QWidget::minimumSizeHint().height()};
}

bool KeyResultsStrip::eventFilter(QObject *watched, QEvent *event)
{
    const QEvent::Type type = event->type();
    if (type == QEvent::Resize) {
        for (Tile &tile : m_tiles)
            if (watched == tile.caption && m_compact)
                fitCaption(tile);
        return QWidget::eventFilter(watched, event);
    }
    if (type != QEvent::MouseButtonRelease && type != QEvent::ContextMenu)
        return QWidget::eventFilter(watched, event);
    for (int i = 0; i < kKeyResultCount; ++i) {
        const Tile &tile = m_tiles[static_cast<std::size_t>(i)];
        if (watched != tile.frame && watched != tile.icon && watched != tile.value && watched != tile.caption)
            continue;
        const auto result = static_cast<KeyResult>(i);
        if (type == QEvent::MouseButtonRelease) {
            // A drag that selected text is not a request.
            if (static_cast<QMouseEvent *>(event)->button() == Qt::LeftButton && !tile.value->hasSelectedText())
                emit explainRequested(result);
            return false;
        }
        QMenu menu;
        menu.addAction(tr("Explain this number"), this, [this, result] { emit explainRequested(result); });
        menu.exec(static_cast<QContextMenuEvent *>(event)->globalPos());
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void KeyResultsStrip::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateArrangement();
    elideVerdict();
}

void KeyResultsStrip::elideVerdict()
{
    const QMargins margins = m_grid->contentsMargins();
    const int width = std::max(0, contentsRect().width() - margins.left() - margins.right());
    m_verdict->setText(QFontMetrics(m_verdict->font()).elidedText(m_verdictText, Qt::ElideRight, width));
}

QString KeyResultsStrip::valueText(KeyResult r) const
{
    return m_tiles[static_cast<std::size_t>(r)].value->text();
}

QString KeyResultsStrip::captionText(KeyResult r) const
{
    return m_tiles[static_cast<std::size_t>(r)].fullCaption;
}

QString KeyResultsStrip::toolTipText(KeyResult r) const
{
    return m_tiles[static_cast<std::size_t>(r)].frame->toolTip();
}

ResultState KeyResultsStrip::state(KeyResult r) const
{
    return m_tiles[static_cast<std::size_t>(r)].state;
}

QString KeyResultsStrip::verdictText() const
{
    return m_verdict->isHidden() ? QString() : m_verdictText;
}

void KeyResultsStrip::set(KeyResult r, const QString &value, const QString &caption, const QString &toolTip,
                          ResultState state)
{
    Tile &tile = m_tiles[static_cast<std::size_t>(r)];
    tile.value->setText(value);
    tile.fullCaption = caption;
    tile.caption->setText(caption);
    tile.frame->setToolTip(literalToolTip(toolTip));   // may quote names from files
    if ((tile.state == ResultState::Hypothetical) != (state == ResultState::Hypothetical))
        tile.value->setFont(valueFont(state));
    tile.state = state;
}

// A figure of a plan that cannot run is not an answer: it reads in the caption's size, not bold,
// which also keeps "would be …" from widening its column until the tiles fall into one column
// beside the lesson on a projector.
QFont KeyResultsStrip::valueFont(ResultState state) const
{
    QFont f = font();
    if (state == ResultState::Hypothetical) {
        f.setPointSizeF(font().pointSizeF() * 0.95 * m_valueScale);
        return f;
    }
    f.setPointSizeF(font().pointSizeF() * 1.3 * m_valueScale);
    f.setBold(true);
    return f;
}

void KeyResultsStrip::setNoResult(KeyResult r, const QString &caption, const QString &why)
{
    set(r, QStringLiteral("—"), caption, why, ResultState::NoResult);
}

void KeyResultsStrip::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
    if (event->type() == QEvent::PaletteChange)
        applyColors(true);
}

void KeyResultsStrip::applyFonts()
{
    const auto relayout = qScopeGuard([this] { updateArrangement(); });
    // The icons follow the caption's full size (presentation mode makes them larger).
    static const char *const icons[] = {"memory", "time", "throughput", "efficiency", "cluster", "power", "cost"};
    static_assert(std::size(icons) == static_cast<std::size_t>(kKeyResultCount));
    const int iconSize = QFontMetrics(captionFont(kCaptionScales[0])).height();
    for (std::size_t i = 0; i < m_tiles.size(); ++i) {
        Tile &tile = m_tiles[i];
        tile.value->setFont(valueFont(tile.state));
        tile.caption->setFont(captionFont(kCaptionScales[0]));
        tile.icon->setFixedSize(iconSize, iconSize);
        tile.icon->setPixmap(appIcon(QString::fromLatin1(icons[i])).pixmap(QSize(iconSize, iconSize), devicePixelRatioF()));
    }
    QFont verdictFont = font();
    verdictFont.setBold(true);
    verdictFont.setPointSizeF(font().pointSizeF() * 1.15);
    m_verdict->setFont(verdictFont);
    elideVerdict();
}

// Style sheets are re-applied only when a tile's state changes: restyling every tile on every
// slider step would cost more than the evaluation itself.
void KeyResultsStrip::applyColors(bool force)
{
    const QPalette pal = palette();
    QColor border = pal.color(QPalette::WindowText);
    border.setAlphaF(0.18f);
    QColor muted = pal.color(QPalette::WindowText);
    muted.setAlphaF(0.7f);
    if (force)
        m_verdict->setStyleSheet(QStringLiteral("#planVerdict { color: %1; border: 2px solid %1; border-radius: 4px; "
                                                "padding: 4px 8px; background: %2; }")
                                     .arg(errorColor(pal).name(QColor::HexArgb), pal.color(QPalette::Base).name()));
    for (Tile &tile : m_tiles) {
        if (!force && tile.styledState == static_cast<int>(tile.state))
            continue;
        tile.styledState = static_cast<int>(tile.state);
        QColor color = pal.color(QPalette::WindowText);
        if (tile.state == ResultState::Error)
            color = errorColor(pal);
        else if (tile.state == ResultState::Warning)
            color = warningColor(pal);
        else if (tile.state == ResultState::NoResult || tile.state == ResultState::Hypothetical)
            color = muted;
        const bool hypothetical = tile.state == ResultState::Hypothetical;
        tile.value->setStyleSheet(QStringLiteral("color: %1;%2")
                                      .arg(color.name(QColor::HexArgb),
                                           hypothetical ? QStringLiteral(" font-style: italic;") : QString()));
        tile.caption->setStyleSheet(QStringLiteral("color: %1;").arg(muted.name(QColor::HexArgb)));
        const QString frameBorder = tile.state == ResultState::Error ? errorColor(pal).name(QColor::HexArgb)
                                                                      : border.name(QColor::HexArgb);
        tile.frame->setStyleSheet(
            QStringLiteral("#keyResultTile { background: %1; border: 1px solid %2; border-radius: 4px; }")
                .arg(pal.color(QPalette::Base).name(), frameBorder));
    }
}

} // namespace gpuplan::ui
