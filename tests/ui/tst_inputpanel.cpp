// SPDX-License-Identifier: GPL-3.0-or-later
#include "UiTestFixtures.h"

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

class TestInputPanel final : public QObject
{
    Q_OBJECT

private:
    struct Fixture
    {
        PlanController controller{test::fixtureCatalog()};
        ResultsPanel results{&controller};
        MemoryChart *chart = nullptr;
        std::unique_ptr<InputPanel> panel;

        Fixture()
        {
            controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
            controller.undoStack()->clear();
            chart = new MemoryChart;
            results.addTab(chart);
            panel = std::make_unique<InputPanel>(&controller);
        }
    };

    // Each field's control edits the plan as one undo step that changes exactly that field; undo
    // restores the plan.
    static void editEachAndUndo(Fixture &f, CollapsibleSection *section, std::span<const char *const> paths)
    {
        const Plan original = f.controller.plan();
        for (const char *path : paths) {
            const QString name = QString::fromUtf8(path);
            const FieldSpec &spec = *findPlanField(path);
            FieldRow *row = f.panel->row(name);
            QVERIFY2(row, path);
            QVERIFY2(row->isRowVisible(), path);
            QVERIFY2(section->isAncestorOf(row->label()), path);
            const double before = spec.getNumber(f.controller.plan());
            if (spec.type == FieldType::Bool) {
                auto *box = f.panel->findChild<QCheckBox *>(QStringLiteral("check:") + name);
                QVERIFY2(box, path);
                box->setChecked(before == 0.0);
            } else if (spec.type == FieldType::Enum) {
                QComboBox *combo = f.panel->comboBox(name);
                QVERIFY2(combo, path);
                const int other = combo->currentIndex() == 0 ? 1 : 0;
                combo->setCurrentIndex(other);
                emit combo->activated(other);
            } else {
                QAbstractSpinBox *box = f.panel->spinBox(name);
                QVERIFY2(box, path);
                // A value inside the registry's bounds, other than the current one.
                const double target = before == spec.max ? spec.min : spec.max;
                if (auto *spin = qobject_cast<QSpinBox *>(box))
                    spin->setValue(static_cast<int>(target));
                else
                    qobject_cast<QDoubleSpinBox *>(box)->setValue(target);
            }
            const double after = spec.getNumber(f.controller.plan());
            QVERIFY2(after != before, path);
            QVERIFY2(f.controller.undoStack()->count() == 1, path);
            f.controller.undoStack()->undo();
            QVERIFY2(spec.getNumber(f.controller.plan()) == before, path);
            QVERIFY2(planToJson(f.controller.plan()) == planToJson(original), path);
            f.controller.undoStack()->clear();
        }
    }

    // Each value out of its field's bounds is refused with the registry's message naming the field,
    // leaving the plan as it was and no undo step.
    static void refuseEach(Fixture &f, std::initializer_list<std::pair<const char *, double>> values)
    {
        const Plan before = f.controller.plan();
        for (const auto &[path, bad] : values) {
            QString error;
            QVERIFY2(!f.controller.setNumber(QString::fromUtf8(path), bad, &error), path);
            std::string expected;
            QVERIFY(!checkFieldValue(*findPlanField(path), bad, expected));
            QCOMPARE(error, QString::fromStdString(expected));
            QVERIFY2(error.contains(QString::fromUtf8(path)), path);
            QCOMPARE(f.controller.undoStack()->count(), 0);
            QVERIFY(planToJson(f.controller.plan()) == planToJson(before));
        }
    }

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

