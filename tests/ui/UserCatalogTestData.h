// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Entries and checks shared by the tests of the user catalog forms: a filled-in GPU form, a
// complete minimal entry of each kind for probing one field's bounds in the loader, and the
// user folder loaded exactly as the application loads it.
#include "catalog/CatalogEntryDialog.h"
#include "catalog/UserCatalogEntry.h"

#include "catalog/CatalogLoader.h"

#include <QFile>
#include <QString>
#include <QTest>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gpuplan::test {

// NVIDIA RTX 5000 Ada datasheet (2023-08), the docs/catalogs.md example: 32 GB, 0.576 TB/s,
// 261 dense BF16 TFLOPS, 65.3 FP32, 250 W, PCIe Gen4 x16 (64 GB/s both directions); a
// workstation node of the bundled catalog.
inline void fillRtx5000(ui::CatalogEntryDialog &d, const QString &id = QStringLiteral("RTX5000Ada-32GB"))
{
    d.setId(id);
    d.setValue("name", QStringLiteral("NVIDIA RTX 5000 Ada 32GB"));
    d.setValue("memory_gb", QStringLiteral("32"));
    d.setValue("memory_bandwidth_tbps", QStringLiteral("0.576"));
    d.setValue("tflops.bf16", QStringLiteral("261"));
    d.setValue("tflops.fp32", QStringLiteral("65.3"));
    d.setValue("tdp_w", QStringLiteral("250"));
    d.setValue("pcie_bidir_gbytes_per_s", QStringLiteral("64"));
    d.setValue("default_node", QStringLiteral("ws-rtx6000ada"));
    d.setProvenance(QStringLiteral("NVIDIA RTX 5000 Ada datasheet"), QStringLiteral("2023-08"));
}

// Sets key to value in a filled-in form and checks that saving is refused with a message
// starting with expected and that nothing was written to userFile. With grabTo, the refused
// form is also saved as a PNG there, for looking at.
inline void expectRefused(ui::CatalogEntryDialog &d, const std::string &key, const QString &value,
                          const QString &expected, const QString &userFile, const QString &grabTo = QString())
{
    d.setValue(key, value);
    QVERIFY(!d.save());
    QVERIFY2(d.errorText().startsWith(expected), qPrintable(d.errorText()));
    QVERIFY(!QFile::exists(userFile));
    if (!grabTo.isEmpty()) {
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        d.grab().save(grabTo);
    }
}

// A complete new entry of the kind (the fields the loader requires), for probing one field.
inline nlohmann::json probeEntry(const std::string &kind)
{
    if (kind == "gpus")
        return {{"id", "probe-gpu"}, {"memory_gb", 32}, {"memory_bandwidth_tbps", 1.0},
                {"tflops", {{"bf16", 100}, {"fp32", 50}}}, {"tdp_w", 300}};
    if (kind == "clouds")
        return {{"id", "probe-offer"}, {"provider", "P"}, {"instance", "I"}, {"gpu", "H100-SXM-80GB"},
                {"gpus_per_instance", 8}, {"on_demand_per_gpu_hour", 2.0}};
    if (kind == "nodes")
        return {{"id", "probe-node"}, {"gpus", {"H100-SXM-80GB"}}, {"gpus_per_node", 8}, {"max_power_w", 10200}};
    if (kind == "fabrics")
        return {{"id", "probe-fabric"}, {"kind", "roce"}, {"link_gbps", 400}};
    return {{"id", "probe-model"}, {"layers", 40}, {"hidden", 5120}, {"heads", 40}, {"vocab", 32000}};
}

// True when the loader accepts the probe entry of kind with key ("tflops.bf16": a member of
// "tflops") set to value, on top of the bundled catalog.
inline bool loaderAccepts(const std::string &kind, const std::string &key, const nlohmann::json &value)
{
    nlohmann::json entry = probeEntry(kind);
    const auto dot = key.find('.');
    if (dot == std::string::npos)
        entry[key] = value;
    else
        entry[key.substr(0, dot)][key.substr(dot + 1)] = value;
    entry["source"] = "test";
    entry["date"] = "2025";
    const nlohmann::json doc = {{"format", "gpuplan-catalog"}, {"version", 1}, {kind, {entry}}};
    Catalog c = bundledCatalog();
    std::vector<CatalogIssue> issues;
    mergeCatalogText(c, doc.dump(), "probe.json", issues);
    return issues.empty();
}

// The bundled catalogs plus folder, as the application loads them; the problems reported for
// the application's file are appended to appFileIssues.
inline Catalog loadWithUserFolder(const QString &folder, std::vector<std::string> &appFileIssues)
{
    std::vector<CatalogIssue> issues;
    CatalogSources sources;
    sources.userDir = folder.toStdString();
    Catalog loaded = loadCatalog(sources, issues);
    for (const CatalogIssue &issue : issues) {
        if (issue.file.find(ui::UserCatalogEditor::kFileName) != std::string::npos)
            appFileIssues.push_back(issue.text());
    }
    return loaded;
}

} // namespace gpuplan::test
