// SPDX-License-Identifier: GPL-3.0-or-later
// The bundled catalogs (catalogs/*.json): required names, provenance of every figure, dense
// figures pinned to the vendor specs, references between kinds and model parameter counts.
#include "catalog/CatalogEntryReader.h"
#include "catalog/CatalogLoader.h"
#include "catalog/EmbeddedCatalogs.h"
#include "common/EnumNames.h"
#include "model/ModelShape.h"

#include "PublishedCounts.h"
#include "support/Near.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace gpuplan;

namespace {

using gpuplan::test::near;

const ProvenanceMap *sourcesOf(const Catalog &c, const std::string &kind, const std::string &id)
{
    if (kind == "gpus") {
        const GpuSpec *g = c.findGpu(id);
        return g ? &g->sources : nullptr;
    }
    if (kind == "nodes") {
        const NodeSpec *n = c.findNode(id);
        return n ? &n->sources : nullptr;
    }
    if (kind == "fabrics") {
        const FabricSpec *f = c.findFabric(id);
        return f ? &f->sources : nullptr;
    }
    if (kind == "clouds") {
        const CloudOffer *o = c.findCloud(id);
        return o ? &o->sources : nullptr;
    }
    if (kind == "models") {
        const ModelPreset *m = c.findModel(id);
        return m ? &m->sources : nullptr;
    }
    if (kind == "engines") {
        const EnginePreset *e = c.findEngine(id);
        return e ? &e->sources : nullptr;
    }
    if (kind == "storage_tiers") {
        const StorageTierSpec *t = c.findStorageTier(id);
        return t ? &t->sources : nullptr;
    }
    if (kind == "api_prices") {
        const ApiPrice *a = c.findApiPrice(id);
        return a ? &a->sources : nullptr;
    }
    if (kind == "gpu_efficiency") {
        const GpuSpec *g = c.findGpu(id);
        return g ? &g->sources : nullptr;
    }
    if (kind == "error_bands") {
        for (const ErrorBandEntry &b : c.errorBands) {
            if (b.id == id)
                return &b.sources;
        }
    }
    return nullptr;
}

} // namespace

class TestCatalogData final : public QObject
{
    Q_OBJECT

private slots:
    void bundledFilesLoadWithoutIssues() const
    {
        std::vector<CatalogIssue> issues;
        const Catalog c = loadCatalog({"", "", false}, issues);
        for (const CatalogIssue &i : issues)
            qWarning("%s", i.text().c_str());
        QVERIFY(issues.empty());
        // Every kind is populated (the named entries each model needs are checked below).
        QVERIFY(c.gpus.size() >= 22);
        QVERIFY(c.nodes.size() >= 20);
        QVERIFY(c.fabrics.size() >= 8);
        QVERIFY(c.clouds.size() >= 30);
        QVERIFY(c.models.size() >= 18);
        QVERIFY(c.engines.size() >= 6);   // the six engine families, plus presets of older versions
        QCOMPARE(c.storageTiers.size(), std::size_t(5));
        // bundledCatalog() is the same data, loaded once.
        QCOMPARE(bundledCatalog().gpus.size(), c.gpus.size());
        QCOMPARE(&bundledCatalog(), &bundledCatalog());
    }

