// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartTextCheck.h"
#include "ExamplePlans.h"
#include "UiTestFixtures.h"

#include "Settings.h"
#include "Theme.h"
#include "charts/MemoryChart.h"
#include "charts/MemoryVerdictText.h"
#include "document/PlanController.h"

#include "common/Units.h"
#include "evaluator/Evaluator.h"
#include "memory/FrameworkOverhead.h"
#include "memory/MemoryAssumptions.h"

#include <QFile>
#include <QMenu>
#include <QTest>
#include <QUndoStack>

#include <qcustomplot.h>

using namespace gpuplan;
using namespace gpuplan::ui;

namespace {

MemoryResult memory(double weights, double optimizer, double activations, double capacity)
{
    MemoryResult m;
    m.breakdown.weights = weights;
    m.breakdown.optimizerStates = optimizer;
    m.breakdown.activations = activations;
    m.breakdown.cudaContext = 0.5 * units::kGiB;
    m.perGpuBytes = m.breakdown.total();
    m.capacityBytes = capacity;
    m.deviceTotalBytes = capacity;
    setMemoryVerdict(m);   // the memory model's 16% band
    m.fits = m.verdict != MemoryVerdict::DoesNotFit;
    return m;
}

double gib(double bytes)
{
    return bytes / units::kGiB;
}

} // namespace

class TestMemoryChart final : public QObject
{
    Q_OBJECT

private:
    // Two bars with hand-made breakdowns: 30 + 20 + 10 + 0.5 GiB on 80 GiB (fits) and
    // 60 + 40 + 10 + 0.5 GiB on 80 GiB (does not fit).
    std::vector<MemoryBar> handMadeBars()
    {
        return {{QStringLiteral("A"), QStringLiteral("GPU A"),
                 memory(30 * units::kGiB, 20 * units::kGiB, 10 * units::kGiB, 80 * units::kGiB), true},
                {QStringLiteral("B"), QStringLiteral("GPU B"),
                 memory(60 * units::kGiB, 40 * units::kGiB, 10 * units::kGiB, 80 * units::kGiB), false}};
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void barValuesAreTheBreakdown()
    {
        MemoryChart chart;
        chart.setBars(handMadeBars());
        QCOMPARE(chart.barValues(MemoryComponent::Weights), (QVector<double>{30, 60}));
        QCOMPARE(chart.barValues(MemoryComponent::OptimizerStates), (QVector<double>{20, 40}));
        QCOMPARE(chart.barValues(MemoryComponent::Activations), (QVector<double>{10, 10}));
        QCOMPARE(chart.barValues(MemoryComponent::CudaContext), (QVector<double>{0.5, 0.5}));
        QCOMPARE(chart.barValues(MemoryComponent::KvCache), (QVector<double>{0, 0}));
        QCOMPARE(chart.barTotals(), (QVector<double>{60.5, 110.5}));
        QCOMPARE(chart.capacityLine(), (QVector<double>{80, 80}));
        QCOMPARE(chart.barLabels().size(), 2);
        QVERIFY(chart.barLabels().front().startsWith(QStringLiteral("GPU A")));
        QVERIFY(chart.overlayText().isEmpty());
        // Only the components that occur are in the legend, plus the capacity line.
        QCOMPARE(chart.legendEntries(), (QStringList{"GPU memory limit", "Borderline (error band)", "Weights", "Optimizer states", "Activations",
                                                     "CUDA context"}));
    }

    // Issue 11: the verdict with the memory model's error band (docs/memory.md §10). A bar fits up to
    // capacity / 1.16, does not fit above capacity / 0.84, and is borderline in between; the band is
    // drawn around each limit and the verdict named above each bar.
    void verdictAndBandPerBar()
    {
        std::vector<MemoryBar> bars = handMadeBars();
        // 50 + 20 + 5 + 0.5 = 75.5 GiB on 80 GiB: within 16% of the limit.
        bars.push_back({QStringLiteral("C"), QStringLiteral("GPU C"),
                        memory(50 * units::kGiB, 20 * units::kGiB, 5 * units::kGiB, 80 * units::kGiB), false});
        MemoryChart chart;
        chart.setBars(bars);
        QCOMPARE(memassume::kMemoryVerdictBand, 0.16);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(chart.verdictBand(i).first, 80.0 / 1.16);
            QCOMPARE(chart.verdictBand(i).second, 80.0 / 0.84);
        }
        QCOMPARE(chart.verdictLabel(0), QStringLiteral("fits"));          // 60.5 GiB <= 68.97
        QCOMPARE(chart.verdictLabel(1), QStringLiteral("does not fit"));  // 110.5 GiB > 95.24
        QCOMPARE(chart.verdictLabel(2), QStringLiteral("borderline"));    // 75.5 GiB in between
        QVERIFY(!chart.isMarkedNotFitting(2));                            // borderline is usable
        QVERIFY(chart.limitNote().startsWith(QStringLiteral("This plan: fits.")));
        QVERIFY2(chart.limitNote().contains(QStringLiteral("fits up to 69.0 GiB, does not fit above 95.2 GiB (±16% error band)")),
                 qPrintable(chart.limitNote()));
    }

