// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: catalog file text -> mergeCatalogText over part of the bundled catalog, with the
// rules of a user file. Every problem must come back as an issue naming the file; afterwards the
// entries the document names (GPUs, nodes, fabrics, cloud offers, models, engines, storage tiers,
// efficiency parameters) are used in training and inference plans, whose outputs must stay
// finite: extreme catalog figures (a price of 1e308, a bandwidth of 1e-300) may not overflow a
// cost or a time to infinity. Corpus: tests/fuzz/corpus/catalog (docs/robustness.md).
#include "FuzzChecks.h"

#include "catalog/CatalogLoader.h"
#include "common/EnumNames.h"
#include "eval/ResolvedPlan.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace gpuplan;

constexpr std::size_t kMaxPlansPerInput = 6;

// Ids of the entries of one kind in the document (at most a few).
std::vector<std::string> idsOf(const nlohmann::json &doc, const char *kind, const char *key = "id")
{
    std::vector<std::string> ids;
    auto list = doc.find(kind);
    if (list == doc.end() || !list->is_array())
        return ids;
    for (const nlohmann::json &entry : *list) {
        if (ids.size() == 3)
            break;
        if (entry.is_object()) {
            auto id = entry.find(key);
            if (id != entry.end() && id->is_string())
                ids.push_back(id->get<std::string>());
        }
    }
    return ids;
}

struct PlanRunner
{
    const Catalog &catalog;
    std::size_t runs = 0;

    void run(Plan plan, const std::string &what)
    {
        if (runs++ >= kMaxPlansPerInput)
            return;
        for (Mode mode : {Mode::Training, Mode::Inference}) {
            plan.workload.mode = mode;
            ResolvedPlan resolved;
            std::vector<ResolveError> errors;
            if (resolvePlan(plan, catalog, resolved, errors))
                fuzz::evaluateAndCheck(resolved, "catalog (" + what + ")");
            else if (errors.empty())
                fuzz::fail("resolvePlan failed without an error");
        }
    }
};

// A small part of the bundled catalog to merge into: copying the whole catalog (every entry with
// its per-field sources) for each input would cost more than the rest of the target. The part
// keeps one dense and one MoE model, two GPUs with their nodes, fabrics and offers, and every
// engine and storage tier, so overrides of existing ids and references between kinds are fuzzed.
Catalog baseCatalog()
{
    const Catalog &all = bundledCatalog();
    Catalog c;
    for (const char *id : {"H100-SXM-80GB", "A100-SXM-80GB"}) {
        const GpuSpec *gpu = all.findGpu(id);
        if (!gpu)
            continue;
        c.gpus.push_back(*gpu);
        if (const NodeSpec *node = all.findNode(gpu->defaultNode); node && !c.findNode(node->id)) {
            c.nodes.push_back(*node);
            if (const FabricSpec *fabric = all.findFabric(node->defaultFabric); fabric && !c.findFabric(fabric->id))
                c.fabrics.push_back(*fabric);
        }
        const auto offers = all.offersFor(*gpu);
        for (std::size_t i = 0; i < offers.size() && i < 2; ++i)
            c.clouds.push_back(*offers[i]);
    }
    for (const char *id : {"llama3-8b", "mixtral-8x7b"}) {
        if (const ModelPreset *m = all.findModel(id))
            c.models.push_back(*m);
    }
    c.engines = all.engines;
    c.storageTiers = all.storageTiers;
    return c;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const Catalog start = baseCatalog();
    const std::string_view text(reinterpret_cast<const char *>(data), size);

    Catalog catalog = start;
    std::vector<CatalogIssue> issues;
    mergeCatalogText(catalog, text, "fuzz.json", issues);
    for (const CatalogIssue &issue : issues) {
        if (issue.message.empty() || issue.file != "fuzz.json")
            fuzz::fail("catalog issue without a message or with the wrong file: " + issue.text());
        (void)issue.text();
    }

    // Use what the document defines. The JSON is parsed again here only to learn the ids; a text
    // the loader refused adds nothing, and the bundled entries were fuzzed through the corpus.
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_object())
        return 0;
    PlanRunner runner{catalog};
    const Plan base;
    runner.run(base, "default plan");
    for (const std::string &id : idsOf(doc, "gpus")) {
        Plan p = base;
        p.hardware.gpu = id;
        runner.run(p, "gpu " + id);
    }
    for (const std::string &id : idsOf(doc, "gpu_efficiency", "gpu")) {
        Plan p = base;
        p.hardware.gpu = id;
        runner.run(p, "efficiency " + id);
    }
    for (const std::string &id : idsOf(doc, "nodes")) {
        const NodeSpec *node = catalog.findNode(id);
        if (!node || node->gpus.empty())
            continue;
        Plan p = base;
        p.hardware.node = id;
        p.hardware.gpu = node->gpus.front();
        runner.run(p, "node " + id);
    }
    for (const std::string &id : idsOf(doc, "fabrics")) {
        Plan p = base;
        p.hardware.fabric = id;
        p.hardware.numGpus = 64;
        runner.run(p, "fabric " + id);
    }
    for (const std::string &id : idsOf(doc, "clouds")) {
        const CloudOffer *offer = catalog.findCloud(id);
        if (!offer)
            continue;
        Plan p = base;
        p.cost.cloudOffer = id;
        p.hardware.gpu = offer->gpu;
        runner.run(p, "cloud " + id);
    }
    for (const std::string &id : idsOf(doc, "models")) {
        const ModelPreset *model = catalog.findModel(id);
        if (!model)
            continue;
        Plan p = base;
        p.model = model->arch;
        p.model.preset = model->id;
        runner.run(p, "model " + id);
    }
    // Engines and storage tiers are chosen by enumeration value: any entry the document
    // overrides is used by the default plan above; run each enumeration value once more.
    if (!idsOf(doc, "engines").empty()) {
        for (const EnumName &e : engineNames().names) {
            Plan p = base;
            p.workload.inference.engine = static_cast<ServingEngine>(e.value);
            runner.run(p, std::string("engine ") + e.name);
        }
    }
    if (!idsOf(doc, "storage_tiers").empty()) {
        for (const EnumName &e : storageTierNames().names) {
            Plan p = base;
            p.storage.tier = static_cast<StorageTier>(e.value);
            runner.run(p, std::string("storage tier ") + e.name);
        }
    }
    return 0;
}
