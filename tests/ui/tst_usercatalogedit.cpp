// SPDX-License-Identifier: GPL-3.0-or-later
// Catalog › Browse, entries of the user catalog folder: an entry added from the application can
// be edited (the same validated form, prefilled) and deleted, only that entry changes, the
// catalog reloads and the plan re-evaluates; bundled entries are read-only; nodes, fabrics and
// models are added through forms whose bounds are the loader's and load back unchanged.
#include "UiTestFixtures.h"

#include "UserCatalogTestData.h"
#include "catalog/CatalogBrowser.h"
#include "catalog/CatalogEntryDialog.h"
#include "catalog/UserCatalogEntry.h"
#include "document/PlanController.h"

#include "catalog/CatalogLoader.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QUndoStack>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::ui;

namespace {

using Json = nlohmann::ordered_json;

// NVIDIA DGX H100 datasheet: 8 H100 SXM, NVLink 4 through NVSwitch at 900 GB/s per GPU (both
// directions), 8 ConnectX-7 ports at 400 Gb/s for the compute fabric, 10.2 kW maximum.
void fillDgxLike(CatalogEntryDialog &d)
{
    d.setId(QStringLiteral("lab-dgx-h100"));
    d.setValue("name", QStringLiteral("Lab DGX H100"));
    d.setValue("gpus", QStringLiteral("H100-SXM-80GB"));
    d.setValue("gpus_per_node", QStringLiteral("8"));
    d.setValue("intra_fabric", QStringLiteral("nvswitch"));
    d.setValue("intra_bidir_gbytes_per_s", QStringLiteral("900"));
    d.setValue("nics_per_node", QStringLiteral("8"));
    d.setValue("nic_gbps", QStringLiteral("400"));
    d.setValue("default_fabric", QStringLiteral("ib-ndr-400"));
    d.setValue("max_power_w", QStringLiteral("10200"));
    d.setValue("price_usd", QStringLiteral("300000"));
    d.setValue("price_includes_gpus", QStringLiteral("true"));
    d.setProvenance(QStringLiteral("NVIDIA DGX H100 datasheet; our quote Q-77"), QStringLiteral("2025-06"));
}

// NDR InfiniBand: 400 Gb/s per port (NVIDIA Quantum-2 datasheet, 64 ports per switch).
void fillRoce(CatalogEntryDialog &d)
{
    d.setId(QStringLiteral("lab-roce-400"));
    d.setValue("kind", QStringLiteral("roce"));
    d.setValue("link_gbps", QStringLiteral("400"));
    d.setValue("latency_s", QStringLiteral("0.00002"));
    d.setValue("bus_bw_fraction", QStringLiteral("0.85"));
    d.setValue("switch_radix", QStringLiteral("64"));
    d.setValue("rail_optimized", QStringLiteral("false"));
    d.setProvenance(QStringLiteral("our network design, rev 3"), QStringLiteral("2025-05"), true);
}

// Llama 2 13B (Touvron et al. 2023, Table 1 and the released config.json): 40 layers, hidden
// 5120, 40 heads, FFN 13824 (SwiGLU), vocabulary 32000, 4096 positions, 13.0 B parameters.
void fillLlama13b(CatalogEntryDialog &d)
{
    d.setId(QStringLiteral("our-llama2-13b"));
    d.setValue("name", QStringLiteral("Llama 2 13B (ours)"));
    d.setValue("layers", QStringLiteral("40"));
    d.setValue("hidden", QStringLiteral("5120"));
    d.setValue("heads", QStringLiteral("40"));
    d.setValue("kv_heads", QStringLiteral("40"));
    d.setValue("ffn_hidden", QStringLiteral("13824"));
    d.setValue("gated_mlp", QStringLiteral("true"));
    d.setValue("vocab", QStringLiteral("32000"));
    d.setValue("norm", QStringLiteral("rmsnorm"));
    d.setValue("max_positions", QStringLiteral("4096"));
    d.setValue("published_params", QStringLiteral("13015864320"));
    d.setValue("default_seq_len", QStringLiteral("4096"));
    d.setProvenance(QStringLiteral("Touvron et al. 2023, Llama 2, Table 1"), QStringLiteral("2023-07"));
}

Json readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return Json::parse(f.readAll().toStdString(), nullptr, false);
}

