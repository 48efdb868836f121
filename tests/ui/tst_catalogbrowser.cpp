// SPDX-License-Identifier: GPL-3.0-or-later
// Catalog › Browse: the tables show every kind with the source and date of each figure; the
// forms add a GPU or a cloud price to the user catalog folder (never the bundled files), refuse
// bad values naming the field and the allowed range, and the new entry loads and resolves.
#include "UiTestFixtures.h"

#include "UserCatalogTestData.h"
#include "catalog/CatalogBrowser.h"
#include "catalog/CatalogEntryDialog.h"
#include "catalog/CatalogTables.h"
#include "catalog/UserCatalogEntry.h"
#include "document/PlanController.h"

#include "catalog/CatalogLoader.h"

#include <QFile>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestCatalogBrowser final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;

    QString userFolder() const { return m_home.filePath(QStringLiteral("catalogs")); }
    QString userFile() const { return userFolder() + QStringLiteral("/") + UserCatalogEditor::kFileName; }

    Catalog installed()
    {
        QStringList issues;
        Catalog c = PlanController::loadInstalledCatalog(issues);
        if (!issues.isEmpty())
            qWarning() << issues;
        return c;
    }

private slots:
    void initTestCase()
    {
        test::isolateUserFiles();
        QVERIFY(m_home.isValid());
        qputenv("GPUPLAN_USER_CATALOG_DIR", userFolder().toLocal8Bit());
        QCOMPARE(QString::fromStdString(defaultUserCatalogDir()), userFolder());
    }

    void init() { QFile::remove(userFile()); }

    void tablesCoverEveryKindWithSources()
    {
        const Catalog &c = bundledCatalog();
        const std::vector<CatalogTable> tables = catalogTables(c);
        QCOMPARE(tables.size(), std::size_t(7));
        QStringList missing;
        const std::pair<const char *, std::size_t> sizes[] = {
            {"gpus", c.gpus.size()},     {"nodes", c.nodes.size()},   {"fabrics", c.fabrics.size()},
            {"clouds", c.clouds.size()}, {"models", c.models.size()}, {"engines", c.engines.size()},
            {"storage_tiers", c.storageTiers.size()}};
        for (std::size_t i = 0; i < tables.size(); ++i) {
            QCOMPARE(tables[i].kind, QString::fromLatin1(sizes[i].first));
            QCOMPARE(tables[i].rows.size(), sizes[i].second);
            QVERIFY(!tables[i].rows.empty());
            for (const CatalogRow &row : tables[i].rows) {
                QCOMPARE(row.cells.size(), static_cast<std::size_t>(tables[i].headers.size()));
                // Every figure shown of a bundled GPU, node, fabric or cloud offer has a source
                // and a date (tst_catalogdata checks the files; this checks the view finds them).
                if (i > 3)
                    continue;
                for (const CatalogCell &cell : row.cells) {
                    if (cell.sourceKey.empty() || cell.text == QStringLiteral("–"))
                        continue;
                    const Provenance *p = findSource(row, cell.sourceKey);
                    if (!p || p->source.empty() || p->date.empty())
                        missing << row.id + QStringLiteral(": ") + QString::fromStdString(cell.sourceKey);
                }
            }
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
    }

    void browserShowsSourcesOfTheSelectedEntry()
    {
        PlanController controller(bundledCatalog());
        CatalogBrowser browser(&controller);
        QTableWidget *gpus = browser.table(QStringLiteral("gpus"));
        QVERIFY(gpus);
        QCOMPARE(gpus->rowCount(), static_cast<int>(bundledCatalog().gpus.size()));
        QVERIFY(browser.selectEntry(QStringLiteral("gpus"), QStringLiteral("H100-SXM-80GB")));
        const GpuSpec *h100 = bundledCatalog().findGpu("H100-SXM-80GB");
        QCOMPARE(browser.sourcesTable()->rowCount(), static_cast<int>(h100->sources.size()));
        browser.show();
        QVERIFY(QTest::qWaitForWindowExposed(&browser));
        browser.grab().save(QStringLiteral(GPUPLAN_BINARY_DIR "/tests/catalogbrowser.png"));
        // The memory cell's tool tip names the memory figure's source and date.
        const int row = gpus->currentRow();
        QTableWidgetItem *memory = gpus->item(row, 4);
        const Provenance &p = h100->sources.at("memory_gb");
        QVERIFY(memory->toolTip().contains(QString::fromStdString(p.source)));
        QVERIFY(memory->toolTip().contains(QString::fromStdString(p.date)));
        // Its source is a third party's (docs/catalogs.md, "Primary and secondary sources"): the cell is
        // marked and the tool tip and the sources pane say so.
        QVERIFY(p.secondary && !p.estimate);
        QVERIFY(memory->text().endsWith(QChar(0x2020)));
        QVERIFY(memory->toolTip().contains(QStringLiteral("secondary source")));
        bool paneSaysSecondary = false;
        for (int r = 0; r < browser.sourcesTable()->rowCount(); ++r) {
            if (browser.sourcesTable()->item(r, 0)->text() == QStringLiteral("memory_gb"))
                paneSaysSecondary = browser.sourcesTable()->item(r, 1)->text().endsWith(QStringLiteral("(secondary source)"));
        }
        QVERIFY(paneSaysSecondary);
        QVERIFY(browser.selectEntry(QStringLiteral("clouds"), QStringLiteral("aws-p5-48xlarge")));
        QCOMPARE(browser.tabs()->currentWidget(), browser.table(QStringLiteral("clouds")));
        QVERIFY(browser.sourcesTable()->rowCount() > 0);
    }

    void addingAGpuWritesAUserFileThatLoadsAndResolves()
    {
        PlanController controller(installed());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        CatalogEntryDialog dialog(gpuEntryForm(), controller.catalog(), userFolder());
        test::fillRtx5000(dialog);
        QVERIFY2(dialog.save(), qPrintable(dialog.errorText()));
        QVERIFY(QFile::exists(userFile()));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.grab().save(QStringLiteral(GPUPLAN_BINARY_DIR "/tests/catalogentry.png"));

        // The file is a catalog document the loader reads without a single issue.
        std::vector<std::string> issues;
        const Catalog loaded = test::loadWithUserFolder(userFolder(), issues);
        QVERIFY2(issues.empty(), issues.empty() ? "" : issues.front().c_str());
        const GpuSpec *g = loaded.findGpu("RTX5000Ada-32GB");
        QVERIFY(g);
        QCOMPARE(g->memoryBytes, 32e9);
        QCOMPARE(g->memoryBandwidth, 0.576e12);
        QCOMPARE(g->peak(Dtype::BF16), 261e12);
        QCOMPARE(g->tdpW, 250.0);
        QCOMPARE(g->pcieBandwidth, 32e9);   // 64 GB/s both directions, halved
        QCOMPARE(g->sources.at("tdp_w").source, std::string("NVIDIA RTX 5000 Ada datasheet"));
        QCOMPARE(g->sources.at("tdp_w").date, std::string("2023-08"));

        // Reloaded, the GPU is selectable in the plan and the plan resolves on it.
        controller.setCatalog(installed());
        QVERIFY(controller.setText(QStringLiteral("hardware.gpu"), QStringLiteral("RTX5000Ada-32GB")));
        QVERIFY(controller.isResolved());
        QCOMPARE(controller.resolved().gpu->id, std::string("RTX5000Ada-32GB"));
        CatalogBrowser browser(&controller);
        QCOMPARE(browser.userFolder(), userFolder());   // where its forms write
        QVERIFY(browser.selectEntry(QStringLiteral("gpus"), QStringLiteral("RTX5000Ada-32GB")));

        // A second entry keeps the first.
        CatalogEntryDialog second(gpuEntryForm(), controller.catalog(), userFolder());
        test::fillRtx5000(second);
        second.setId(QStringLiteral("RTX4500Ada-24GB"));
        second.setValue("memory_gb", QStringLiteral("24"));
        QVERIFY2(second.save(), qPrintable(second.errorText()));
        const Catalog both = installed();
        QVERIFY(both.findGpu("RTX5000Ada-32GB"));
        QVERIFY(both.findGpu("RTX4500Ada-24GB"));
    }

    void badValuesAreRefusedAndNothingIsWritten_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("tdp too high") << QByteArray("tdp_w") << QStringLiteral("2000000")
                                      << QStringLiteral("TDP (W): 2000000 is outside the allowed range: a number from 1 to 100,000");
        QTest::newRow("memory not a number") << QByteArray("memory_gb") << QStringLiteral("lots")
                                             << QStringLiteral("Memory (GB): \"lots\" is not a number");
        QTest::newRow("negative bandwidth") << QByteArray("memory_bandwidth_tbps") << QStringLiteral("-1")
                                            << QStringLiteral("Memory bandwidth (TB/s): -1 is outside the allowed range: a number from 0.01 to 1000");
        QTest::newRow("fractional year") << QByteArray("launch_year") << QStringLiteral("2023.5")
                                         << QStringLiteral("Launch year: 2023.5 is outside the allowed range: a whole number from 1990 to 2100");
        QTest::newRow("missing memory") << QByteArray("memory_gb") << QString()
                                        << QStringLiteral("Memory (GB): required for a new entry");
        QTest::newRow("no node") << QByteArray("default_node") << QString()
                                 << QStringLiteral("Default node: required for a new entry");
    }

    void badValuesAreRefusedAndNothingIsWritten()
    {
        QFETCH(QByteArray, key);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        const Catalog c = installed();
        CatalogEntryDialog dialog(gpuEntryForm(), c, userFolder());
        test::fillRtx5000(dialog);
        test::expectRefused(dialog, key.toStdString(), value, expected, userFile(),
                            key == "tdp_w" ? QStringLiteral(GPUPLAN_BINARY_DIR "/tests/catalogentry-refused.png") : QString());
    }

    void provenanceAndNewIdsAreRequired()
    {
        const Catalog c = installed();
        CatalogEntryDialog dialog(gpuEntryForm(), c, userFolder());
        test::fillRtx5000(dialog);
        dialog.setProvenance(QStringLiteral("NVIDIA datasheet"), QString());
        QVERIFY(!dialog.save());
        QVERIFY(dialog.errorText().startsWith(QStringLiteral("Date: required")));
        test::fillRtx5000(dialog);
        dialog.setId(QStringLiteral("h100 sxm 80gb"));   // a bundled GPU under another spelling
        QVERIFY(!dialog.save());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("already in the catalog (as H100-SXM-80GB)")),
                 qPrintable(dialog.errorText()));
        QVERIFY(!QFile::exists(userFile()));
    }

    void negotiatedCloudPriceOverridesOnlyThePrice()
    {
        const Catalog before = installed();
        const CloudOffer *bundled = before.findCloud("aws-p5-48xlarge");
        QVERIFY(bundled);
        CatalogEntryDialog dialog(cloudPriceForm(), before, userFolder());
        dialog.setId(QStringLiteral("aws-p5-48xlarge"));
        dialog.setValue("on_demand_per_gpu_hour", QStringLiteral("2.10"));
        dialog.setProvenance(QStringLiteral("our 2025 enterprise agreement"), QStringLiteral("2025-10"));
        QVERIFY2(dialog.save(), qPrintable(dialog.errorText()));
        const Catalog after = installed();
        const CloudOffer *offer = after.findCloud("aws-p5-48xlarge");
        QCOMPARE(offer->onDemandPerGpuHour, 2.10);
        QCOMPARE(offer->sources.at("on_demand_per_gpu_hour").source, std::string("our 2025 enterprise agreement"));
        QCOMPARE(offer->provider, bundled->provider);
        QCOMPARE(offer->gpusPerInstance, bundled->gpusPerInstance);
        QCOMPARE(offer->reserved3yPerGpuHour, bundled->reserved3yPerGpuHour);

        // A second negotiated price for the same offer joins the first; each keeps its source.
        CatalogEntryDialog more(cloudPriceForm(), after, userFolder());
        more.setId(QStringLiteral("aws-p5-48xlarge"));
        more.setValue("reserved_1y_per_gpu_hour", QStringLiteral("1.85"));
        more.setProvenance(QStringLiteral("quote Q-1234"), QStringLiteral("2025-11"));
        QVERIFY2(more.save(), qPrintable(more.errorText()));
        const Catalog merged = installed();
        const CloudOffer *both = merged.findCloud("aws-p5-48xlarge");
        QCOMPARE(both->onDemandPerGpuHour, 2.10);
        QCOMPARE(both->reserved1yPerGpuHour, 1.85);
        QCOMPARE(both->sources.at("on_demand_per_gpu_hour").source, std::string("our 2025 enterprise agreement"));
        QCOMPARE(both->sources.at("reserved_1y_per_gpu_hour").source, std::string("quote Q-1234"));
        QCOMPARE(both->sources.at("reserved_1y_per_gpu_hour").date, std::string("2025-11"));

        // A price outside the loader's bounds is refused with the field and the range.
        QFile::remove(userFile());
        dialog.setValue("on_demand_per_gpu_hour", QStringLiteral("20000"));
        QVERIFY(!dialog.save());
        QVERIFY(dialog.errorText().startsWith(QStringLiteral("On demand (USD per GPU-hour): 20000 is outside the allowed range")));
        QVERIFY(dialog.errorText().contains(QStringLiteral("0 to 10,000")));
        QVERIFY(!QFile::exists(userFile()));
    }

    void formBoundsAreTheLoaderBounds()
    {
        for (const EntryForm *form : {&gpuEntryForm(), &cloudPriceForm()}) {
            for (const FormField &f : form->fields) {
                if (f.type != FormFieldType::Number && f.type != FormFieldType::Integer)
                    continue;
                const double step = f.type == FormFieldType::Integer ? 1.0 : std::max(std::abs(f.min) * 0.01, 1e-9);
                QVERIFY2(test::loaderAccepts(form->kind, f.key, f.min), f.key.c_str());
                QVERIFY2(test::loaderAccepts(form->kind, f.key, f.max), f.key.c_str());
                QVERIFY2(!test::loaderAccepts(form->kind, f.key, f.min - step), f.key.c_str());
                QVERIFY2(!test::loaderAccepts(form->kind, f.key, f.type == FormFieldType::Integer ? f.max + 1 : f.max * 1.01),
                         f.key.c_str());
            }
        }
    }
};

QTEST_MAIN(TestCatalogBrowser)
#include "tst_catalogbrowser.moc"
