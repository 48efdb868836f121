// SPDX-License-Identifier: GPL-3.0-or-later
#include "InputPanelFixture.h"

#include "Theme.h"
#include "charts/MemoryChart.h"
#include "document/PlanController.h"
#include "inputs/ChoiceFieldRow.h"
#include "inputs/CollapsibleSection.h"
#include "inputs/FieldRow.h"
#include "inputs/InputPanel.h"
#include "inputs/ScaledSpinBox.h"
#include "inputs/SliderFieldRow.h"
#include "inputs/ValueLadder.h"
#include "results/ResultsPanel.h"

#include "common/Units.h"
#include "evaluator/Evaluator.h"
#include "plan/PlanFields.h"
#include "plan/PlanIo.h"
#include "plan/RecomputeModules.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <span>
#include <utility>

#include <QApplication>
#include <QComboBox>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>
#include <QToolButton>
#include <QWheelEvent>

using namespace gpuplan;
using namespace gpuplan::ui;
using gpuplan::test::Fixture;

class TestInputPanel final : public QObject
{
    Q_OBJECT

private:
    static Evaluation coreEvaluation(const PlanController &c)
    {
        ResolvedPlan rp;
        std::vector<ResolveError> errors;
        if (!resolvePlan(c.plan(), c.catalog(), rp, errors))
            return {};
        return evaluate(rp);
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void scaledSpinBoxTextReadsBackToItsValue()
    {
        // The text is the value as typed (common/Format.h formatBound), so leaving the field keeps
        // the value: seven digits of 1,234,567 survive, where six significant digits lost one.
        ScaledSpinBox box;
        box.setDecimals(3);
        box.setRange(0, 1e15);
        for (const double v : {1234567.0, 70.6e9, 0.05, 2100.0, 123456.0}) {
            const QString text = box.textFromValue(v);
            QCOMPARE(box.valueFromText(text), v);
        }
        QCOMPARE(box.textFromValue(1234567.0), QStringLiteral("1.234567 M"));
        QCOMPARE(box.textFromValue(2100.0), QStringLiteral("2.1 k"));
        QCOMPARE(box.textFromValue(0.05), QStringLiteral("0.05"));
    }

    void slidersComeFromTheRegistry()
    {
        Fixture f;
        auto *gpus = qobject_cast<SliderFieldRow *>(f.panel->row(QStringLiteral("hardware.num_gpus")));
        QVERIFY(gpus);
        QVERIFY(gpus->isLogScale());   // 1 to 1,000,000 GPUs
        QCOMPARE(gpus->valueAtPosition(gpus->slider()->minimum()), 1.0);
        QCOMPARE(gpus->valueAtPosition(gpus->slider()->maximum()), findPlanField("hardware.num_gpus")->max);
        auto *spin = qobject_cast<QSpinBox *>(gpus->spinBox());
        QCOMPARE(spin->minimum(), 1);
        QCOMPARE(spin->maximum(), 1000000);
        QCOMPARE(spin->value(), 1024);
        QVERIFY(spin->toolTip().contains(QStringLiteral("GPUs in the plan")));
        auto *unit = f.panel->findChild<QLabel *>(QStringLiteral("unit:hardware.num_gpus"));
        QVERIFY(unit);
        QCOMPARE(unit->text(), QStringLiteral("GPUs"));
        // The ladder reaches the counts people use.
        const auto ladder = valueLadder(1, 1e6, true);
        for (double v : {8.0, 256.0, 384.0, 512.0, 1024.0, 2048.0, 24576.0})
            QVERIFY2(std::find(ladder.begin(), ladder.end(), v) != ladder.end(), qPrintable(QString::number(v)));
        // Linear for narrow ranges.
        auto *pue = qobject_cast<SliderFieldRow *>(f.panel->row(QStringLiteral("facility.pue")));
        QVERIFY(pue && !pue->isLogScale());
    }

    void movingASliderChangesThePlanAndTheChart()
    {
        Fixture f;
        const QVector<double> before = f.chart->barTotals();
        QSlider *slider = f.panel->slider(QStringLiteral("hardware.num_gpus"));
        auto *row = qobject_cast<SliderFieldRow *>(f.panel->row(QStringLiteral("hardware.num_gpus")));
        slider->setValue(row->positionOfValue(512));
        QCOMPARE(f.controller.plan().hardware.numGpus, 512);
        QCOMPARE(qobject_cast<QSpinBox *>(row->spinBox())->value(), 512);

        // The chart shows the core's numbers for the new plan.
        const Evaluation e = coreEvaluation(f.controller);
        QCOMPARE(e.layout.dp, 16);
        for (int c = 0; c < kMemoryComponentCount; ++c) {
            const auto component = static_cast<MemoryComponent>(c);
            QCOMPARE(f.chart->barValues(component).front(),
                     memoryComponentBytes(e.memory.breakdown, component) / units::kGiB);
        }
        // Half the data-parallel ranks: each holds twice the ZeRO-1 optimizer shard.
        QVERIFY(e.memory.perGpuBytes > 0);
        QVERIFY(f.chart->barTotals().front() > before.front());
    }

    void spinBoxSetsExactValues()
    {
        Fixture f;
        auto *spin = qobject_cast<QSpinBox *>(f.panel->spinBox(QStringLiteral("hardware.num_gpus")));
        spin->setValue(1000);   // not on the slider's ladder
        QCOMPARE(f.controller.plan().hardware.numGpus, 1000);
        auto *tokens = qobject_cast<QDoubleSpinBox *>(f.panel->spinBox(QStringLiteral("workload.training.tokens")));
        QVERIFY(tokens);
        QCOMPARE(tokens->text(), QStringLiteral("15 T"));
        tokens->setValue(2e12);
        QCOMPARE(f.controller.plan().workload.training.tokens, 2e12);
        QCOMPARE(tokens->text(), QStringLiteral("2 T"));
    }

    void keyboardStepsAlongTheSlider()
    {
        Fixture f;
        QSlider *slider = f.panel->slider(QStringLiteral("parallelism.pp"));
        f.panel->show();
        slider->setFocus();
        QTest::keyClick(slider, Qt::Key_Right);
        QCOMPARE(f.controller.plan().parallelism.pp, 5);
        QTest::keyClick(slider, Qt::Key_Left);
        QTest::keyClick(slider, Qt::Key_Left);
        QCOMPARE(f.controller.plan().parallelism.pp, 3);
        QCOMPARE(f.controller.undoStack()->count(), 3);   // key presses are separate steps
    }

    void tabOrderFollowsTheRows()
    {
        Fixture f;
        f.panel->resize(520, 900);
        f.panel->show();
        f.panel->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(f.panel.get()));
        auto focusIs = [](QWidget *w) {
            QWidget *focus = QApplication::focusWidget();
            return focus == w || (focus && focus->parentWidget() == w);   // a spin box's line edit
        };
        f.panel->slider(QStringLiteral("model.layers"))->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QVERIFY(focusIs(f.panel->spinBox(QStringLiteral("model.layers"))));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QVERIFY(focusIs(f.panel->slider(QStringLiteral("model.hidden"))));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
        QVERIFY(focusIs(f.panel->spinBox(QStringLiteral("model.layers"))));
    }