void writeJson(const QString &path, const Json &doc)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QByteArray::fromStdString(doc.dump(2)));
}

const Json *entryIn(const Json &doc, const char *kind, const char *id)
{
    if (!doc.contains(kind))
        return nullptr;
    for (const Json &e : doc[kind]) {
        if (e.value("id", "") == id)
            return &e;
    }
    return nullptr;
}

} // namespace

class TestUserCatalogEdit final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;

    QString userFolder() const { return m_home.filePath(QStringLiteral("catalogs")); }
    QString userFile() const { return userFolder() + QStringLiteral("/") + UserCatalogEditor::kFileName; }

    static Catalog installed()
    {
        QStringList issues;
        return PlanController::loadInstalledCatalog(issues);
    }

    // A browser whose user-catalog changes reload the controller's catalog, as the main window does.
    static void reloadOnChange(CatalogBrowser &browser, PlanController &controller)
    {
        QObject::connect(&browser, &CatalogBrowser::userCatalogChanged, &controller,
                         [&controller] { controller.setCatalog(installed()); });
    }

    void addGpu(const Catalog &catalog, const QString &id)
    {
        CatalogEntryDialog dialog(gpuEntryForm(), catalog, userFolder());
        test::fillRtx5000(dialog, id);
        QVERIFY2(dialog.save(), qPrintable(dialog.errorText()));
    }