    // The limit an "80 GB" H100 offers is the CUDA device total, 85,045,477,376 B = 79.2 GiB
    // (catalogs/gpus.json cuda_total_mib, docs/references.md §14), not 80 GiB nor 74.5 GiB: the
    // chart says so where it draws the limit.
    void limitIsTheCudaTotalNextToTheMemoryAsSold()
    {
        auto c = test::openExamplePlan("llama3-70b-training.gpuplan");
        QVERIFY(c->isResolved());
        const MemoryResult &m = c->evaluation().memory;
        QCOMPARE(m.deviceTotalBytes, 85045477376.0);
        QCOMPARE(m.capacityBytes, 85045477376.0);
        QCOMPARE(m.soldBytes, 80e9);
        MemoryChart chart;
        chart.setComparisonCount(2);
        chart.refresh(*c);
        QCOMPARE(chart.capacityLine().front(), 85045477376.0 / units::kGiB);
        QVERIFY2(chart.barLabels().front().endsWith(QStringLiteral("\n79.2 GiB (80 GB)")),
                 qPrintable(chart.barLabels().front()));
        QVERIFY2(chart.limitNote().contains(QStringLiteral("79.2 GiB, the CUDA device total of a GPU sold as 80 GB (74.5 GiB)")),
                 qPrintable(chart.limitNote()));
        QVERIFY(chart.limitNote().contains(QStringLiteral("fits up to 76.1 GiB, does not fit above 82.6 GiB")));
        QCOMPARE(chart.verdictLabel(0), memoryVerdictName(m));
    }

    // On a short chart (a projector's 720 pixels with the lesson docks open) the bars keep their
    // height: the GPU names lose the vendor and bracketed remarks and wrap to a bar's width, the
    // limit is given in GiB only (a label past the plot's edge would not be drawn), the note
    // leaves the layout and the axis label shortens. Back at full height all of it returns.
    void shortChartGivesTheBarsRoom()
    {
        auto c = test::openExamplePlan("llama3-70b-training.gpuplan");
        MemoryChart chart;
        chart.setComparisonCount(5);
        chart.resize(830, 330);
        chart.show();
        chart.refresh(*c);
        QStringList labels = chart.barLabels();
        QCOMPARE(labels.size(), 6);
        for (const QString &label : labels) {
            QVERIFY2(!label.contains(QStringLiteral("NVIDIA")) && !label.contains(QStringLiteral("AMD")), qPrintable(label));
            QVERIFY2(!label.contains(QStringLiteral("(")), qPrintable(label));
        }
        QVERIFY2(labels.front().startsWith(QStringLiteral("H100 SXM5")), qPrintable(labels.front()));
        QVERIFY2(labels.front().endsWith(QStringLiteral("\n79.2 GiB")), qPrintable(labels.front()));
        QCOMPARE(chart.plot()->yAxis->label(), QStringLiteral("GiB per GPU"));
        chart.plot()->replot();
        const int shortPlot = chart.plot()->axisRect()->rect().height();

        chart.resize(830, 700);
        QCoreApplication::processEvents();
        labels = chart.barLabels();
        QVERIFY2(labels.front().startsWith(QStringLiteral("NVIDIA H100")), qPrintable(labels.front()));
        QVERIFY2(labels.front().endsWith(QStringLiteral("\n79.2 GiB (80 GB)")), qPrintable(labels.front()));
        QCOMPARE(chart.plot()->yAxis->label(), QStringLiteral("Memory per GPU (GiB)"));
        QVERIFY(shortPlot >= 330 / 5);

        // Tall but narrow (the window beside the teaching docks): no label runs into its
        // neighbour's. Names too long for three lines lose vendor and remark, a limit too wide
        // for its bar loses the memory as sold.
        chart.resize(520, 700);
        QCoreApplication::processEvents();
        labels = chart.barLabels();
        const QFontMetrics metrics(chart.plot()->xAxis->tickLabelFont());
        const double barPixels = 0.85 * chart.width() / labels.size();
        for (const QString &label : labels) {
            for (const QString &line : label.split(QLatin1Char('\n')))
                QVERIFY2(metrics.horizontalAdvance(line) <= barPixels, qPrintable(line));
        }
        QVERIFY2(labels.front().endsWith(QStringLiteral("\n79.2 GiB")), qPrintable(labels.front()));
    }