    // Issue 11: every option of the training stack is an input of its own (TRAINING STACK). Each edit
    // through its control is one undo step that changes exactly that field; undo restores the plan.
    void trainingStackInputsEditThePlanAndUndo()
    {
        const char *const paths[] = {"parallelism.framework", "parallelism.recompute", "parallelism.recompute_every",
                                     "workload.training.loss", "workload.training.loss_chunks",
                                     "parallelism.activation_offload", "parallelism.optimizer_in_backward",
                                     "parallelism.offload_optimizer", "parallelism.offload_params", "parallelism.compile",
                                     "workload.training.packed", "workload.training.padded_fill",
                                     "parallelism.loader_workers", "workload.training.lora_rank",
                                     "workload.training.lora_all_linear"};
        Fixture f;
        CollapsibleSection *stack = f.panel->section(QStringLiteral("TRAINING STACK"));
        QVERIFY(stack);
        QVERIFY(!stack->isExpanded());   // folded: the presets' defaults suit most plans
        editEachAndUndo(f, stack, paths);
        if (QTest::currentTestFailed())
            return;
        // Picking a stack applies its preset in the same step: FSDP2 shards with FSDP and its
        // "selective" is op-level (plan/FrameworkPresets.cpp).
        QComboBox *framework = f.panel->comboBox(QStringLiteral("parallelism.framework"));
        const int fsdp2 = framework->findData(static_cast<double>(Framework::Fsdp2));
        QVERIFY(fsdp2 >= 0);
        QVERIFY(f.controller.setNumber(QStringLiteral("parallelism.recompute"), static_cast<double>(Recompute::Selective)));
        f.controller.undoStack()->clear();
        const Plan selective = f.controller.plan();
        framework->setCurrentIndex(fsdp2);
        emit framework->activated(fsdp2);
        QCOMPARE(f.controller.plan().parallelism.framework, Framework::Fsdp2);
        QCOMPARE(f.controller.plan().parallelism.sharding, ShardingImpl::Fsdp);
        QCOMPARE(f.controller.plan().parallelism.recompute, Recompute::SelectiveOp);
        QCOMPARE(f.controller.undoStack()->count(), 1);
        f.controller.undoStack()->undo();
        QVERIFY(planToJson(f.controller.plan()) == planToJson(selective));
        f.controller.undoStack()->clear();

        // Out of bounds: the registry's message, no undo step, the plan as it was (the file and
        // --set give the same message: checkFieldValue).
        for (const auto &[path, bad] : {std::pair{"parallelism.recompute_every", 0.0},
                                        std::pair{"workload.training.loss_chunks", 2000.0},
                                        std::pair{"workload.training.padded_fill", 0.0},
                                        std::pair{"parallelism.loader_workers", -1.0},
                                        std::pair{"workload.training.lora_rank", 5000.0}}) {
            QString error;
            QVERIFY2(!f.controller.setNumber(QString::fromUtf8(path), bad, &error), path);
            std::string expected;
            QVERIFY(!checkFieldValue(*findPlanField(path), bad, expected));
            QCOMPARE(error, QString::fromStdString(expected));
            QCOMPARE(f.controller.undoStack()->count(), 0);
            QVERIFY(planToJson(f.controller.plan()) == planToJson(selective));
        }
    }

    // Issue 27: selective recompute's modules (Megatron-Core's --recompute-modules names) are ticked
    // one by one in TRAINING STACK; each click is one undo step that writes the whole set, the boxes
    // follow the plan when it changes elsewhere (undo, a file), and none ticked is the default.
    void recomputeModulesAreTickedAndUndone()
    {
        Fixture f;
        CollapsibleSection *stack = f.panel->section(QStringLiteral("TRAINING STACK"));
        FieldRow *row = f.panel->row(QStringLiteral("parallelism.recompute_modules"));
        QVERIFY(stack && row && row->isRowVisible() && stack->isAncestorOf(row->label()));
        auto box = [&f](const char *name) {
            return f.panel->findChild<QCheckBox *>(QStringLiteral("check:parallelism.recompute_modules:") +
                                                   QString::fromUtf8(name));
        };
        QVERIFY(box("core_attn") && box("layernorm") && box("mla_up_proj") && box("moe_act") && box("mlp") &&
                box("moe") && box("shared_experts"));
        QCOMPARE(f.controller.plan().parallelism.recomputeModules, 0u);
        QVERIFY(!box("layernorm")->isChecked());
        box("layernorm")->setChecked(true);
        box("moe_act")->setChecked(true);
        QCOMPARE(f.controller.plan().parallelism.recomputeModules,
                 recompute_module::kLayernorm | recompute_module::kMoeAct);
        QCOMPARE(f.controller.undoStack()->count(), 2);
        f.controller.undoStack()->undo();
        QCOMPARE(f.controller.plan().parallelism.recomputeModules, recompute_module::kLayernorm);
        QVERIFY(box("layernorm")->isChecked() && !box("moe_act")->isChecked());
        // Set elsewhere (as a file or --set would): the boxes show it.
        QVERIFY(
            f.controller.setText(QStringLiteral("parallelism.recompute_modules"), QStringLiteral("mla_up_proj moe")));
        QVERIFY(!box("layernorm")->isChecked() && box("mla_up_proj")->isChecked() && box("moe")->isChecked());
        // Hidden for serving, like the rest of the training stack.
        QVERIFY(f.controller.setNumber(QStringLiteral("workload.mode"), static_cast<double>(Mode::Inference)));
        QVERIFY(!row->isRowVisible());
    }

