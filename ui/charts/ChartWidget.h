// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ResultTab.h"

#include <QFont>
#include <QHash>
#include <QImage>
#include <QPointF>

#include <functional>

class QCustomPlot;
class QCPAxis;
class QCPItemText;
class QCPTextElement;
class QLabel;
class QMenu;
class QMouseEvent;

namespace gpuplan::ui {

// Base of every chart tab: a QCustomPlot with the behaviour all charts share. Hovering shows the
// exact value with its unit (hoverText()), the wheel zooms, dragging pans, the right-click menu
// copies the image, exports PNG or SVG and resets the view. Fonts follow the application font
// (presentation mode) and colours follow the palette (light/dark). Subclasses own the data and
// expose it for tests; pixels are never the contract.
class ChartWidget : public ResultTab
{
    Q_OBJECT
public:
    explicit ChartWidget(QWidget *parent = nullptr);
    ~ChartWidget() override;

    QCustomPlot *plot() const { return m_plot; }
    virtual void resetView() = 0;

    QImage renderImage(const QSize &size = {}) const;              // empty size = widget size
    bool exportPng(const QString &path, const QSize &size = {}) const;
    bool exportSvg(const QString &path, const QSize &size = {}) const;   // false without Qt SVG
    static bool svgExportAvailable();
    QMenu *createContextMenu(QWidget *parent);
    QString toolTipAt(const QPointF &pixel) const { return hoverText(pixel); }

    void applySettings(const Settings &settings) override;
    void setLegendVisible(bool visible);
    bool legendVisible() const { return m_legendVisible; }
    QString overlayText() const;
    QStringList legendEntries() const;              // names in legend order
    // The title as drawn: wrapped at spaces to the chart's width, a word wider than the chart
    // elided. shownTitleWidth() is its widest line in pixels of the title font.
    QString shownTitle() const;
    int shownTitleWidth() const;

protected:
    // Tooltip for a position in plot pixels; empty = none.
    virtual QString hoverText(const QPointF &pixel) const = 0;
    // Re-apply series colours and fonts after the palette or application font changed.
    virtual void restyle() {}
    // Called after each layout of the plot, when the axes' pixel lengths are known: charts whose
    // value labels need room beyond their data widen their default range here.
    virtual void fitToLayout() {}
    // The key a value label was placed at, also while it is moved inside the axis rect for a layout.
    static double labelKey(const QCPItemText &label);
    // Shows or hides the legends after the legend setting changed. Charts with a legend of their
    // own (the cost tornado) or a legend only for some data override it; the default shows the
    // plot's legend exactly when the setting says so.
    virtual void updateLegendVisibility();

    // Calls onClick with the plot pixel of each left click that did not drag (a drag pans the view):
    // the charts whose points select a table row.
    void onPlotClicked(std::function<void(const QPointF &pixel)> onClick);

    void setTitle(const QString &title);
    // Moves the legend out of the plot into rows of `columns` entries under the title: it covers
    // no data and takes no width from the plot.
    // Above a short chart (isShortChart) its entries take a smaller font and icons unless the chart
    // sizes them itself (shrinkWhenShort false).
    void placeLegendUnderTitle(int columns, bool shrinkWhenShort = true);
    // Fewer than kShortChartLines lines of the chart's text high: a projector's large fonts in the
    // space beside a lesson, where the title, legend and axes would leave the plot a few lines.
    bool isShortChart() const;
    static constexpr int kShortChartLines = 22;
    static constexpr double kShortLegendScale = 0.8;
    // A message in the middle of the chart when there is nothing to draw, and why.
    void setOverlayText(const QString &text);
    QFont chartFont(double scale = 1.0, bool bold = false) const;
    QColor textColor() const;
    QColor mutedColor() const;
    QColor gridColor() const;
    QColor backgroundColor() const;
    void replot();

    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void applyBaseStyle();
    void wrapTitle();
    void fitAxisTitles();
    bool fitLegendColumns();
    void onMouseMove(QMouseEvent *event);
    void exportWithDialog(bool svg);
    QSize exportSize(const QSize &size) const;

    QCustomPlot *m_plot;
    QCPTextElement *m_title = nullptr;
    QString m_fullTitle;                            // as set; the element shows it wrapped
    struct AxisTitle
    {
        QString full;                               // as the chart set it
        QString shown;                              // wrapped to the axis's length
        QFont font;                                 // as the chart (or the base style) set it
        QFont shownFont;                            // smaller where one word is longer than the axis
    };
    QHash<const QCPAxis *, AxisTitle> m_axisTitles;
    int m_legendColumns = 0;                        // asked for by placeLegendUnderTitle; 0 = inside the plot
    bool m_legendShrinks = true;                    // placeLegendUnderTitle's shrinkWhenShort
    QLabel *m_overlay;
    bool m_legendVisible = true;
    QPointF m_pressPixel;                           // where the mouse button went down
};

} // namespace gpuplan::ui
