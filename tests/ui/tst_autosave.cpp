// SPDX-License-Identifier: GPL-3.0-or-later
// Never losing work (docs/robustness.md): the autosave copy, the recovery of an orphaned
// session, atomic saves and the backup of a file written by an older format version. The
// end-to-end check with a killed gpuplan process is tst_recovery.cpp.
#include "UiTestFixtures.h"

#include "Settings.h"
#include "document/Autosave.h"
#include "document/DocumentActions.h"
#include "document/PlanController.h"
#include "document/PlanFileWriter.h"
#include "document/RecoveryFile.h"
#include "document/SessionRecovery.h"

#include "plan/PlanIo.h"

#include <QDir>
#include <QFile>
#include <QLockFile>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWidget>

#include <csignal>

#include <sys/resource.h>

using namespace gpuplan;
using namespace gpuplan::ui;

namespace {

QStringList recoveryFiles(const QString &dir)
{
    return QDir(dir).entryList({QStringLiteral("*.gpuplan-recovery")}, QDir::Files);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeText(const QString &path, const QByteArray &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

} // namespace

class TestAutosave final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void copiesUnsavedChangesAndRemovesThemWhenClean()
    {
        QTemporaryDir dir;
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        {
            Autosave autosave(&controller, dir.path());
            QVERIFY(autosave.isActive());
            autosave.setIdleMs(10);
            QVERIFY(controller.setNumber(QStringLiteral("hardware.num_gpus"), 2048));
            QTRY_COMPARE(recoveryFiles(dir.path()).size(), 1);   // written once the edits pause

            RecoveredSession copy;
            QString error;
            QVERIFY2(readRecoveryFile(autosave.recoveryPath(), controller.catalog(), copy, error), qPrintable(error));
            QCOMPARE(copy.plan.hardware.numGpus, 2048);
            QCOMPARE(copy.plan.name, std::string("Llama 3 70B fixture"));

            // Undoing back to the clean state leaves nothing to recover.
            controller.undoStack()->setIndex(controller.undoStack()->cleanIndex());
            QVERIFY(!controller.isModified());
            QCOMPARE(recoveryFiles(dir.path()).size(), 0);

            // Saving does the same.
            QVERIFY(controller.setNumber(QStringLiteral("hardware.num_gpus"), 4096));
            QVERIFY(autosave.saveNow());
            QCOMPARE(recoveryFiles(dir.path()).size(), 1);
            QString saveError;
            QTemporaryDir plans;   // the plan's own folder, apart from the recovery folder
            QVERIFY2(controller.saveAs(plans.filePath(QStringLiteral("plan.gpuplan")), saveError), qPrintable(saveError));
            QCOMPARE(recoveryFiles(dir.path()).size(), 0);

            // A running session is never offered as orphaned.
            QVERIFY(controller.setNumber(QStringLiteral("hardware.num_gpus"), 512));
            QVERIFY(autosave.saveNow());
            QVERIFY(findOrphanedSessions(dir.path(), controller.catalog()).empty());
        }
        // A normal end removes the copy and the lock.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot).size(), 0);
    }

    void orphanedSessionIsRestoredAsAnUndoableChange()
    {
        QTemporaryDir dir;
        const QString planFile = dir.filePath(QStringLiteral("cluster.gpuplan"));
        std::string error;
        QVERIFY(savePlanFile(planFile.toStdString(), test::fixtureTrainingPlan(), error));

        // A session that died: its recovery file is there, its lock is not held by anyone.
        Plan edited = test::fixtureTrainingPlan();
        edited.hardware.numGpus = 2048;
        QString writeError;
        const QString orphan = dir.filePath(QStringLiteral("session-1-1.gpuplan-recovery"));
        QVERIFY2(writeRecoveryFile(orphan, edited, planFile, writeError), qPrintable(writeError));

        PlanController controller(test::fixtureCatalog());
        QWidget window;
        Settings settings(dir.filePath(QStringLiteral("gpuplan.ini")));
        DocumentActions documents(&controller, &settings, &window);
        Autosave autosave(&controller, dir.path());
        SessionRecovery recovery(&controller, &autosave, &documents, &window);
        int offered = 0;
        QString offeredFile;
        recovery.setPrompt([&](const RecoveredSession &s, int) {
            ++offered;
            offeredFile = s.originalFile;
            return SessionRecovery::Choice::Restore;
        });
        QVERIFY(recovery.offer());
        QCOMPARE(offered, 1);
        QCOMPARE(offeredFile, planFile);
        QCOMPARE(controller.plan().hardware.numGpus, 2048);
        QCOMPARE(controller.filePath(), QFileInfo(planFile).absoluteFilePath());
        QVERIFY(controller.isModified());
        controller.undoStack()->undo();   // back to the file as saved
        QCOMPARE(controller.plan().hardware.numGpus, 1024);
        QVERIFY(!QFile::exists(orphan));
    }

    void laterKeepsAndDiscardRemovesTheCopy()
    {
        QTemporaryDir dir;
        QString error;
        const QString orphan = dir.filePath(QStringLiteral("session-2-2.gpuplan-recovery"));
        QVERIFY(writeRecoveryFile(orphan, test::fixtureTrainingPlan(), QString(), error));
        PlanController controller(test::fixtureCatalog());
        QWidget window;
        Settings settings(dir.filePath(QStringLiteral("gpuplan.ini")));
        DocumentActions documents(&controller, &settings, &window);
        Autosave autosave(&controller, dir.path());
        SessionRecovery recovery(&controller, &autosave, &documents, &window);
        recovery.setPrompt([](const RecoveredSession &, int) { return SessionRecovery::Choice::Later; });
        QVERIFY(!recovery.offer());
        QVERIFY(QFile::exists(orphan));
        recovery.setPrompt([](const RecoveredSession &, int) { return SessionRecovery::Choice::Discard; });
        QVERIFY(!recovery.offer());
        QVERIFY(!QFile::exists(orphan));
    }

    void brokenRecoveryFilesAreReportedNotRestored()
    {
        QTemporaryDir dir;
        writeText(dir.filePath(QStringLiteral("a.gpuplan-recovery")), "{not json");
        writeText(dir.filePath(QStringLiteral("b.gpuplan-recovery")),
                  R"({"format": "gpuplan-recovery", "version": 1, "plan": {"format": "gpuplan-plan", "version": 1,
                      "hardware": {"num_gpus": 0}}})");
        QStringList problems;
        QVERIFY(findOrphanedSessions(dir.path(), test::fixtureCatalog(), &problems).empty());
        QCOMPARE(problems.size(), 2);
        QVERIFY2(problems.join('\n').contains(QStringLiteral("hardware.num_gpus")), qPrintable(problems.join('\n')));
    }

    void headlessRecoveryWritesThePlan()
    {
        QTemporaryDir dir;
        Plan edited = test::fixtureTrainingPlan();
        edited.parallelism.tp = 4;
        QString error;
        QVERIFY(writeRecoveryFile(dir.filePath(QStringLiteral("s.gpuplan-recovery")), edited, QString(), error));
        const QString out = dir.filePath(QStringLiteral("recovered.gpuplan"));
        QString message;
        QVERIFY2(SessionRecovery::recoverToFile(test::fixtureCatalog(), dir.path(), out, message), qPrintable(message));
        Plan loaded;
        std::vector<PlanError> errors;
        const Catalog catalog = test::fixtureCatalog();
        QVERIFY(loadPlanFile(out.toStdString(), &catalog, loaded, errors));
        QCOMPARE(loaded.parallelism.tp, 4);
        QVERIFY(recoveryFiles(dir.path()).isEmpty());
        QVERIFY(!SessionRecovery::recoverToFile(test::fixtureCatalog(), dir.path(), out, message));
        QVERIFY(message.contains(QStringLiteral("no unsaved work")));
    }

    void saveIsAtomicAndKeepsTheOldFileOnFailure()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.gpuplan"));
        QString error;
        QVERIFY(PlanFileWriter().save(path, test::fixtureTrainingPlan(), error));
        const QByteArray before = readAll(path);
        // The disk fills up during the write: a file size limit makes every write past 64 bytes
        // fail (EFBIG, also for root, unlike a read-only folder). The save fails, the file stays
        // as it was.
        Plan other = test::fixtureTrainingPlan();
        other.hardware.numGpus = 8;
        const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);   // EFBIG instead of the signal
        rlimit oldLimit{};
        QVERIFY(getrlimit(RLIMIT_FSIZE, &oldLimit) == 0);
        rlimit small = oldLimit;
        small.rlim_cur = 64;
        QVERIFY(setrlimit(RLIMIT_FSIZE, &small) == 0);
        const bool saved = PlanFileWriter().save(path, other, error);
        setrlimit(RLIMIT_FSIZE, &oldLimit);
        std::signal(SIGXFSZ, oldHandler);
        QVERIFY(!saved);
        QVERIFY2(error.contains(path), qPrintable(error));
        QCOMPARE(readAll(path), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);   // no temporary file left
    }

    void olderVersionIsBackedUpOnceBeforeRewriting()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("old.gpuplan"));
        QString error;
        QVERIFY(PlanFileWriter().save(path, test::fixtureTrainingPlan(), error));
        const QByteArray original = readAll(path);
        // This build writes version 1; a writer of a (future) version 2 sees the file as older.
        const PlanFileWriter newer(kPlanFormatVersion + 1);
        const QString backup = path + QStringLiteral(".v%1.bak").arg(kPlanFormatVersion);
        QCOMPARE(newer.backupPathFor(path), backup);
        Plan edited = test::fixtureTrainingPlan();
        edited.hardware.numGpus = 64;
        QVERIFY2(newer.save(path, edited, error), qPrintable(error));
        QCOMPARE(readAll(backup), original);
        QVERIFY(readAll(path) != original);
        // The backup holds the original; a second save leaves it alone.
        edited.hardware.numGpus = 128;
        QVERIFY(newer.save(path, edited, error));
        QCOMPARE(readAll(backup), original);
        // The current version, a missing file and a non-plan file need no backup.
        QVERIFY(PlanFileWriter().backupPathFor(path).isEmpty());
        QVERIFY(newer.backupPathFor(dir.filePath(QStringLiteral("missing.gpuplan"))).isEmpty());
        writeText(dir.filePath(QStringLiteral("notes.gpuplan")), "hello");
        QVERIFY(newer.backupPathFor(dir.filePath(QStringLiteral("notes.gpuplan"))).isEmpty());
    }
};

QTEST_MAIN(TestAutosave)
#include "tst_autosave.moc"