    // Issue 17: the data pipeline's inputs (DATA PIPELINE, folded): each edit one undo step within the
    // registry's bounds; a figure left at "auto" shows the kind's preset on its slider; a value out of
    // bounds gets the registry's message naming the field, the value and the range, and changes nothing.
    void dataPipelineInputsEditThePlanAndUndo()
    {
        const char *const paths[] = {"data.kind", "data.resolution_px", "data.clip_frames", "data.bytes_per_sample",
                                     "data.decode_cpu_ms_per_sample", "data.gpu_decode_ms_per_sample",
                                     "data.prefetch_factor"};
        Fixture f;
        CollapsibleSection *data = f.panel->section(QStringLiteral("DATA PIPELINE"));
        QVERIFY(data);
        QVERIFY(!data->isExpanded());
        editEachAndUndo(f, data, paths);
        if (QTest::currentTestFailed())
            return;

        // Images: bytes per sample at "auto" = the preset's 224^2 x 3 / 10 = 15,052.8 B, which the
        // slider stands at (core/facility/DataPath.h).
        QVERIFY(f.controller.setNumber(QStringLiteral("data.kind"), static_cast<double>(DataKind::Images)));
        QCOMPARE(f.panel->spinBox(QStringLiteral("data.bytes_per_sample"))->text(), QStringLiteral("auto"));
        auto *bytes = static_cast<SliderFieldRow *>(f.panel->row(QStringLiteral("data.bytes_per_sample")));
        QCOMPARE(bytes->slider()->value(), bytes->positionOfValue(15052.8));
        f.controller.undoStack()->clear();
        refuseEach(f, {{"data.resolution_px", 8.0}, {"data.prefetch_factor", 0.0},
                       {"data.decode_cpu_ms_per_sample", 2e5}, {"data.gpu_decode_ms_per_sample", -1.0}});
    }

    // The serving capacity fields are inputs of the workload group in inference mode, each edit one
    // undo step with the registry's bounds; an average above the peak is accepted as an edit and
    // shown as the plan's error under the average's control.
    void servingCapacityInputsEditThePlanAndUndo()
    {
        const char *const paths[] = {"workload.inference.request_rate", "workload.inference.average_request_rate",
                                     "workload.inference.ttft_target_ms", "workload.inference.tpot_target_ms",
                                     "workload.inference.headroom", "workload.inference.scale_up_queue",
                                     "workload.inference.scale_cooldown_s"};
        Fixture f;
        QVERIFY(f.controller.setNumber(QStringLiteral("workload.mode"), static_cast<double>(Mode::Inference)));
        QVERIFY(f.controller.setNumber(QStringLiteral("workload.inference.request_rate"), 40));
        f.controller.undoStack()->clear();
        CollapsibleSection *workload = f.panel->section(QStringLiteral("WORKLOAD"));
        QVERIFY(workload);
        editEachAndUndo(f, workload, paths);
        if (QTest::currentTestFailed())
            return;
        // Out of bounds: the registry's message and no undo step.
        refuseEach(f, {{"workload.inference.headroom", 0.95},
                       {"workload.inference.scale_cooldown_s", 90000.0},
                       {"workload.inference.average_request_rate", -1.0}});
        if (QTest::currentTestFailed())
            return;
        // Average 60 above the peak of 40: the plan is invalid, said under the average's control.
        qobject_cast<QDoubleSpinBox *>(f.panel->spinBox(QStringLiteral("workload.inference.average_request_rate")))->setValue(60);
        const QString message = f.panel->messageFor(QStringLiteral("workload.inference.average_request_rate"));
        QVERIFY2(message.contains(QStringLiteral("average_request_rate = 60")) && message.contains(QStringLiteral("request_rate = 40")),
                 qPrintable(message));
        f.controller.undoStack()->undo();
        QVERIFY(f.panel->messageFor(QStringLiteral("workload.inference.average_request_rate")).isEmpty());
    }

