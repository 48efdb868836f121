// SPDX-License-Identifier: GPL-3.0-or-later
// End-to-end check that a crash loses no work (docs/robustness.md "Never lose work"): the real
// gpuplan executable opens a plan, takes an edit from the command line (--set), copies it to the
// recovery folder, is killed with SIGKILL, and the next start finds and restores the edit
// (--recover FILE). Runs offscreen, with the data and settings folders in a temporary directory.
#include "catalog/CatalogLoader.h"
#include "plan/PlanIo.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <vector>

namespace {

const QString kApp = QStringLiteral(GPUPLAN_BINARY_DIR "/app/gpuplan/gpuplan");

QStringList filesUnder(const QString &dir, const QString &pattern)
{
    QStringList out;
    QDirIterator it(dir, {pattern}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << it.next();
    return out;
}

gpuplan::Plan loadPlan(const QString &path)
{
    gpuplan::Plan plan;
    std::vector<gpuplan::PlanError> errors;
    if (!gpuplan::loadPlanFile(path.toStdString(), &gpuplan::bundledCatalog(), plan, errors))
        qWarning("%s", errors.empty() ? "?" : errors.front().text().c_str());
    return plan;
}

} // namespace

class TestRecovery final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_dir.filePath(QStringLiteral("runtime")));
        return env;
    }

    // Runs gpuplan to completion; returns its exit code, with its output in output.
    int run(const QStringList &args, QString &output)
    {
        QProcess p;
        p.setProcessEnvironment(environment());
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(kApp, args);
        if (!p.waitForFinished(60000)) {
            p.kill();
            p.waitForFinished();
            output = QStringLiteral("timed out");
            return -1;
        }
        output = QString::fromLocal8Bit(p.readAll());
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(QFile::exists(kApp));
        QDir().mkpath(m_dir.filePath(QStringLiteral("runtime")));
        QFile::setPermissions(m_dir.filePath(QStringLiteral("runtime")),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }

    void killedSessionIsRecovered()
    {
        const QString plan = m_dir.filePath(QStringLiteral("cluster.gpuplan"));
        QVERIFY(QFile::copy(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama3-70b-training.gpuplan"), plan));
        const int gpusBefore = loadPlan(plan).hardware.numGpus;
        QCOMPARE(gpusBefore, 1024);

        QProcess app;
        app.setProcessEnvironment(environment());
        app.setProcessChannelMode(QProcess::MergedChannels);
        app.start(kApp, {QStringLiteral("--autosave-seconds"), QStringLiteral("1"), QStringLiteral("--set"),
                         QStringLiteral("hardware.num_gpus=2048"), QStringLiteral("--set"),
                         QStringLiteral("name=Edited before the crash"), plan});
        QVERIFY(app.waitForStarted(30000));

        // The edit reaches the recovery folder within a couple of seconds of the window opening.
        const QString data = m_dir.filePath(QStringLiteral("data"));
        QElapsedTimer waited;
        waited.start();
        while (filesUnder(data, QStringLiteral("*.gpuplan-recovery")).isEmpty() && waited.elapsed() < 45000 &&
               app.state() == QProcess::Running)
            QTest::qWait(100);
        QVERIFY2(app.state() == QProcess::Running, qPrintable(QString::fromLocal8Bit(app.readAll())));
        QCOMPARE(filesUnder(data, QStringLiteral("*.gpuplan-recovery")).size(), 1);

        app.kill();   // SIGKILL: no destructor, no prompt, no cleanup
        QVERIFY(app.waitForFinished(10000));
        QCOMPARE(app.exitStatus(), QProcess::CrashExit);
        QCOMPARE(filesUnder(data, QStringLiteral("*.gpuplan-recovery")).size(), 1);
        QCOMPARE(loadPlan(plan).hardware.numGpus, gpusBefore);   // the plan file itself is untouched

        // The next start finds the orphaned session and restores the edit.
        const QString recovered = m_dir.filePath(QStringLiteral("recovered.gpuplan"));
        QString output;
        QCOMPARE(run({QStringLiteral("--recover"), recovered}, output), 0);
        QVERIFY2(output.contains(QStringLiteral("recovered")), qPrintable(output));
        const gpuplan::Plan restored = loadPlan(recovered);
        QCOMPARE(restored.hardware.numGpus, 2048);
        QCOMPARE(restored.name, std::string("Edited before the crash"));
        QCOMPARE(restored.model.preset, std::string("llama3-70b"));
        QVERIFY(filesUnder(data, QStringLiteral("*.gpuplan-recovery")).isEmpty());

        // Nothing more to recover.
        QCOMPARE(run({QStringLiteral("--recover"), recovered}, output), 1);
        QVERIFY2(output.contains(QStringLiteral("no unsaved work")), qPrintable(output));
    }

    void badCommandLineValuesAreRefusedWithTheirBounds()
    {
        QString output;
        QCOMPARE(run({QStringLiteral("--set"), QStringLiteral("hardware.num_gpus=0"), QStringLiteral("--screenshot"),
                      m_dir.filePath(QStringLiteral("x.png"))},
                     output),
                 1);
        QVERIFY2(output.contains(QStringLiteral("hardware.num_gpus")) && output.contains(QStringLiteral("1,000,000")),
                 qPrintable(output));
        QCOMPARE(run({QStringLiteral("--set"), QStringLiteral("parallelism.tp=nan"), QStringLiteral("--screenshot"),
                      m_dir.filePath(QStringLiteral("x.png"))},
                     output),
                 1);
        QVERIFY2(output.contains(QStringLiteral("parallelism.tp")), qPrintable(output));
        QCOMPARE(run({QStringLiteral("--autosave-seconds"), QStringLiteral("0"), QStringLiteral("--screenshot"),
                      m_dir.filePath(QStringLiteral("x.png"))},
                     output),
                 1);
        QVERIFY2(output.contains(QStringLiteral("1 to 3600")), qPrintable(output));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x.png"))));
    }
};

QTEST_MAIN(TestRecovery)
#include "tst_recovery.moc"