    // Above the bars, the estimate and verdict keep to their bar too: in full where there is room,
    // at a smaller font, then without the verdict word (the colour and outline still carry it),
    // then the number alone. Checked at 830 px, at 520 px (1280x720 beside the inputs and a dock),
    // at 330 px and at 200 px.
    void valueLabelsKeepToTheirBars()
    {
        auto c = test::openExamplePlan("llama3-70b-training.gpuplan");
        MemoryChart chart;
        chart.setComparisonCount(5);
        chart.resize(830, 600);
        chart.show();
        chart.refresh(*c);
        QStringList values = chart.valueLabels();
        QCOMPARE(values.size(), 6);
        for (int i = 0; i < values.size(); ++i)
            QVERIFY2(values[i].endsWith(QLatin1Char('\n') + chart.verdictLabel(i)), qPrintable(values[i]));
        QVERIFY2(values.front().contains(QStringLiteral(" GiB\n")), qPrintable(values.front()));
        QStringList shortest;
        for (int width : {520, 330, 200}) {
            chart.resize(width, 600);
            QCoreApplication::processEvents();
            values = chart.valueLabels();
            const double barPixels = 0.85 * chart.width() / values.size();
            for (int i = 0; i < values.size(); ++i) {
                const QFontMetrics metrics(chart.valueLabelFont(i));
                for (const QString &line : values[i].split(QLatin1Char('\n')))
                    QVERIFY2(metrics.horizontalAdvance(line) <= barPixels, qPrintable(QStringLiteral("%1 px: %2").arg(width).arg(line)));
                QVERIFY2(!values[i].isEmpty(), qPrintable(QString::number(i)));
            }
            shortest = values;
        }
        // At 200 px the verdict word has given way; the number is still there.
        QVERIFY2(!shortest.front().contains(QLatin1Char('\n')), qPrintable(shortest.front()));
        chart.resize(830, 600);
        QCoreApplication::processEvents();
        QVERIFY(chart.valueLabels().front().contains(QLatin1Char('\n')));
    }

    // "32.8 GiB fits" on an RTX 6000 Ada bar sat on the dashed limit a few GiB above it (issue 29):
    // a bar whose estimate is close below its limit has its label moved clear of the line, found
    // here from the plot's geometry, at a projector's short chart and a desk's tall one.
    void valueLabelsKeepOffTheLimitLine()
    {
        MemoryChart chart;
        chart.setBars({{QStringLiteral("A"), QStringLiteral("GPU A"),
                        memory(20 * units::kGiB, 14 * units::kGiB, 2 * units::kGiB, 44.7 * units::kGiB), true},
                       {QStringLiteral("B"), QStringLiteral("GPU B"),
                        memory(20 * units::kGiB, 10 * units::kGiB, 2 * units::kGiB, 37.3 * units::kGiB), false},
                       {QStringLiteral("C"), QStringLiteral("GPU C"),
                        memory(10 * units::kGiB, 5 * units::kGiB, 2 * units::kGiB, 80 * units::kGiB), false}});
        chart.show();
        for (const QSize size : {QSize(760, 300), QSize(760, 420), QSize(900, 700)}) {
            chart.resize(size);
            QCoreApplication::processEvents();
            chart.plot()->replot();
            QCustomPlot *p = chart.plot();
            const QVector<double> limits = chart.capacityLine();
            const QStringList values = chart.valueLabels();
            QCOMPARE(values.size(), 3);
            int checked = 0;
            for (int item = 0; item < p->itemCount(); ++item) {
                auto *label = qobject_cast<QCPItemText *>(p->item(item));
                const int bar = label ? static_cast<int>(values.indexOf(label->text())) : -1;
                if (bar < 0)
                    continue;
                const QRectF box = gpuplan::testing::itemTextRect(*label);
                const double y = p->yAxis->coordToPixel(limits[bar]);
                const double left = p->xAxis->coordToPixel(bar + 1 - 0.42), right = p->xAxis->coordToPixel(bar + 1 + 0.42);
                const bool over = y > box.top() + 1 && y < box.bottom() - 1 && right > box.left() && left < box.right();
                QVERIFY2(!over, qPrintable(QStringLiteral("%1x%2: \"%3\" (%4 to %5 px) over its limit at %6 px")
                                               .arg(size.width()).arg(size.height()).arg(label->text())
                                               .arg(box.top()).arg(box.bottom()).arg(y)));
                ++checked;
            }
            QCOMPARE(checked, 3);
            const QStringList problems = gpuplan::testing::chartTextProblems(*p);
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        }
    }