    void wheelOverAnUnfocusedControlDoesNotEditThePlan()
    {
        Fixture f;
        f.panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.panel.get()));
        QSlider *slider = f.panel->slider(QStringLiteral("model.layers"));
        QVERIFY(!slider->hasFocus());
        const QPointF at(slider->width() / 2.0, slider->height() / 2.0);
        QWheelEvent wheel(at, slider->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(slider, &wheel);
        QCOMPARE(f.controller.plan().model.layers, 80);
        QCOMPARE(f.controller.undoStack()->count(), 0);
    }

    void dragIsOneUndoStep()
    {
        Fixture f;
        QSlider *slider = f.panel->slider(QStringLiteral("hardware.num_gpus"));
        slider->setSliderDown(true);   // as when the handle is pressed
        for (int i = 0; i < 12; ++i)
            slider->setValue(slider->value() + 1);
        slider->setSliderDown(false);
        QVERIFY(f.controller.plan().hardware.numGpus > 1024);
        QCOMPARE(f.controller.undoStack()->count(), 1);
        f.controller.undoStack()->undo();
        QCOMPARE(f.controller.plan().hardware.numGpus, 1024);
        QCOMPARE(qobject_cast<QSpinBox *>(f.panel->spinBox(QStringLiteral("hardware.num_gpus")))->value(), 1024);
    }

    void layoutRuleMessageAppearsUnderTheControl()
    {
        Fixture f;
        QVERIFY(f.panel->messageFor(QStringLiteral("parallelism.tp")).isEmpty());
        qobject_cast<QSpinBox *>(f.panel->spinBox(QStringLiteral("parallelism.tp")))->setValue(6);
        QCOMPARE(f.controller.plan().parallelism.tp, 6);
        const QString message = f.panel->messageFor(QStringLiteral("parallelism.tp"));
        QVERIFY2(message.contains(QStringLiteral("TP must divide the 64 attention heads (TP = 6)")), qPrintable(message));
        FieldRow *row = f.panel->row(QStringLiteral("parallelism.tp"));
        QVERIFY(row->messageLabel()->styleSheet().contains(errorColor(row->messageLabel()->palette()).name()));
        // 1,024 GPUs do not split into groups of TP 6 x PP 4: said next to the GPU count.
        QVERIFY(f.panel->messageFor(QStringLiteral("hardware.num_gpus")).contains(QStringLiteral("24")));
        f.controller.undoStack()->undo();
        QVERIFY(f.panel->messageFor(QStringLiteral("parallelism.tp")).isEmpty());
        QVERIFY(f.panel->messageFor(QStringLiteral("hardware.num_gpus")).isEmpty());
    }

    void rejectedValueShowsTheRegistryMessage()
    {
        Fixture f;
        // -1 means "from the catalog"; between -1 and 0 is not allowed.
        auto *price = qobject_cast<QDoubleSpinBox *>(f.panel->spinBox(QStringLiteral("cost.gpu_price_usd")));
        QVERIFY(price);
        const double before = f.controller.plan().cost.gpuPriceUsd;
        price->setValue(-0.5);
        QCOMPARE(f.controller.plan().cost.gpuPriceUsd, before);
        QCOMPARE(f.controller.undoStack()->count(), 0);
        std::string expected;
        QVERIFY(!checkFieldValue(*findPlanField("cost.gpu_price_usd"), -0.5, expected));
        QCOMPARE(f.panel->messageFor(QStringLiteral("cost.gpu_price_usd")), QString::fromStdString(expected));
        QCOMPARE(price->value(), before);   // back to the plan's value
        price->setValue(25000);
        QCOMPARE(f.controller.plan().cost.gpuPriceUsd, 25000.0);
        QVERIFY(f.panel->messageFor(QStringLiteral("cost.gpu_price_usd")).isEmpty());
    }

    // Elastic training is edited in COST & FACILITY: the check box and the node range, whose
    // "auto" (0) is the derived range (docs/facility-and-cost.md "Elastic training").
    void elasticTrainingRangeIsEditable()
    {
        Fixture f;
        auto *elastic = f.panel->findChild<QCheckBox *>(QStringLiteral("check:reliability.elastic"));
        QVERIFY(elastic);
        QVERIFY(!elastic->isChecked());
        elastic->setChecked(true);
        QVERIFY(f.controller.plan().reliability.elastic);
        auto *minNodes = qobject_cast<QSpinBox *>(f.panel->spinBox(QStringLiteral("reliability.elastic_min_nodes")));
        auto *maxNodes = qobject_cast<QSpinBox *>(f.panel->spinBox(QStringLiteral("reliability.elastic_max_nodes")));
        QVERIFY(minNodes && maxNodes);
        QCOMPARE(minNodes->text(), QStringLiteral("auto"));
        minNodes->setValue(100);
        maxNodes->setValue(160);
        QCOMPARE(f.controller.plan().reliability.elasticMinNodes, 100);
        QCOMPARE(f.controller.plan().reliability.elasticMaxNodes, 160);
        minNodes->setValue(0);
        QCOMPARE(f.controller.plan().reliability.elasticMinNodes, 0);
        QVERIFY(f.panel->row(QStringLiteral("reliability.elastic_min_nodes"))->isRowVisible());
    }

    // A warning about a field in a folded section is seen at the top of the panel with the section's
    // name (the data path's host-CPU limit is about the loader workers, in TRAINING STACK), and at
    // its row once the section is unfolded.
    void warningsOfFoldedRowsShowAtTheTop()
    {
        Fixture f;
        QVERIFY(f.controller.setNumber(QStringLiteral("data.kind"), static_cast<double>(DataKind::Images)));
        QVERIFY(f.controller.setNumber(QStringLiteral("data.decode_cpu_ms_per_sample"), 1e5));
        QVERIFY(f.controller.setNumber(QStringLiteral("parallelism.loader_workers"), 1));
        QCOMPARE(f.controller.evaluation().dataPath.limit, DataLimit::HostCpu);
        const QString top = f.panel->generalMessages();
        QVERIFY2(top.contains(QStringLiteral("Loader workers (TRAINING STACK): The data loaders' host CPU limits the step")),
                 qPrintable(top));
        CollapsibleSection *stack = f.panel->section(QStringLiteral("TRAINING STACK"));
        stack->header()->click();
        QVERIFY(stack->isExpanded());
        QVERIFY(!f.panel->generalMessages().contains(QStringLiteral("host CPU")));
    }

    void modeSwitchShowsTheMatchingInputs()
    {
        Fixture f;
        QVERIFY(f.panel->row(QStringLiteral("workload.training.seq_len"))->isRowVisible());
        QVERIFY(!f.panel->row(QStringLiteral("workload.inference.prompt_len"))->isRowVisible());
        QComboBox *mode = f.panel->comboBox(QStringLiteral("workload.mode"));
        QCOMPARE(mode->currentText(), QStringLiteral("Training"));
        mode->setCurrentIndex(1);
        emit mode->activated(1);
        QCOMPARE(f.controller.plan().workload.mode, Mode::Inference);
        QVERIFY(!f.panel->row(QStringLiteral("workload.training.seq_len"))->isRowVisible());
        QVERIFY(f.panel->row(QStringLiteral("workload.inference.prompt_len"))->isRowVisible());
        QVERIFY(f.panel->row(QStringLiteral("precision.kv_cache"))->isRowVisible());
    }

    void presetComboAndModifiedMarker()
    {
        Fixture f;
        QComboBox *preset = f.panel->comboBox(QStringLiteral("model.preset"));
        QCOMPARE(preset->currentText(), QStringLiteral("Llama 3 70B"));
        const int eight = preset->findData(QStringLiteral("llama3-8b"));
        QVERIFY(eight > 0);
        preset->setCurrentIndex(eight);
        emit preset->activated(eight);
        QCOMPARE(f.controller.plan().model.layers, 32);
        QCOMPARE(qobject_cast<QSpinBox *>(f.panel->spinBox(QStringLiteral("model.layers")))->value(), 32);
        qobject_cast<QSpinBox *>(f.panel->spinBox(QStringLiteral("model.layers")))->setValue(40);
        QCOMPARE(preset->currentText(), QStringLiteral("Llama 3 8B (modified)"));
        QVERIFY(f.panel->findChild<QLabel *>(QStringLiteral("info:model.parameters"))->text().contains(QStringLiteral("B")));
    }

    void derivedDpAndUnknownGpu()
    {
        Fixture f;
        auto *dp = f.panel->findChild<QLabel *>(QStringLiteral("info:parallelism.dp"));
        QVERIFY(dp);
        QVERIFY2(dp->text().startsWith(QStringLiteral("32 = 1,024 GPUs")), qPrintable(dp->text()));
        // Issue 16: 1,000 GPUs with TP 8 x PP 4 read "DP 31 = 1,000 GPUs ÷ (TP 8 × PP 4 × CP 1)", a false
        // equation; no data-parallel degree exists there.
        QVERIFY(f.controller.setNumber(QStringLiteral("hardware.num_gpus"), 1000));
        QVERIFY2(dp->text().startsWith(QStringLiteral("none: 1,000 GPUs are not a multiple of TP")), qPrintable(dp->text()));
        QVERIFY(!dp->text().contains(QLatin1Char('=')));
        QVERIFY(f.controller.setNumber(QStringLiteral("hardware.num_gpus"), 1024));
        QVERIFY(f.controller.setText(QStringLiteral("hardware.gpu"), QStringLiteral("NoSuchGPU")));
        QVERIFY(f.panel->messageFor(QStringLiteral("hardware.gpu")).contains(QStringLiteral("NoSuchGPU")));
        QVERIFY(f.panel->comboBox(QStringLiteral("hardware.gpu"))->currentText().contains(QStringLiteral("not in the catalog")));
    }
};

QTEST_MAIN(TestInputPanel)
#include "tst_inputpanel.moc"