private slots:
    void initTestCase()
    {
        test::isolateUserFiles();
        QVERIFY(m_home.isValid());
        qputenv("GPUPLAN_USER_CATALOG_DIR", userFolder().toLocal8Bit());
        QCOMPARE(QString::fromStdString(defaultUserCatalogDir()), userFolder());
    }

    void init()
    {
        QDir(userFolder()).removeRecursively();
    }

    void addEditReloadShowsTheNewValues()
    {
        PlanController controller(installed());
        addGpu(controller.catalog(), QStringLiteral("RTX5000Ada-32GB"));
        addGpu(controller.catalog(), QStringLiteral("RTX4500Ada-24GB"));
        // Fields the form does not show, written by hand, and a figure with its own source.
        Json doc = readJson(userFile());
        Json &mine = doc["gpus"][0];
        mine["form_factor"] = "PCIe";
        mine["price_usd"] = {{"value", 4000}, {"source", "reseller quote R-9"}, {"date", "2025-02"}};
        doc["note"] = "kept";
        writeJson(userFile(), doc);
        const Json other = readJson(userFile())["gpus"][1];
        controller.setCatalog(installed());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        QVERIFY(controller.setText(QStringLiteral("hardware.gpu"), QStringLiteral("RTX5000Ada-32GB")));
        const int undoSteps = controller.undoStack()->count();

        CatalogBrowser browser(&controller);
        reloadOnChange(browser, controller);
        QVERIFY(browser.selectEntry(QStringLiteral("gpus"), QStringLiteral("RTX5000Ada-32GB")));
        auto *edit = browser.findChild<QPushButton *>(QStringLiteral("editEntry"));
        QVERIFY(edit && edit->isEnabled());
        QVERIFY(browser.findChild<QLabel *>(QStringLiteral("entryStatus"))->text().contains(UserCatalogEditor::kFileName));

        // Edit opens the form prefilled; Save rewrites the entry, the catalog reloads and the
        // plan on that GPU re-evaluates with the new figures.
        const double timeBefore = controller.evaluation().training.stepTimeS;
        EntryDraft prefilled;
        QTimer::singleShot(0, &browser, [&prefilled] {
            // Inside the dialog's event loop: read the prefilled form, change two figures, save.
            auto *dialog = qobject_cast<CatalogEntryDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            prefilled = dialog->draft();
            dialog->setValue("tflops.bf16", QStringLiteral("522"));
            dialog->setValue("tdp_w", QStringLiteral("300"));
            dialog->grab().save(QStringLiteral(GPUPLAN_BINARY_DIR "/tests/catalogentry-edit.png"));
            dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save)->click();
            if (dialog->isVisible())
                dialog->reject();   // refused: the checks below report it
        });
        browser.editSelected();
        QCOMPARE(prefilled.values.at("tflops.bf16"), QStringLiteral("261"));
        QCOMPARE(prefilled.values.at("memory_bandwidth_tbps"), QStringLiteral("0.576"));
        QCOMPARE(prefilled.source, QStringLiteral("NVIDIA RTX 5000 Ada datasheet"));
        const QString prefilledMemory = prefilled.values.at("memory_gb");
        QCOMPARE(prefilledMemory, QStringLiteral("32"));
        const GpuSpec *g = controller.catalog().findGpu("RTX5000Ada-32GB");
        QVERIFY(g);
        QCOMPARE(g->peak(Dtype::BF16), 522e12);
        QCOMPARE(g->tdpW, 300.0);
        QCOMPARE(g->memoryBytes, 32e9);
        QCOMPARE(g->priceUsd, 4000.0);
        QCOMPARE(g->sources.at("price_usd").source, std::string("reseller quote R-9"));
        QVERIFY(controller.isResolved());
        QCOMPARE(controller.resolved().gpu->peak(Dtype::BF16), 522e12);
        QVERIFY(controller.evaluation().training.stepTimeS < timeBefore);   // twice the compute
        QCOMPARE(controller.undoStack()->count(), undoSteps);   // the plan itself did not change
        QVERIFY(browser.table(QStringLiteral("gpus"))->currentRow() >= 0);   // still selected

        const Json after = readJson(userFile());
        QCOMPARE(after.value("note", std::string()), std::string("kept"));
        QCOMPARE(after["gpus"].size(), std::size_t(2));
        QCOMPARE(after["gpus"][0].value("form_factor", std::string()), std::string("PCIe"));
        QCOMPARE(after["gpus"][0]["price_usd"].value("source", std::string()), std::string("reseller quote R-9"));
        QVERIFY(after["gpus"][1] == other);   // the other entry is byte for byte the same
    }

    void editRefusesAnInvalidValueAndKeepsTheFile()
    {
        const Catalog c = installed();
        addGpu(c, QStringLiteral("RTX5000Ada-32GB"));
        const Json before = readJson(userFile());
        PlanController controller(installed());
        CatalogBrowser browser(&controller);
        QString error;
        std::unique_ptr<CatalogEntryDialog> dialog =
            browser.editDialog(QStringLiteral("gpus"), QStringLiteral("rtx5000ada 32gb"), error);   // any spelling
        QVERIFY2(dialog, qPrintable(error));
        dialog->setValue("tdp_w", QStringLiteral("-5"));
        QVERIFY(!dialog->save());
        QVERIFY2(dialog->errorText().startsWith(
                     QStringLiteral("TDP (W): -5 is outside the allowed range: a number from 1 to 100,000")),
                 qPrintable(dialog->errorText()));
        dialog->setValue("tdp_w", QStringLiteral("250"));
        dialog->setValue("memory_gb", QString());   // a required figure of a new GPU
        QVERIFY(!dialog->save());
        QVERIFY(dialog->errorText().startsWith(QStringLiteral("Memory (GB): required")));
        QVERIFY(readJson(userFile()) == before);
    }

    void deleteRemovesOnlyThatEntryAndSaysWhatThePlanShows()
    {
        const Catalog c = installed();
        addGpu(c, QStringLiteral("RTX5000Ada-32GB"));
        addGpu(c, QStringLiteral("RTX4500Ada-24GB"));
        CatalogEntryDialog price(cloudPriceForm(), c, userFolder());
        price.setId(QStringLiteral("aws-p5-48xlarge"));
        price.setValue("on_demand_per_gpu_hour", QStringLiteral("2.10"));
        price.setProvenance(QStringLiteral("our 2025 enterprise agreement"), QStringLiteral("2025-10"));
        QVERIFY2(price.save(), qPrintable(price.errorText()));
        const Json before = readJson(userFile());

        PlanController controller(installed());
        Plan plan = test::fixtureTrainingPlan();
        plan.hardware.gpu = "RTX5000Ada-32GB";
        controller.applyPlan(plan, QStringLiteral("fixture"));
        QVERIFY(controller.isResolved());
        CatalogBrowser browser(&controller);
        reloadOnChange(browser, controller);

        const QString question = browser.deletionQuestion(QStringLiteral("gpus"), QStringLiteral("RTX5000Ada-32GB"));
        QVERIFY2(question.contains(QStringLiteral("The current plan uses RTX5000Ada-32GB as its GPU (hardware.gpu)")),
                 qPrintable(question));
        QVERIFY(question.contains(QStringLiteral("not changed")));
        QVERIFY2(question.contains(QStringLiteral("unknown GPU \"RTX5000Ada-32GB\"")), qPrintable(question));
        QString error;
        QVERIFY2(browser.deleteEntry(QStringLiteral("gpus"), QStringLiteral("RTX5000Ada-32GB"), error), qPrintable(error));

        const Json after = readJson(userFile());
        QVERIFY(!entryIn(after, "gpus", "RTX5000Ada-32GB"));
        QVERIFY(*entryIn(after, "gpus", "RTX4500Ada-24GB") == *entryIn(before, "gpus", "RTX4500Ada-24GB"));
        QVERIFY(after["clouds"] == before["clouds"]);
        // Reloaded: the entry is gone, the plan still names it and shows why it cannot evaluate.
        QVERIFY(!controller.catalog().findGpu("RTX5000Ada-32GB"));
        QVERIFY(controller.catalog().findGpu("RTX4500Ada-24GB"));
        QCOMPARE(controller.plan().hardware.gpu, std::string("RTX5000Ada-32GB"));
        QVERIFY(!controller.isResolved());
        QCOMPARE(browser.table(QStringLiteral("gpus"))->rowCount(), static_cast<int>(controller.catalog().gpus.size()));

        // Deleting the negotiated price brings back the bundled offer's figures.
        const QString priceQuestion = browser.deletionQuestion(QStringLiteral("clouds"), QStringLiteral("aws-p5-48xlarge"));
        QVERIFY2(priceQuestion.contains(QStringLiteral("bundled figures apply again")), qPrintable(priceQuestion));
        QVERIFY(browser.deleteEntry(QStringLiteral("clouds"), QStringLiteral("aws-p5-48xlarge"), error));
        QCOMPARE(controller.catalog().findCloud("aws-p5-48xlarge")->onDemandPerGpuHour,
                 bundledCatalog().findCloud("aws-p5-48xlarge")->onDemandPerGpuHour);
        QVERIFY(entryIn(readJson(userFile()), "gpus", "RTX4500Ada-24GB"));
    }

    void bundledEntriesAreReadOnly()
    {
        PlanController controller(installed());
        CatalogBrowser browser(&controller);
        const UserEntryPlace place = browser.placeOf(QStringLiteral("gpus"), QStringLiteral("H100-SXM-80GB"));
        QVERIFY(place.filePath.isEmpty());
        QVERIFY(place.reason.startsWith(QStringLiteral("Bundled entry: read-only")));
        QString error;
        QVERIFY(!browser.editDialog(QStringLiteral("gpus"), QStringLiteral("H100-SXM-80GB"), error));
        QCOMPARE(error, place.reason);
        QVERIFY(!browser.deleteEntry(QStringLiteral("gpus"), QStringLiteral("H100-SXM-80GB"), error));
        QVERIFY(!QFile::exists(userFile()));
        QVERIFY(browser.selectEntry(QStringLiteral("gpus"), QStringLiteral("H100-SXM-80GB")));
        QVERIFY(!browser.findChild<QPushButton *>(QStringLiteral("editEntry"))->isEnabled());
        QVERIFY(!browser.findChild<QPushButton *>(QStringLiteral("deleteEntry"))->isEnabled());
        QCOMPARE(browser.findChild<QLabel *>(QStringLiteral("entryStatus"))->text(), place.reason);
        browser.show();
        QVERIFY(QTest::qWaitForWindowExposed(&browser));
        browser.grab().save(QStringLiteral(GPUPLAN_BINARY_DIR "/tests/catalogbrowser-readonly.png"));
    }

    void nodeFabricAndModelRoundTripThroughTheLoader()
    {
        const Catalog c = installed();
        CatalogEntryDialog fabric(fabricEntryForm(), c, userFolder());
        fillRoce(fabric);
        QVERIFY2(fabric.save(), qPrintable(fabric.errorText()));
        CatalogEntryDialog node(nodeEntryForm(), c, userFolder());
        fillDgxLike(node);
        node.setValue("default_fabric", QStringLiteral("ib-ndr-400"));
        QVERIFY2(node.save(), qPrintable(node.errorText()));
        CatalogEntryDialog model(modelEntryForm(), c, userFolder());
        fillLlama13b(model);
        QVERIFY2(model.save(), qPrintable(model.errorText()));
        model.show();
        QVERIFY(QTest::qWaitForWindowExposed(&model));
        model.grab().save(QStringLiteral(GPUPLAN_BINARY_DIR "/tests/catalogentry-model.png"));

        std::vector<std::string> issues;
        const Catalog loaded = test::loadWithUserFolder(userFolder(), issues);
        QVERIFY2(issues.empty(), issues.empty() ? "" : issues.front().c_str());

        const NodeSpec *n = loaded.findNode("lab-dgx-h100");
        QVERIFY(n);
        QCOMPARE(n->gpus, std::vector<std::string>{"H100-SXM-80GB"});
        QCOMPARE(n->gpusPerNode, 8);
        QCOMPARE(n->intraFabric, std::string("nvswitch"));
        QCOMPARE(n->intraBandwidth, 450e9);   // 900 GB/s both directions, halved
        QCOMPARE(n->nicsPerNode, 8);
        QCOMPARE(n->nicGbps, 400.0);
        QCOMPARE(n->maxPowerW, 10200.0);
        QCOMPARE(n->priceUsd, 300000.0);
        QCOMPARE(n->defaultFabric, std::string("ib-ndr-400"));
        QCOMPARE(n->sources.at("max_power_w").date, std::string("2025-06"));

        const FabricSpec *f = loaded.findFabric("lab-roce-400");
        QVERIFY(f);
        QCOMPARE(f->kind, std::string("roce"));
        QCOMPARE(f->linkGbps, 400.0);
        QCOMPARE(f->latencyS, 2e-5);
        QCOMPARE(f->busBwFraction, 0.85);
        QCOMPARE(f->switchRadix, 64);
        QVERIFY(!f->railOptimized);   // the loader's default is true
        QVERIFY(f->sources.at("link_gbps").estimate);

        const ModelPreset *m = loaded.findModel("our-llama2-13b");
        QVERIFY(m);
        QCOMPARE(m->arch.layers, 40);
        QCOMPARE(m->arch.hidden, 5120);
        QCOMPARE(m->arch.ffnHidden, 13824);
        QVERIFY(m->arch.gatedMlp);
        QCOMPARE(m->defaultSeqLen, 4096);
        QCOMPARE(m->publishedParams, 13015864320.0);

        // A plan on the new node, fabric and model resolves.
        PlanController controller(installed());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        QVERIFY(controller.setPreset(QStringLiteral("our-llama2-13b")));
        QVERIFY(controller.setText(QStringLiteral("hardware.node"), QStringLiteral("lab-dgx-h100")));
        QVERIFY(controller.setText(QStringLiteral("hardware.fabric"), QStringLiteral("lab-roce-400")));
        QVERIFY(controller.isResolved());
        QCOMPARE(controller.plan().model.layers, 40);

        // Edited through the same form: the node's power changes, everything else stays.
        CatalogBrowser browser(&controller);
        QString error;
        std::unique_ptr<CatalogEntryDialog> edit = browser.editDialog(QStringLiteral("nodes"), QStringLiteral("lab-dgx-h100"), error);
        QVERIFY2(edit, qPrintable(error));
        QCOMPARE(edit->draft().values.at("gpus"), QStringLiteral("H100-SXM-80GB"));
        QCOMPARE(edit->draft().values.at("price_includes_gpus"), QStringLiteral("true"));
        edit->setValue("max_power_w", QStringLiteral("11000"));
        QVERIFY2(edit->save(), qPrintable(edit->errorText()));
        const NodeSpec *edited = installed().findNode("lab-dgx-h100");
        QVERIFY(edited);
        QCOMPARE(edited->maxPowerW, 11000.0);
        QCOMPARE(edited->nicGbps, 400.0);

        // The plan uses the model preset: deleting it says that the plan keeps its fields.
        const QString question = browser.deletionQuestion(QStringLiteral("models"), QStringLiteral("our-llama2-13b"));
        QVERIFY2(question.contains(QStringLiteral("model.preset")), qPrintable(question));
        // Deleting the fabric the node names by default reports the dangling reference.
        const QString fabricQuestion = browser.deletionQuestion(QStringLiteral("fabrics"), QStringLiteral("lab-roce-400"));
        QVERIFY2(fabricQuestion.contains(QStringLiteral("hardware.fabric")), qPrintable(fabricQuestion));
    }

    void invalidValuesAreRefusedNamingTheField_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("node without GPUs") << "nodes" << QByteArray("gpus_per_node") << QStringLiteral("0")
                                           << QStringLiteral("GPUs per node: 0 is outside the allowed range: a whole number from 1 to 100,000");
        QTest::newRow("node NIC speed") << "nodes" << QByteArray("nic_gbps") << QStringLiteral("fast")
                                        << QStringLiteral("NIC speed (Gb/s): \"fast\" is not a number");
        QTest::newRow("node without power") << "nodes" << QByteArray("max_power_w") << QString()
                                            << QStringLiteral("Maximum power (W): required for a new entry");
        QTest::newRow("fabric fraction") << "fabrics" << QByteArray("bus_bw_fraction") << QStringLiteral("1.5")
                                         << QStringLiteral("Bus bandwidth fraction: 1.5 is outside the allowed range: a number from 0.01 to 1");
        QTest::newRow("fabric latency") << "fabrics" << QByteArray("latency_s") << QStringLiteral("0.5")
                                        << QStringLiteral("Latency (s): 0.5 is outside the allowed range: a number from 0 to 0.01");
        QTest::newRow("model layers") << "models" << QByteArray("layers") << QStringLiteral("0")
                                      << QStringLiteral("Layers: 0 is outside the allowed range: ");
        QTest::newRow("model vocab") << "models" << QByteArray("vocab") << QString()
                                     << QStringLiteral("Vocabulary: required for a new entry");
    }

    void invalidValuesAreRefusedNamingTheField()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, key);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        const Catalog c = installed();
        const EntryForm &form = *entryFormFor(kind.toStdString());
        CatalogEntryDialog dialog(form, c, userFolder());
        if (kind == QLatin1String("nodes"))
            fillDgxLike(dialog);
        else if (kind == QLatin1String("fabrics"))
            fillRoce(dialog);
        else
            fillLlama13b(dialog);
        test::expectRefused(dialog, key.toStdString(), value, expected, userFile(),
                            key == "gpus_per_node" ? QStringLiteral(GPUPLAN_BINARY_DIR "/tests/catalogentry-node-refused.png")
                                                   : QString());
    }

    void formBoundsAreTheLoaderBounds()
    {
        for (const EntryForm *form : {&nodeEntryForm(), &fabricEntryForm(), &modelEntryForm()}) {
            for (const FormField &f : form->fields) {
                const char *key = f.key.c_str();
                if (f.type == FormFieldType::Choice && !f.words.isEmpty()) {
                    for (const QString &w : f.words)
                        QVERIFY2(test::loaderAccepts(form->kind, f.key, w.toStdString()), key);
                    QVERIFY2(!test::loaderAccepts(form->kind, f.key, "no-such-word"), key);
                    continue;
                }
                if (f.type == FormFieldType::Flag) {
                    QVERIFY2(test::loaderAccepts(form->kind, f.key, true), key);
                    continue;
                }
                if (f.type != FormFieldType::Number && f.type != FormFieldType::Integer)
                    continue;
                QVERIFY2(test::loaderAccepts(form->kind, f.key, f.min), key);
                QVERIFY2(test::loaderAccepts(form->kind, f.key, f.max), key);
                if (f.planField)
                    continue;   // the registry's own check (with its sentinels), as the loader's
                const double step = f.type == FormFieldType::Integer ? 1.0 : std::max(std::abs(f.min) * 0.01, 1e-9);
                QVERIFY2(!test::loaderAccepts(form->kind, f.key, f.min - step), key);
                QVERIFY2(!test::loaderAccepts(form->kind, f.key, f.type == FormFieldType::Integer ? f.max + 1 : f.max * 1.01), key);
            }
        }
    }
};

QTEST_MAIN(TestUserCatalogEdit)
#include "tst_usercatalogedit.moc"