    // Serving mode disaggregated shows the pools' rows in place of the replica's attention DP / EP
    // rows; each edits the plan as one undo step, and pools that need more GPUs than the plan has
    // are said under hardware.num_gpus.
    void disaggregatedPoolInputsEditThePlanAndUndo()
    {
        const char *const pools[] = {"workload.inference.prefill_workers",
                                     "workload.inference.prefill_tp",
                                     "workload.inference.prefill_attention_dp",
                                     "workload.inference.prefill_ep",
                                     "workload.inference.prefill_batch",
                                     "workload.inference.decode_workers",
                                     "workload.inference.decode_tp",
                                     "workload.inference.decode_attention_dp",
                                     "workload.inference.decode_ep",
                                     "workload.inference.decode_batch",
                                     "workload.inference.kv_transfer"};
        Fixture f;
        QVERIFY(f.controller.setNumber(QStringLiteral("workload.mode"), static_cast<double>(Mode::Inference)));
        QVERIFY(f.panel->row(QStringLiteral("workload.inference.serving_mode"))->isRowVisible());
        QVERIFY(f.panel->row(QStringLiteral("workload.inference.attention_dp"))->isRowVisible());
        QVERIFY(!f.panel->row(QStringLiteral("workload.inference.decode_workers"))->isRowVisible());
        QVERIFY(f.controller.setNumber(QStringLiteral("workload.inference.serving_mode"),
                                       static_cast<double>(ServingMode::Disaggregated)));
        f.controller.undoStack()->clear();
        QVERIFY(!f.panel->row(QStringLiteral("workload.inference.attention_dp"))->isRowVisible());
        CollapsibleSection *workload = f.panel->section(QStringLiteral("WORKLOAD"));
        QVERIFY(workload);
        editEachAndUndo(f, workload, pools);
        if (QTest::currentTestFailed())
            return;
        refuseEach(f, {{"workload.inference.decode_tp", 2048.0}, {"workload.inference.prefill_workers", 0.0}});
        if (QTest::currentTestFailed())
            return;
        // 64 decode workers of one GPU and one prefill GPU on the fixture's GPUs: too many.
        QVERIFY(f.controller.setNumber(QStringLiteral("workload.inference.decode_workers"),
                                       f.controller.plan().hardware.numGpus + 1.0));
        const QString message = f.panel->messageFor(QStringLiteral("hardware.num_gpus"));
        QVERIFY2(message.contains(QStringLiteral("allowed: at least")), qPrintable(message));
        f.controller.undoStack()->undo();
        QVERIFY(f.panel->messageFor(QStringLiteral("hardware.num_gpus")).isEmpty());
    }

    // The prefill pool's GPU type: a row of the disaggregated inputs only, "Same as the plan's GPU"
    // first (blank), a choice writes the catalog id as one undo step, and undo restores the blank.
    void prefillGpuChoiceEditsThePlanAndUndoes()
    {
        Fixture f;
        QVERIFY(f.controller.setNumber(QStringLiteral("workload.mode"), static_cast<double>(Mode::Inference)));
        const QString path = QStringLiteral("workload.inference.prefill_gpu");
        QVERIFY(!f.panel->row(path)->isRowVisible());
        QVERIFY(f.controller.setNumber(QStringLiteral("workload.inference.serving_mode"),
                                       static_cast<double>(ServingMode::Disaggregated)));
        f.controller.undoStack()->clear();
        FieldRow *row = f.panel->row(path);
        QVERIFY(row && row->isRowVisible());
        QVERIFY(f.panel->section(QStringLiteral("WORKLOAD"))->isAncestorOf(row->label()));
        QComboBox *combo = f.panel->comboBox(path);
        QVERIFY(combo);
        QCOMPARE(combo->currentIndex(), 0);
        QCOMPARE(combo->itemText(0), QStringLiteral("Same as the plan's GPU"));
        const int h100 = combo->findData(QStringLiteral("H100-SXM-80GB"));
        QVERIFY(h100 > 0);
        combo->setCurrentIndex(h100);
        emit combo->activated(h100);
        QCOMPARE(f.controller.plan().workload.inference.prefillGpu, std::string("H100-SXM-80GB"));
        QCOMPARE(f.controller.undoStack()->count(), 1);
        f.controller.undoStack()->undo();
        QVERIFY(f.controller.plan().workload.inference.prefillGpu.empty());
        QCOMPARE(combo->currentIndex(), 0);
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
