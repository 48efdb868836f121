// SPDX-License-Identifier: GPL-3.0-or-later
#include "UiTestFixtures.h"

#include "document/PlanController.h"

#include "evaluator/Evaluator.h"
#include "plan/PlanFields.h"
#include "plan/PlanIo.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <nlohmann/json.hpp>

using namespace gpuplan;
using gpuplan::ui::PlanController;

class TestPlanController final : public QObject
{
    Q_OBJECT

private:
    // A controller holding the fixture plan as a freshly opened, unmodified document.
    std::unique_ptr<PlanController> makeController()
    {
        auto c = std::make_unique<PlanController>(test::fixtureCatalog());
        c->applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        c->undoStack()->clear();
        c->undoStack()->setClean();
        return c;
    }

    static std::string planJson(const Plan &p) { return planToJson(p).dump(); }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void settingAFieldReevaluatesAndEmits()
    {
        auto c = makeController();
        QSignalSpy planSpy(c.get(), &PlanController::planChanged);
        QSignalSpy evalSpy(c.get(), &PlanController::evaluationChanged);
        QString error;
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 512, &error));
        QCOMPARE(c->plan().hardware.numGpus, 512);
        QCOMPARE(planSpy.count(), 1);
        QCOMPARE(evalSpy.count(), 1);
        QVERIFY(c->isResolved());
        // DP is derived: 512 / (TP 8 x PP 4) = 16.
        QCOMPARE(c->evaluation().layout.numGpus, 512);
        QCOMPARE(c->evaluation().layout.dp, 16);

        // The controller's evaluation is the core's evaluation of the same plan.
        Plan copy = c->plan();
        ResolvedPlan rp;
        std::vector<ResolveError> errors;
        QVERIFY(resolvePlan(copy, c->catalog(), rp, errors));
        const Evaluation expected = evaluate(rp);
        QCOMPARE(c->evaluation().memory.perGpuBytes, expected.memory.perGpuBytes);
        QCOMPARE(c->evaluation().training.stepTimeS, expected.training.stepTimeS);
        QCOMPARE(c->evaluation().shape.totalParams, expected.shape.totalParams);
        QVERIFY(c->evaluationMicroseconds() > 0);
    }

    void settingTheSameValueIsNoStep()
    {
        auto c = makeController();
        QSignalSpy planSpy(c.get(), &PlanController::planChanged);
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 1024));
        QCOMPARE(c->undoStack()->count(), 0);
        QCOMPARE(planSpy.count(), 0);
    }

    void undoRedoRestoresValues()
    {
        auto c = makeController();
        QVERIFY(c->setNumber(QStringLiteral("parallelism.pp"), 8));
        QVERIFY(c->setNumber(QStringLiteral("precision.weights"), static_cast<double>(Dtype::FP8)));
        QVERIFY(c->setText(QStringLiteral("name"), QStringLiteral("Renamed")));
        QCOMPARE(c->undoStack()->count(), 3);
        c->undoStack()->undo();
        QCOMPARE(c->plan().name, std::string("Llama 3 70B fixture"));
        c->undoStack()->undo();
        QCOMPARE(c->plan().precision.weights, Dtype::BF16);
        c->undoStack()->undo();
        QCOMPARE(c->plan().parallelism.pp, 4);
        QCOMPARE(c->evaluation().layout.pp, 4);
        QCOMPARE(c->evaluation().layout.dp, 32);
        c->undoStack()->redo();
        QCOMPARE(c->plan().parallelism.pp, 8);
        QCOMPARE(c->evaluation().layout.dp, 16);
        QVERIFY(c->undoStack()->undoText().contains(QStringLiteral("PP")));
    }

    void sliderDragIsOneUndoStep()
    {
        auto c = makeController();
        c->beginDrag();
        for (int n = 8; n <= 2048; n += 8)
            QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), n));
        c->endDrag();
        QCOMPARE(c->plan().hardware.numGpus, 2048);
        QCOMPARE(c->undoStack()->count(), 1);
        c->undoStack()->undo();
        QCOMPARE(c->plan().hardware.numGpus, 1024);
        c->undoStack()->redo();
        QCOMPARE(c->plan().hardware.numGpus, 2048);

        // A second drag of the same field is a step of its own.
        c->beginDrag();
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 256));
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 128));
        c->endDrag();
        QCOMPARE(c->undoStack()->count(), 2);

        // Edits outside a drag never merge.
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 64));
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 32));
        QCOMPARE(c->undoStack()->count(), 4);
    }

    void dragBackToTheStartLeavesNoStep()
    {
        auto c = makeController();
        c->beginDrag();
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 2048));
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 1024));
        c->endDrag();
        QCOMPARE(c->undoStack()->count(), 0);
        QCOMPARE(c->plan().hardware.numGpus, 1024);
        QVERIFY(!c->isModified());
    }

    void invalidValueIsRejectedWithTheRegistryMessage_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<double>("value");
        QTest::newRow("below minimum") << "hardware.num_gpus" << 0.0;
        QTest::newRow("above maximum") << "parallelism.tp" << 2048.0;
        QTest::newRow("not an integer") << "model.layers" << 2.5;
        QTest::newRow("not finite") << "workload.training.tokens" << std::numeric_limits<double>::infinity();
        QTest::newRow("fraction above one") << "facility.gpu_utilization" << 1.5;
    }

    void invalidValueIsRejectedWithTheRegistryMessage()
    {
        QFETCH(QString, path);
        QFETCH(double, value);
        auto c = makeController();
        const std::string before = planJson(c->plan());
        QSignalSpy planSpy(c.get(), &PlanController::planChanged);
        QString error;
        QVERIFY(!c->setNumber(path, value, &error));
        std::string expected;
        QVERIFY(!checkFieldValue(*findPlanField(path.toStdString()), value, expected));
        QCOMPARE(error, QString::fromStdString(expected));
        QVERIFY(error.startsWith(path));
        QCOMPARE(planJson(c->plan()), before);
        QCOMPARE(planSpy.count(), 0);
        QCOMPARE(c->undoStack()->count(), 0);
    }

    void invalidEnumTextAndUnknownFieldAreRejected()
    {
        auto c = makeController();
        const std::string before = planJson(c->plan());
        QString error;
        QVERIFY(!c->setNumber(QStringLiteral("precision.weights"), 99, &error));
        QVERIFY(error.contains(QStringLiteral("one of")));
        QVERIFY(!c->setNumber(QStringLiteral("hardware.no_such_field"), 1, &error));
        QVERIFY(error.contains(QStringLiteral("not a plan field")));
        QVERIFY(!c->setText(QStringLiteral("hardware.gpu"), QString(201, QLatin1Char('x')), &error));
        QVERIFY(error.contains(QStringLiteral("at most 200 characters")));
        QVERIFY(!c->setText(QStringLiteral("hardware.num_gpus"), QStringLiteral("8"), &error));
        QVERIFY(!c->setPreset(QStringLiteral("no-such-model"), &error));
        QVERIFY(error.contains(QStringLiteral("no-such-model")));
        QCOMPARE(planJson(c->plan()), before);
        QCOMPARE(c->undoStack()->count(), 0);
    }

    void presetReplacesTheArchitectureInOneStep()
    {
        auto c = makeController();
        QVERIFY(c->setPreset(QStringLiteral("llama3-8b")));
        QCOMPARE(c->plan().model.preset, std::string("llama3-8b"));
        QCOMPARE(c->plan().model.layers, 32);
        QCOMPARE(c->plan().model.hidden, 4096);
        QCOMPARE(c->undoStack()->count(), 1);
        c->undoStack()->undo();
        QCOMPARE(c->plan().model.preset, std::string("llama3-70b"));
        QCOMPARE(c->plan().model.layers, 80);
    }

    void layoutIsAppliedAsOneStep()
    {
        auto c = makeController();
        Layout l = c->evaluation().layout;
        l.tp = 4;
        l.pp = 8;
        l.dp = 32;
        l.zero = 2;
        c->applyLayout(l, QStringLiteral("Apply auto-plan layout"));
        QCOMPARE(c->undoStack()->count(), 1);
        QCOMPARE(c->plan().parallelism.tp, 4);
        QCOMPARE(c->plan().parallelism.pp, 8);
        QCOMPARE(c->plan().parallelism.dp, 0);   // 4 x 8 x 32 = 1024: DP stays derived
        QCOMPARE(c->plan().parallelism.zero, 2);
        QCOMPARE(c->evaluation().layout, l);
        c->undoStack()->undo();
        QCOMPARE(c->plan().parallelism.tp, 8);
        QCOMPARE(c->plan().parallelism.zero, 1);
    }

    void layoutRuleViolationNamesTheField()
    {
        auto c = makeController();
        QSignalSpy diagSpy(c.get(), &PlanController::diagnosticsChanged);
        QVERIFY(c->setNumber(QStringLiteral("parallelism.tp"), 6));   // legal value, illegal layout
        QVERIFY(diagSpy.count() >= 1);
        bool found = false;
        for (const auto &m : c->fieldMessages()) {
            if (m.field == QLatin1String("parallelism.tp") && m.text.contains(QStringLiteral("64 attention heads")))
                found = m.severity == Severity::Error;
        }
        QVERIFY(found);
    }

    void unknownGpuIsAFieldMessage()
    {
        auto c = makeController();
        QVERIFY(c->setText(QStringLiteral("hardware.gpu"), QStringLiteral("NoSuchGPU")));
        QVERIFY(!c->isResolved());
        bool found = false;
        for (const auto &m : c->fieldMessages())
            found = found || (m.field == QLatin1String("hardware.gpu") && m.text.contains(QStringLiteral("NoSuchGPU")));
        QVERIFY(found);
        c->undoStack()->undo();
        QVERIFY(c->isResolved());
    }

    void resolveWithGpuSwapsOnlyTheGpu()
    {
        auto c = makeController();
        const GpuSpec *h200 = c->catalog().findGpu("H200-SXM-141GB");
        QVERIFY(h200);
        ResolvedPlan r;
        QVERIFY(c->resolveWithGpu(*h200, r));
        QCOMPARE(r.gpu, h200);
        QCOMPARE(r.plan, &c->plan());
        QCOMPARE(r.shape.totalParams, c->resolved().shape.totalParams);
        // Training memory is checked against the whole GPU: the H200's 141 GB, not the H100's 80 GB.
        QCOMPARE(evaluate(r).memory.capacityBytes, 141e9);
        QCOMPARE(c->evaluation().memory.capacityBytes, 80e9);
    }

    void saveOpenRoundTripAndCleanState()
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_plancontroller-XXXXXX"));
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("round-trip.gpuplan"));
        auto c = makeController();
        QSignalSpy fileSpy(c.get(), &PlanController::fileStateChanged);
        QVERIFY(!c->isModified());
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 2048));
        QVERIFY(c->setNumber(QStringLiteral("workload.training.tokens"), 2e12));
        QVERIFY(c->isModified());
        QVERIFY(fileSpy.count() >= 1);

        QString error;
        QVERIFY(!c->save(error));   // no file yet
        error.clear();
        QVERIFY(c->saveAs(path, error));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!c->isModified());
        QCOMPARE(c->filePath(), path);
        QCOMPARE(c->displayName(), QStringLiteral("round-trip"));

        PlanController reopened(test::fixtureCatalog());
        QVERIFY2(reopened.openFile(path, error), qPrintable(error));
        QCOMPARE(planJson(reopened.plan()), planJson(c->plan()));
        QVERIFY(!reopened.isModified());
        QCOMPARE(reopened.undoStack()->count(), 0);

        // Undo back to the saved state is clean again.
        QVERIFY(c->setNumber(QStringLiteral("parallelism.pp"), 2));
        QVERIFY(c->isModified());
        c->undoStack()->undo();
        QVERIFY(!c->isModified());
    }

    void badFileChangesNothing()
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_plancontroller-XXXXXX"));
        const QString path = dir.filePath(QStringLiteral("bad.gpuplan"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "gpuplan-plan", "version": 1, "hardware": {"num_gpus": -5, "gpu": 7}})");
        f.close();
        auto c = makeController();
        QVERIFY(c->setNumber(QStringLiteral("parallelism.pp"), 2));
        const std::string before = planJson(c->plan());
        QString error;
        QVERIFY(!c->openFile(path, error));
        QVERIFY(error.contains(QStringLiteral("hardware.num_gpus")));
        QVERIFY(error.contains(QStringLiteral("hardware.gpu")));
        QCOMPARE(planJson(c->plan()), before);
        QVERIFY(c->isModified());
        QCOMPARE(c->undoStack()->count(), 1);
        QVERIFY(!c->openFile(dir.filePath(QStringLiteral("missing.gpuplan")), error));
        QVERIFY(!error.isEmpty());
    }

    void newPlanResetsTheDocument()
    {
        auto c = makeController();
        QVERIFY(c->setNumber(QStringLiteral("parallelism.pp"), 2));
        c->newPlan();
        QCOMPARE(planJson(c->plan()), planJson(Plan{}));
        QVERIFY(!c->isModified());
        QVERIFY(c->filePath().isEmpty());
        QCOMPARE(c->undoStack()->count(), 0);
    }
};

QTEST_MAIN(TestPlanController)
#include "tst_plancontroller.moc"