    void notFittingBarIsMarkedInTheErrorColour()
    {
        MemoryChart chart;
        chart.setBars(handMadeBars());
        QVERIFY(!chart.isMarkedNotFitting(0));
        QVERIFY(chart.isMarkedNotFitting(1));
        QCOMPARE(chart.markColor(1), errorColor(chart.palette()));

        QPalette dark = chart.palette();
        dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::WindowText, Qt::white);
        chart.setPalette(dark);
        QVERIFY(isDark(chart.palette()));
        QCOMPARE(chart.markColor(1), errorColor(dark));
        QVERIFY(errorColor(dark) != errorColor(QPalette(Qt::white)));
    }

    void hoverGivesExactValuesWithUnits()
    {
        MemoryChart chart;
        chart.resize(900, 600);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setBars(handMadeBars());
        chart.plot()->replot();
        const QCustomPlot *p = chart.plot();
        const QPointF onWeights(p->xAxis->coordToPixel(1), p->yAxis->coordToPixel(15));
        const QString text = chart.toolTipAt(onWeights);
        QVERIFY2(text.contains(QStringLiteral("Weights: 30.00 GiB")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("32.21 GB")));   // 30 GiB = 32.21e9 bytes
        QVERIFY(text.contains(QStringLiteral("fits")));
        const QPointF onOptimizer(p->xAxis->coordToPixel(2), p->yAxis->coordToPixel(80));
        QVERIFY(chart.toolTipAt(onOptimizer).contains(QStringLiteral("Optimizer states: 40.00 GiB")));
        QVERIFY(chart.toolTipAt(onOptimizer).contains(QStringLiteral("does not fit")));
        QVERIFY(chart.toolTipAt(QPointF(p->xAxis->coordToPixel(5), 10)).isEmpty());
    }

    void resetViewRestoresTheRange()
    {
        MemoryChart chart;
        chart.setBars(handMadeBars());
        const QCPRange y = chart.plot()->yAxis->range();
        QVERIFY(y.upper > 110.5);   // the tallest bar and its label fit
        chart.plot()->yAxis->setRange(5, 7);
        chart.resetView();
        QCOMPARE(chart.plot()->yAxis->range().upper, y.upper);
    }

    void contextMenuAndExports()
    {
        MemoryChart chart;
        chart.resize(800, 500);
        chart.setBars(handMadeBars());
        std::unique_ptr<QMenu> menu(chart.createContextMenu(nullptr));
        QStringList texts;
        for (QAction *a : menu->actions())
            texts << a->text();
        QVERIFY(texts.contains(QStringLiteral("Copy image")));
        QVERIFY(texts.contains(QStringLiteral("Export PNG…")));
        QVERIFY(texts.contains(QStringLiteral("Reset view")));
        QCOMPARE(texts.contains(QStringLiteral("Export SVG…")), ChartWidget::svgExportAvailable());

        const QString png = QStringLiteral(GPUPLAN_BINARY_DIR "/tst_memorychart.png");
        QVERIFY(chart.exportPng(png, QSize(640, 400)));
        QImage image(png);
        QCOMPARE(image.size(), QSize(1280, 800));   // exported at twice the pixels
        QVERIFY(!chart.renderImage(QSize(320, 200)).isNull());
        if (ChartWidget::svgExportAvailable()) {
            const QString svg = QStringLiteral(GPUPLAN_BINARY_DIR "/tst_memorychart.svg");
            QVERIFY(chart.exportSvg(svg, QSize(640, 400)));
            QFile f(svg);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray content = f.readAll();
            QVERIFY(content.contains("<svg"));
            QVERIFY(content.contains("GiB"));   // axis label and values are text, not pixels
        }
    }

    void refreshEvaluatesThePlanOnComparableGpus()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        QVERIFY(controller.isResolved());
        MemoryChart chart;
        chart.setComparisonCount(4);
        chart.refresh(controller);

        const auto &bars = chart.bars();
        QCOMPARE(static_cast<int>(bars.size()), 5);
        QVERIFY(bars[0].isPlanGpu);
        QCOMPARE(bars[0].gpuId, QStringLiteral("H100-SXM-80GB"));
        // The plan GPU's bar is the controller's evaluation, component by component.
        const MemoryResult &m = controller.evaluation().memory;
        for (int c = 0; c < kMemoryComponentCount; ++c) {
            const auto component = static_cast<MemoryComponent>(c);
            QCOMPARE(chart.barValues(component).front(), gib(memoryComponentBytes(m.breakdown, component)));
        }
        // The capacity line sits at the GPU's memory (training uses the whole GPU).
        QCOMPARE(chart.capacityLine().front(), gib(m.capacityBytes));
        QCOMPARE(m.capacityBytes, controller.resolved().gpu->memoryBytes);
        // Every other bar is the same plan evaluated on that GPU.
        bool hasLarger = false;
        for (std::size_t i = 1; i < bars.size(); ++i) {
            const GpuSpec *gpu = controller.catalog().findGpu(bars[i].gpuId.toStdString());
            QVERIFY(gpu);
            QVERIFY(gpu->id != "H100-SXM-80GB");
            ResolvedPlan r;
            QVERIFY(controller.resolveWithGpu(*gpu, r));
            const Evaluation e = evaluate(r);
            QCOMPARE(bars[i].memory.perGpuBytes, e.memory.perGpuBytes);
            QCOMPARE(chart.barValues(MemoryComponent::Weights)[static_cast<int>(i)], gib(e.memory.breakdown.weights));
            QCOMPARE(chart.capacityLine()[static_cast<int>(i)], gib(gpu->memoryBytes));
            hasLarger = hasLarger || gpu->memoryBytes > 80e9;
            QCOMPARE(chart.isMarkedNotFitting(static_cast<int>(i)), !e.memory.fits && e.memory.perGpuBytes > 0);
        }
        QVERIFY(hasLarger);
    }

    void planThatDoesNotFitIsRed()
    {
        // Llama 3 70B with TP 8 on one node and no sharding: bf16 weights (2 B), fp32 gradients
        // (4 B), fp32 master weights and Adam moments (12 B) = 18 B x 70.6e9 / 8 = 159 GB per GPU
        // before activations, double the 80 GB of an H100.
        Plan p = test::fixtureTrainingPlan();
        p.hardware.numGpus = 8;
        p.parallelism.pp = 1;
        p.parallelism.zero = 0;
        p.workload.training.globalBatch = 8;
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(p, QStringLiteral("fixture"));
        MemoryChart chart;
        chart.refresh(controller);
        QVERIFY(!controller.evaluation().memory.fits);
        QVERIFY(controller.evaluation().memory.perGpuBytes > 150e9);
        QVERIFY(chart.isMarkedNotFitting(0));
        QCOMPARE(chart.markColor(0), errorColor(chart.palette()));
    }

    void unresolvablePlanSaysWhy()
    {
        PlanController controller(test::fixtureCatalog());
        Plan p = test::fixtureTrainingPlan();
        p.hardware.gpu = "NoSuchGPU";
        controller.applyPlan(p, QStringLiteral("fixture"));
        MemoryChart chart;
        chart.refresh(controller);
        QVERIFY(chart.bars().empty());
        QVERIFY(chart.overlayText().contains(QStringLiteral("NoSuchGPU")));
    }

    void settingsApply()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        settings.setComparisonGpuCount(2);
        settings.setChartLegendVisible(false);
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        MemoryChart chart;
        chart.applySettings(settings);
        chart.refresh(controller);
        QCOMPARE(static_cast<int>(chart.bars().size()), 3);
        QVERIFY(!chart.legendVisible());
    }
};

QTEST_MAIN(TestMemoryChart)
#include "tst_memorychart.moc"
