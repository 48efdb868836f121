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
using gpuplan::test::editEachAndUndo;
using gpuplan::test::refuseEach;

// The inputs of the panel's sections (training stack, recompute modules, data pipeline, serving
// capacity, disaggregated pools): each edits the plan as one undo step and refuses bad values.
class TestInputSections final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { test::isolateUserFiles(); }

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
};

QTEST_MAIN(TestInputSections)
#include "tst_inputsections.moc"
