// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QWidget>

#include <array>

class QGridLayout;
class QLabel;

namespace gpuplan::ui {

class PlanController;

// A key-result caption and its shorter forms, longest first, each without the last clause of the
// one before (clauses joined by " · ", " (" or ", "): what a compact tile may show of it.
QStringList compactCaptionForms(const QString &caption);

enum class KeyResult : int { Memory, Time, Throughput, Efficiency, Cluster, Power, Cost, Count };
inline constexpr int kKeyResultCount = static_cast<int>(KeyResult::Count);

// How a key result reads: colour only where it carries meaning. Hypothetical: the plan cannot run
// as written, and the figure is what it would be if it could (greyed, italic, "would be").
enum class ResultState { Normal, Warning, Error, NoResult, Hypothetical };

// The row of headline numbers a manager reads first: does it fit, how long, how fast, how
// efficient, how big, how much power, how much money. A result a model has not produced yet
// reads "—" with a tooltip saying so; nothing is shown that the core did not compute. A plan that
// cannot run says so first, above the tiles, and its times and costs read "would be …".
class KeyResultsStrip : public QWidget
{
    Q_OBJECT
public:
    explicit KeyResultsStrip(QWidget *parent = nullptr);

    void refresh(const PlanController &controller);

    QString valueText(KeyResult result) const;
    QString captionText(KeyResult result) const;
    QString toolTipText(KeyResult result) const;
    ResultState state(KeyResult result) const;
    // The verdict line above the tiles: "Invalid plan: <reason>" or "Does not fit: <reason>";
    // empty (and hidden) for a valid plan. One line at any width (cut with "…", the whole text in
    // its tooltip), so that a plan that does not fit leaves the chart its height on a projector.
    QString verdictText() const;
    QLabel *verdictLabel() const { return m_verdict; }   // tests
    // A tile's value and caption lines, for tests that check from their geometry that each is whole.
    const QLabel *valueLabel(KeyResult result) const { return m_tiles[static_cast<std::size_t>(result)].value; }
    const QLabel *captionLabel(KeyResult result) const { return m_tiles[static_cast<std::size_t>(result)].caption; }

    QSize minimumSizeHint() const override;
    int columnCount() const { return m_columns; }
    // Three or more rows of tiles: each caption keeps to one line, in a smaller font or without its
    // last clauses (compactCaptionForms, the whole caption in its tooltip), so the chart below keeps
    // its height on a projector or a narrow window; no caption is ever elided.
    bool compactCaptions() const { return m_compact; }
    // The values' size against the full one: 1 where the tiles fit in three rows, smaller (to 0.8)
    // where at full size they would take four or more.
    double valueScale() const { return m_valueScale; }

signals:
    // A tile was clicked or "Explain this number" chosen from its context menu.
    void explainRequested(gpuplan::ui::KeyResult result);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Tile
    {
        QWidget *frame = nullptr;
        QLabel *icon = nullptr;
        QLabel *value = nullptr;
        QLabel *caption = nullptr;
        QString fullCaption;       // the caption as set (shown whole, in a font that fits its column)
        ResultState state = ResultState::NoResult;
        int styledState = -1;      // the state the colours were last set for
    };

    void set(KeyResult result, const QString &value, const QString &caption, const QString &toolTip,
             ResultState state);
    void setNoResult(KeyResult result, const QString &caption, const QString &why);
    void refreshTraining(const PlanController &controller);
    void refreshInference(const PlanController &controller);
    void refreshServingCapacity(const PlanController &controller);
    void refreshCommon(const PlanController &controller);
    void refreshVerdict(const PlanController &controller);
    void applyFonts();
    void arrange(int columns);
    void updateArrangement();
    int tileMinimumWidth(int index, double scale) const;
    int columnsAt(double scale, int available) const;
    void fitCaptions();
    void fitCaption(Tile &tile);
    QFont captionFont(double scale) const;
    void elideVerdict();
    QFont valueFont(ResultState state) const;
    void applyColors(bool force);

    std::array<Tile, kKeyResultCount> m_tiles;
    QGridLayout *m_grid;
    QLabel *m_verdict;     // row 0, across all columns; hidden for a valid plan
    QString m_verdictText; // as written, before elideVerdict()
    int m_columns = 0;     // tiles per row: all in one row when they fit, else two or more rows
    bool m_compact = false;
    double m_valueScale = 1.0;   // the values' size against the full one (updateArrangement)
};

} // namespace gpuplan::ui