    void requiredNamesResolve_data() const
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("id");
        // Canonical ids used by plans and tests/data/validation/*.csv.
        for (const char *id : {"A100-SXM-40GB", "A100-SXM-80GB", "H100-SXM-80GB", "H100-SXM-96GB", "H200-SXM-141GB",
                               "B200-SXM-180GB", "L40S-48GB", "V100-SXM-32GB", "RTX4090-24GB", "RTXA6000-48GB",
                               // the parts of 2025-2026 (measurement files name them by these ids)
                               "B300-SXM-288GB", "GB300-288GB", "H800-SXM-80GB", "A800-SXM-80GB", "H20-96GB",
                               "RTXPRO6000-96GB", "RTX5090-32GB", "GH200-96GB", "MI355X-288GB", "MI350X-288GB"})
            QTest::newRow(id) << QString(id) << QString(id);
        QTest::newRow("H100 alias") << "H100" << "H100-SXM-80GB";
        QTest::newRow("H100 SXM5 80GB") << "H100 SXM5 80GB" << "H100-SXM-80GB";
        QTest::newRow("case and separators") << "h100 sxm 80gb" << "H100-SXM-80GB";
        QTest::newRow("A100 80GB") << "A100 80GB" << "A100-SXM-80GB";
        QTest::newRow("A100 40GB PCIe") << "A100 40GB PCIe" << "A100-PCIe-40GB";
        QTest::newRow("H100 PCIe") << "H100 PCIe" << "H100-PCIe-80GB";
        QTest::newRow("H100 NVL") << "H100 NVL" << "H100-NVL-94GB";
        QTest::newRow("B200") << "B200" << "B200-SXM-180GB";
        QTest::newRow("GB200") << "GB200" << "GB200-186GB";
        QTest::newRow("L4") << "L4" << "L4-24GB";
        QTest::newRow("RTX 4090") << "GeForce RTX 4090" << "RTX4090-24GB";
        QTest::newRow("RTX 6000 Ada") << "RTX 6000 Ada" << "RTX6000Ada-48GB";
        QTest::newRow("RTX A6000") << "RTX A6000" << "RTXA6000-48GB";   // Ampere, not the Ada card
        QTest::newRow("A10G") << "A10G" << "A10G-24GB";
        QTest::newRow("MI250X") << "MI250X" << "MI250X-128GB";
        QTest::newRow("MI300X") << "MI300X" << "MI300X-192GB";
        QTest::newRow("MI325X") << "MI325X" << "MI325X-256GB";
        QTest::newRow("Gaudi 2") << "Gaudi 2" << "Gaudi2-96GB";
        QTest::newRow("Gaudi 3") << "Gaudi3" << "Gaudi3-128GB";
        QTest::newRow("V100 16GB") << "V100 16GB" << "V100-SXM-16GB";
        QTest::newRow("B300") << "B300" << "B300-SXM-288GB";
        QTest::newRow("GB300") << "GB300" << "GB300-288GB";
        QTest::newRow("H800") << "H800" << "H800-SXM-80GB";
        QTest::newRow("A800") << "A800 SXM4 80GB" << "A800-SXM-80GB";
        QTest::newRow("H20") << "H20" << "H20-96GB";
        QTest::newRow("RTX PRO 6000") << "RTX PRO 6000 Blackwell" << "RTXPRO6000-96GB";
        QTest::newRow("RTX 5090") << "GeForce RTX 5090" << "RTX5090-32GB";
        QTest::newRow("GH200") << "GH200" << "GH200-96GB";
        QTest::newRow("MI355X") << "MI355X" << "MI355X-288GB";
        QTest::newRow("MI350X") << "Instinct MI350X" << "MI350X-288GB";
    }

    void requiredNamesResolve() const
    {
        QFETCH(QString, name);
        QFETCH(QString, id);
        const GpuSpec *g = bundledCatalog().findGpu(name.toStdString());
        QVERIFY2(g, qPrintable(name));
        QCOMPARE(QString::fromStdString(g->id), id);
    }

    void requiredPresetsResolve() const
    {
        const Catalog &c = bundledCatalog();
        for (const char *m : {"gpt2", "gpt3-175b", "llama2-7b", "llama2-13b", "llama2-70b", "llama3-8b", "llama3-70b",
                              "llama3-405b", "Llama 3.1 8B", "llama3.1-70b", "Llama 3.1 405B", "mixtral-8x7b", "deepseek-v3",
                              "qwen2.5-7b", "qwen2.5-72b", "mpt-7b", "mpt-30b", "gpt-j-6b", "falcon-180b", "bloom-176b",
                              "opt-175b"})
            QVERIFY2(c.findModel(m), m);
        // Engine presets carry the ids the plan's engine enumeration prints.
        for (const EnumName &e : engineNames().names)
            QVERIFY2(c.findEngine(e.name), e.name);
        for (const EnumName &t : storageTierNames().names)
            QVERIFY2(c.findStorageTier(t.name), t.name);
        for (const char *f : {"ib-hdr-200", "ib-ndr-400", "ib-xdr-800", "roce-100", "roce-200", "roce-400", "eth-25", "eth-100"})
            QVERIFY2(c.findFabric(f), f);
        for (const char *n : {"dgx-a100", "dgx-h100", "dgx-h200", "dgx-b200", "hgx-h100-8gpu", "hgx-b200-8gpu", "gb200-nvl72",
                              "dgx1-v100", "mi300x-8gpu", "mi325x-8gpu", "mi250x-4oam", "gaudi2-8oam", "gaudi3-8oam",
                              "pcie-a100-8gpu", "pcie-h100-8gpu", "pcie-l40s-8gpu", "pcie-l4-8gpu", "ws-rtx4090",
                              "ws-rtxa6000", "ws-rtx6000ada", "cloud-a10g-8gpu", "hgx-b300-8gpu", "gb300-nvl72",
                              "hgx-h800-8gpu", "hgx-a800-8gpu", "hgx-h20-8gpu", "pcie-rtxpro6000-8gpu", "ws-rtx5090",
                              "gh200-1gpu", "mi355x-8gpu", "mi350x-8gpu"})
            QVERIFY2(c.findNode(n), n);
    }

    void noNameMeansTwoEntries() const
    {
        // An id or alias that matched two entries of a kind would make lookups depend on order.
        const Catalog &c = bundledCatalog();
        std::vector<std::string> keys;
        for (const GpuSpec &g : c.gpus) {
            keys.push_back(catalogKey(g.id));
            for (const std::string &a : g.aliases)
                keys.push_back(catalogKey(a));
        }
        std::sort(keys.begin(), keys.end());
        QVERIFY(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
    }

    void everyBundledFigureHasSourceAndDate() const
    {
        // Every key of every bundled entry (other than id, aliases, name and the provenance keys)
        // is a figure: the loaded entry must carry a source and a date for it.
        const Catalog &c = bundledCatalog();
        int checked = 0;
        for (const EmbeddedFile &f : embeddedCatalogFiles()) {
            const nlohmann::json doc = nlohmann::json::parse(std::string_view(f.data, f.size));
            for (auto kind = doc.begin(); kind != doc.end(); ++kind) {
                if (!kind->is_array())
                    continue;
                for (const nlohmann::json &entry : *kind) {
                    const std::string id = entry.value("id", entry.value("gpu", std::string()));
                    const ProvenanceMap *sources = sourcesOf(c, kind.key(), id);
                    QVERIFY2(sources, (std::string(f.name) + ": " + id).c_str());
                    const std::string prefix = kind.key() == "gpu_efficiency" ? "efficiency." : "";
                    for (auto field = entry.begin(); field != entry.end(); ++field) {
                        if (isCatalogMetaKey(field.key()) || (kind.key() == "gpu_efficiency" && field.key() == "gpu"))
                            continue;
                        std::vector<std::string> names;
                        if (field.key() == "tflops") {
                            for (auto d = field->begin(); d != field->end(); ++d)
                                names.push_back("tflops." + d.key());
                        } else {
                            names.push_back(prefix + field.key());
                        }
                        for (const std::string &name : names) {
                            const std::string where = std::string(f.name) + ": " + id + "." + name;
                            auto it = sources->find(name);
                            QVERIFY2(it != sources->end(), where.c_str());
                            QVERIFY2(!it->second.source.empty(), where.c_str());
                            QVERIFY2(!it->second.date.empty(), where.c_str());
                            ++checked;
                        }
                    }
                }
            }
        }
        QVERIFY(checked > 1000);
    }

    // The names nvidia-smi, vendor tables and aiconfigurator's system files give the catalog's GPUs.
    void gpusFoundByTheirReportedNames() const
    {
        const Catalog &c = bundledCatalog();
        auto id = [&](const char *name) {
            const GpuSpec *g = c.findGpu(name);
            return g ? g->id : std::string("(none)");
        };
        QCOMPARE(id("NVIDIA H100 80GB HBM3"), std::string("H100-SXM-80GB"));
        QCOMPARE(id("NVIDIA H200 141GB HBM3e"), std::string("H200-SXM-141GB"));
        QCOMPARE(id("NVIDIA B200"), std::string("B200-SXM-180GB"));
        QCOMPARE(id("GB200 NVL72"), std::string("GB200-186GB"));
        QCOMPARE(id("gb200_sxm"), std::string("GB200-186GB"));
        QCOMPARE(id("h200_sxm"), std::string("H200-SXM-141GB"));
        QCOMPARE(id("AMD Instinct MI300X"), std::string("MI300X-192GB"));
        QCOMPARE(id("NVIDIA H100 NVL"), std::string("H100-NVL-94GB"));   // NVL alone is a GPU of its own
        QCOMPARE(id("NVIDIA"), std::string("(none)"));
        QCOMPARE(id("NVIDIA X900"), std::string("(none)"));
    }

    void densePeaksPinnedToSpecs() const
    {
        const Catalog &c = bundledCatalog();
        const GpuSpec *h100 = c.findGpu("H100-SXM-80GB");
        QVERIFY(h100);
        // NVIDIA H100 datasheet: 1,979 TFLOPS BF16 and 3,958 FP8 are with 2:4 sparsity; dense is half.
        QVERIFY(near(h100->peak(Dtype::BF16), 989.4e12));
        QVERIFY(near(h100->peak(Dtype::FP16), 989.4e12));
        QVERIFY(near(h100->peak(Dtype::FP8), 1978.9e12));
        QVERIFY(near(h100->memoryBytes, 80e9));
        QVERIFY(near(h100->memoryBandwidth, 3.35e12));
        // NVLink 4 is published as 900 GB/s both directions; the catalog holds one direction.
        QVERIFY(near(h100->scaleUpBandwidth, 450e9));
        QVERIFY(near(h100->pcieBandwidth, 64e9));
        QCOMPARE(h100->tdpW, 700.0);
        // A100: 312 TFLOPS BF16 dense (624 sparse); NVLink 3 600 GB/s -> 300 GB/s one direction.
        const GpuSpec *a100 = c.findGpu("A100-SXM-80GB");
        QVERIFY(near(a100->peak(Dtype::BF16), 312e12));
        QVERIFY(near(a100->peak(Dtype::TF32), 156e12));
        QCOMPARE(a100->peak(Dtype::FP8), 0.0);
        QVERIFY(near(a100->scaleUpBandwidth, 300e9));
        // B200: 2,250 TFLOPS BF16 dense, 4,500 FP8 dense (the 9 PFLOPS headline is sparse FP4/FP8).
        const GpuSpec *b200 = c.findGpu("B200-SXM-180GB");
        QVERIFY(near(b200->peak(Dtype::BF16), 2250e12));
        QVERIFY(near(b200->peak(Dtype::FP8), 4500e12));
        QVERIFY(near(b200->scaleUpBandwidth, 900e9));
        QVERIFY(near(b200->memoryBytes, 180e9));
        // V100 has no BF16; its 125 TFLOPS FP16 tensor figure is dense (no sparsity on Volta).
        const GpuSpec *v100 = c.findGpu("V100-SXM-32GB");
        QCOMPARE(v100->peak(Dtype::BF16), 0.0);
        QVERIFY(near(v100->peak(Dtype::FP16), 125e12));
        // GeForce RTX 4090: FP32-accumulate tensor rate (what training uses) is half of 330.3.
        const GpuSpec *rtx = c.findGpu("RTX4090-24GB");
        QVERIFY(near(rtx->peak(Dtype::BF16), 165.2e12));
        QVERIFY(rtx->peak(Dtype::BF16) < c.findGpu("RTX6000Ada-48GB")->peak(Dtype::BF16));
        // MI300X: 1,307.4 TFLOPS BF16 dense; its FP8 dense is 2,614.9 (sparse 5,229.8).
        QVERIFY(near(c.findGpu("MI300X")->peak(Dtype::FP8), 2614.9e12));
        // Node NVSwitch bandwidth per GPU, one direction.
        QVERIFY(near(c.findNode("dgx-h100")->intraBandwidth, 450e9));
        QVERIFY(near(c.findNode("dgx-b200")->intraBandwidth, 900e9));
        QCOMPARE(c.findNode("gb200-nvl72")->gpusPerNode, 72);
        QVERIFY(c.findNode("gb200-nvl72")->rackScale);
        QCOMPARE(c.findNode("gb200-nvl72")->cooling, Cooling::Liquid);
        // Sparse headline figures must not have slipped in: dense bf16 never exceeds the
        // published dense FP8, and no part exceeds 2.52 dense PFLOPS BF16 (MI355X, FP8 / 2, the largest).
        for (const GpuSpec &g : c.gpus) {
            QVERIFY2(g.peak(Dtype::BF16) <= 2.52e15, g.id.c_str());
            if (g.peak(Dtype::FP8) > 0)
                QVERIFY2(g.peak(Dtype::BF16) <= g.peak(Dtype::FP8), g.id.c_str());
        }
    }

    void partsOf2026PinnedToReference() const
    {
        // The reference data of 2026-12-01 (GPUs of 2025-2026, its README for how sure each figure is): dense figures.
        const Catalog &c = bundledCatalog();
        const GpuSpec *b300 = c.findGpu("B300-SXM-288GB");
        QVERIFY(b300);
        QVERIFY(near(b300->peak(Dtype::BF16), 2250e12));
        QVERIFY(near(b300->peak(Dtype::FP8), 4500e12));
        // Blackwell Ultra FP4: 14 PF dense against 18 PF sparse, not half of it.
        QVERIFY(near(b300->fp4DenseFlops, 14000e12));
        QVERIFY(near(b300->memoryBytes, 288e9));
        QVERIFY(near(b300->scaleUpBandwidth, 900e9));
        QVERIFY(b300->cudaTotalBytes > 0 && b300->cudaTotalBytes < b300->memoryBytes);
        const GpuSpec *gb300 = c.findGpu("GB300-288GB");
        QVERIFY(near(gb300->fp4DenseFlops, 15000e12));
        QVERIFY(near(gb300->peak(Dtype::BF16), 2500e12));
        QCOMPARE(QString::fromStdString(gb300->defaultNode), QString("gb300-nvl72"));
        const NodeSpec *nvl72 = c.findNode("gb300-nvl72");
        QCOMPARE(nvl72->gpusPerNode, 72);   // one 72-GPU NVLink domain
        QCOMPARE(QString::fromStdString(nvl72->intraFabric), QString("nvswitch"));
        QVERIFY(nvl72->rackScale);
        QVERIFY(nvl72->priceUsd > 0 && nvl72->priceIncludesGpus);
        // China-market parts: the compute of the H100 / A100, NVLink capped to 400 GB/s both directions.
        const GpuSpec *h800 = c.findGpu("H800-SXM-80GB");
        const GpuSpec *a800 = c.findGpu("A800-SXM-80GB");
        QVERIFY(near(h800->peak(Dtype::BF16), c.findGpu("H100-SXM-80GB")->peak(Dtype::BF16)));
        QVERIFY(near(a800->peak(Dtype::BF16), c.findGpu("A100-SXM-80GB")->peak(Dtype::BF16)));
        QVERIFY(near(h800->scaleUpBandwidth, 200e9));
        QVERIFY(near(a800->scaleUpBandwidth, 200e9));
        QVERIFY(near(c.findNode("hgx-h800-8gpu")->intraBandwidth, 200e9));
        QVERIFY(near(c.findNode("hgx-a800-8gpu")->intraBandwidth, 200e9));
        QVERIFY(near(c.findGpu("H20-96GB")->peak(Dtype::BF16), 148e12));
        QVERIFY(near(c.findGpu("RTXPRO6000-96GB")->memoryBandwidth, 1.792e12));
        QCOMPARE(c.findGpu("RTX5090-32GB")->priceUsd, 1999.0);
        QVERIFY(near(c.findGpu("MI355X-288GB")->peak(Dtype::FP8), 5000e12));
        // Parts without FP4 tensor math have no FP4 figure.
        QCOMPARE(h800->fp4DenseFlops, 0.0);
        QCOMPARE(c.findGpu("H100-SXM-80GB")->fp4DenseFlops, 0.0);
        // A part with no price says so: a zero price whose note gives the reason.
        for (const char *id : {"H800-SXM-80GB", "A800-SXM-80GB", "H20-96GB", "GH200-96GB", "MI355X-288GB", "MI350X-288GB"}) {
            const GpuSpec *g = c.findGpu(id);
            QVERIFY2(g && g->priceUsd == 0, id);
            QVERIFY2(g->sources.count("price_usd") && g->sources.at("price_usd").note.starts_with("no purchase price"), id);
        }
        // GH200 is rented: its cloud offers are in the catalog.
        int gh200Offers = 0;
        for (const CloudOffer &o : c.clouds)
            gh200Offers += o.gpu == "GH200-96GB";
        QCOMPARE(gh200Offers, 2);
    }

    void unitsAreInternal() const
    {
        // NDR: 400 Gb/s per port; 46-48 of 50 GB/s achievable busbw (nccl-tests#290).
        const FabricSpec *ndr = bundledCatalog().findFabric("ib-ndr-400");
        QCOMPARE(ndr->linkGbps, 400.0);
        QVERIFY(ndr->busBwFraction > 0.9 && ndr->busBwFraction < 0.97);
        QVERIFY(ndr->latencyS > 1e-6 && ndr->latencyS < 1e-4);
        const NodeSpec *dgx = bundledCatalog().findNode("dgx-h100");
        QCOMPARE(dgx->maxPowerW, 10200.0);
        QVERIFY(near(dgx->ramBytes, 2000e9));
        // Cloud prices are per GPU-hour: p5.48xlarge $55.04/h over 8 GPUs.
        const CloudOffer *p5 = bundledCatalog().findCloud("aws-p5-48xlarge");
        QVERIFY(near(p5->onDemandPerGpuHour, 6.88));
        QCOMPARE(p5->gpusPerInstance, 8);
        QVERIFY(!p5->date.empty());
        const StorageTierSpec *pfs = bundledCatalog().findStorageTier("parallel_fs");
        QVERIFY(near(pfs->readPerNode, 40e9));   // DGX SuperPOD H100 RA: >40 GB/s per node
    }

    void referencesBetweenKindsExist() const
    {
        const Catalog &c = bundledCatalog();
        for (const GpuSpec &g : c.gpus) {
            const NodeSpec *n = c.findNode(g.defaultNode);
            QVERIFY2(n, g.id.c_str());
            // The default node carries this GPU, so a plan naming only the GPU gets a node for it.
            QVERIFY2(std::find(n->gpus.begin(), n->gpus.end(), g.id) != n->gpus.end(), g.id.c_str());
            QVERIFY2(g.tdpW > 0 && g.memoryBytes > 0 && g.memoryBandwidth > 0, g.id.c_str());
        }
        for (const NodeSpec &n : c.nodes) {
            QVERIFY2(c.findFabric(n.defaultFabric), n.id.c_str());
            for (const std::string &gpu : n.gpus)
                QVERIFY2(c.findGpu(gpu), (n.id + ": " + gpu).c_str());
            // Maximum power covers at least the GPUs' TDP.
            QVERIFY2(n.maxPowerW >= n.gpusPerNode * c.findGpu(n.gpus.front())->tdpW, n.id.c_str());
        }
        for (const CloudOffer &o : c.clouds) {
            QVERIFY2(c.findGpu(o.gpu), (o.id + ": " + o.gpu).c_str());
            QVERIFY2(o.onDemandPerGpuHour > 0 || o.spotPerGpuHour > 0 || o.reserved1yPerGpuHour > 0, o.id.c_str());
        }
    }

    void modelParamsMatchPublished_data() const
    {
        QTest::addColumn<QString>("id");
        for (const ModelPreset &m : bundledCatalog().models)
            QTest::newRow(m.id.c_str()) << QString::fromStdString(m.id);
    }

    void modelParamsMatchPublished() const
    {
        // published_params comes from each model's config/model card (source in models.json).
        QFETCH(QString, id);
        const ModelPreset *m = bundledCatalog().findModel(id.toStdString());
        QVERIFY(m);
        QVERIFY(m->publishedParams > 0);
        QVERIFY(m->defaultSeqLen > 0);
        // Counted as the published figure counts (published_excludes); within 2%, plus the figure's rounding.
        const double counted = test::checkPublished(*m, m->arch).total;
        const double error = std::fabs(counted / m->publishedParams - 1.0);
        QVERIFY2(error <= 0.02 + m->publishedStep / m->publishedParams, qPrintable(QString("%1: counted %2, published %3").arg(id).arg(counted, 0, 'g', 6)
                                               .arg(m->publishedParams, 0, 'g', 6)));
    }

    void modelCountsWithinHalfAPercent_data() const
    {
        QTest::addColumn<QString>("id");
        for (const ModelPreset &m : bundledCatalog().models)
            QTest::newRow(m.id.c_str()) << QString::fromStdString(m.id);
    }

    void modelCountsWithinHalfAPercent() const
    {
        // Counted (core/model/ModelShape) against the published total, and the active count of an
        // MoE model: within 0.5% plus the step the figure is rounded to ("70B": 1 billion), counted as
        // the figure counts (published_excludes: MTP modules, embeddings, a vision encoder).
        QFETCH(QString, id);
        const ModelPreset *m = bundledCatalog().findModel(id.toStdString());
        QVERIFY(m);
        const test::PublishedCheck c = test::checkPublished(*m, m->arch);
        QVERIFY2(c.totalOk, c.text.c_str());
        QVERIFY2(c.activeOk, c.text.c_str());
        if (m->arch.moeExperts > 0 && m->publishedStep > 0)
            QVERIFY2(m->publishedActiveParams > 0, (m->id + ": an MoE preset of 2025-2026 states its active count").c_str());
    }

    void presetsOf2026Resolve() const
    {
        // The names runs are published under resolve to the presets.
        const Catalog &c = bundledCatalog();
        const std::pair<const char *, const char *> names[] = {
            {"Llama-3.1-8B-Instruct", "llama3-8b"},     {"Meta-Llama-3.1-70B-Instruct", "llama3-70b"},
            {"Llama-3.3-70B-Instruct", "llama-3.3-70b"}, {"DeepSeek-R1", "deepseek-r1"},
            {"DeepSeek-V3-0324", "deepseek-v3"},       {"Qwen3-235B-A22B", "qwen3-235b-a22b"},
            {"Qwen/Qwen3-30B-A3B", "qwen3-30b-a3b"},   {"gpt-oss-120b", "gpt-oss-120b"},
            {"openai/gpt-oss-20b", "gpt-oss-20b"},     {"Llama-4-Maverick-17B-128E-Instruct", "llama-4-maverick"},
            {"Llama-4-Scout-17B-16E-Instruct", "llama-4-scout"}, {"Kimi-K2-Instruct", "kimi-k2"},
            {"GLM-4.5", "glm-4.5"},                    {"GLM-4.5-Air", "glm-4.5-air"},
            {"MiniMax-M2", "minimax-m2"},              {"gemma-3-27b-it", "gemma-3-27b"},
            {"Mistral-Small-3.1-24B-Instruct-2503", "mistral-small-3"}, {"Mistral-Large-Instruct-2407", "mistral-large-2"},
            {"Mixtral-8x22B-Instruct-v0.1", "mixtral-8x22b"}, {"phi-4", "phi-4"},
            {"Qwen2.5-14B-Instruct", "qwen2.5-14b"},   {"Llama-3.2-1B-Instruct", "llama-3.2-1b"}};
        for (const auto &[name, id] : names) {
            const ModelPreset *m = c.findModel(name);
            QVERIFY2(m, name);
            QCOMPARE(QString::fromStdString(m->id), QString(id));
        }
        QVERIFY(c.models.size() >= 47);
        // Architecture fields of the newer presets read through the plan registry.
        const ModelPreset *v3 = c.findModel("deepseek-r1");
        QCOMPARE(v3->arch.mlaKvLoraRank, 512);
        QCOMPARE(v3->arch.moeDenseLayers, 3);
        QCOMPARE(v3->arch.mtpLayers, 1);
        const ModelPreset *gemma = c.findModel("gemma-3-4b");
        QCOMPARE(gemma->arch.slidingWindow, 1024);
        QCOMPARE(gemma->arch.slidingWindowLayers, 29);
        QVERIFY(gemma->arch.tiedEmbeddings);
        QCOMPARE(c.findModel("gpt-oss-120b")->arch.slidingWindowLayers, 18);
        QCOMPARE(c.findModel("llama-4-maverick")->arch.moeDenseLayers, 24);
        QCOMPARE(c.findModel("minimax-m2")->arch.mtpLayers, 3);
    }
};

QTEST_APPLESS_MAIN(TestCatalogData)
#include "tst_catalogdata.moc"
