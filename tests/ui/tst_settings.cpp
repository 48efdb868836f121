// SPDX-License-Identifier: GPL-3.0-or-later
#include "UiTestFixtures.h"

#include "Settings.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using gpuplan::ui::Settings;
using gpuplan::ui::Theme;

class TestSettings final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { gpuplan::test::isolateUserFiles(); }

    void defaults()
    {
        QTemporaryDir dir;
        Settings s(dir.filePath(QStringLiteral("gpuplan.ini")));
        QVERIFY(s.windowGeometry().isEmpty());
        QVERIFY(s.recentFiles().isEmpty());
        QCOMPARE(s.theme(), Theme::System);
        QVERIFY(!s.presentationMode());
        QCOMPARE(s.comparisonGpuCount(), 5);
        QVERIFY(s.chartLegendVisible());
    }

    void typedRoundTripThroughIni()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("gpuplan.ini"));
        {
            Settings s(ini);
            s.setWindowGeometry(QByteArray("\x01\x02geometry", 10));
            s.setWindowState(QByteArray("state"));
            s.setLastDirectory(QStringLiteral("/data/plans"));
            s.setTheme(Theme::Dark);
            s.setPresentationMode(true);
            s.setComparisonGpuCount(3);
            s.setChartLegendVisible(false);
            s.addRecentFile(QStringLiteral("/a.gpuplan"));
            s.addRecentFile(QStringLiteral("/b.gpuplan"));
            s.sync();
        }
        Settings s(ini);
        QCOMPARE(s.windowGeometry(), QByteArray("\x01\x02geometry", 10));
        QCOMPARE(s.windowState(), QByteArray("state"));
        QCOMPARE(s.lastDirectory(), QStringLiteral("/data/plans"));
        QCOMPARE(s.theme(), Theme::Dark);
        QVERIFY(s.presentationMode());
        QCOMPARE(s.comparisonGpuCount(), 3);
        QVERIFY(!s.chartLegendVisible());
        QCOMPARE(s.recentFiles(), (QStringList{QStringLiteral("/b.gpuplan"), QStringLiteral("/a.gpuplan")}));
        QVERIFY(QFile::exists(ini));
    }

    void recentFilesAreDedupedAndBounded()
    {
        QTemporaryDir dir;
        Settings s(dir.filePath(QStringLiteral("gpuplan.ini")));
        for (int i = 0; i < 20; ++i)
            s.addRecentFile(QStringLiteral("/plan%1.gpuplan").arg(i));
        s.addRecentFile(QStringLiteral("/plan15.gpuplan"));
        const QStringList files = s.recentFiles();
        QCOMPARE(files.size(), Settings::kMaxRecentFiles);
        QCOMPARE(files.front(), QStringLiteral("/plan15.gpuplan"));
        QCOMPARE(files.count(QStringLiteral("/plan15.gpuplan")), 1);
        s.removeRecentFile(QStringLiteral("/plan15.gpuplan"));
        QCOMPARE(s.recentFiles().front(), QStringLiteral("/plan19.gpuplan"));
        s.clearRecentFiles();
        QVERIFY(s.recentFiles().isEmpty());
    }

    void badStoredValuesFallBackToDefaults()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("gpuplan.ini"));
        {
            QSettings raw(ini, QSettings::IniFormat);
            raw.setValue(QStringLiteral("view/theme"), QStringLiteral("purple"));
            raw.setValue(QStringLiteral("charts/comparisonGpus"), QStringLiteral("many"));
        }
        Settings s(ini);
        QCOMPARE(s.theme(), Theme::System);
        QCOMPARE(s.comparisonGpuCount(), 5);
        s.setComparisonGpuCount(42);
        QCOMPARE(s.comparisonGpuCount(), Settings::kMaxComparisonGpus);
    }
};

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
