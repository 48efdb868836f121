// SPDX-License-Identifier: GPL-3.0-or-later
// Multi-Instance GPU (catalog/MigInstance.h, docs/performance-model.md, "MIG instances"): the catalog's
// profiles, an instance's share of its GPU, a serving plan on instances against the same GPUs
// whole, the bounds of a MIG plan, and a MIG fleet's GPUs in a shared cluster.
#include "ExampleFixture.h"

#include "catalog/MigInstance.h"
#include "common/Units.h"
#include "portfolio/PortfolioJobs.h"

#include <QtTest>

#include <cmath>

using namespace gpuplan;

namespace {

const GpuSpec &gpu(const char *id)
{
    const GpuSpec *g = bundledCatalog().findGpu(id);
    Q_ASSERT(g);
    return *g;
}

// The bundled 8B serving example with overrides, resolved; the errors when it does not resolve.
std::vector<ResolveError> resolveErrors(const std::vector<std::string> &overrides)
{
    const std::string path = GPUPLAN_SOURCE_DIR "/examples/llama3-8b-inference.gpuplan";
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::vector<PlanError> errors;
    nlohmann::json doc;
    Plan plan;
    if (!parseJsonText(text.str(), path, doc, errors))
        return {{"file", "unreadable"}};
    for (const std::string &o : overrides)
        if (!applyOverride(doc, o, errors))
            return {{"override", o}};
    if (!planFromJson(doc, &bundledCatalog(), plan, errors))
        return {{"plan", errors.empty() ? "" : errors.front().message}};
    ResolvedPlan resolved;
    std::vector<ResolveError> out;
    resolvePlan(plan, bundledCatalog(), resolved, out);
    return out;
}

bool hasError(const std::vector<ResolveError> &errors, const char *field, const char *text)
{
    for (const ResolveError &e : errors)
        if (e.field == field && e.message.find(text) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestMig : public QObject
{
    Q_OBJECT

private slots:
    // Every profile of the catalog fits its GPU: instances × compute slices <= 7 and instances ×
    // memory slices <= 8 (the guide's slice counts), and the profile's memory is its share of the
    // GPU's memory as sold, rounded down to whole GB.
    void catalogProfilesFitTheirGpu()
    {
        int gpusWithProfiles = 0;
        for (const GpuSpec &g : bundledCatalog().gpus) {
            if (g.migProfiles.empty())
                continue;
            ++gpusWithProfiles;
            QCOMPARE(g.migComputeSlices, 7);
            QCOMPARE(g.migMemorySlices, 8);
            QVERIFY2(g.sources.count("mig_profiles") == 1, g.id.c_str());
            for (const MigProfile &p : g.migProfiles) {
                QVERIFY2(p.instancesPerGpu * p.computeSlices <= 7, p.name.c_str());
                QVERIFY2(p.instancesPerGpu * p.memorySlices <= 8, p.name.c_str());
                const double share = g.memoryBytes * p.memorySlices / 8.0;
                QVERIFY2(p.memoryBytes <= share + 1e9 && p.memoryBytes >= share - 2e9, p.name.c_str());
            }
        }
        QCOMPARE(gpusWithProfiles, 5);   // A100 40/80 GB, H100 SXM, H100 NVL, H200
        QCOMPARE(migProfileNames(gpu("H100-SXM-80GB")), std::string("1g.10gb, 1g.20gb, 2g.20gb, 3g.40gb, 4g.40gb, 7g.80gb"));
        QCOMPARE(migProfileNames(gpu("B200-SXM-180GB")), std::string("none"));
        QVERIFY(findMigProfile(gpu("H100-SXM-80GB"), "3G.40GB") != nullptr);
    }

    // 3g.40gb on an H100 SXM (catalogs/gpus.json: 989.4 dense BF16 TFLOPS, 3.35 TB/s, 700 W,
    // $30,000): 3/7 of the compute, 4/8 of the bandwidth, 40 GB, and half the GPU's power, price
    // and PCIe link (two such instances per GPU); no NVLink.
    void instanceIsItsShareOfTheGpu()
    {
        const GpuSpec &h100 = gpu("H100-SXM-80GB");
        const GpuSpec g = migInstanceSpec(h100, *findMigProfile(h100, "3g.40gb"));
        QCOMPARE(g.id, std::string("H100-SXM-80GB/3g.40gb"));
        QCOMPARE(g.peak(Dtype::BF16), 989.4e12 * 3.0 / 7.0);
        QCOMPARE(g.memoryBandwidth, 3.35e12 * 0.5);
        QCOMPARE(g.memoryBytes, 40e9);
        QCOMPARE(g.cudaTotalBytes, 40e9);   // the CUDA total's half, 42.5 GB, is more than the profile's 40 GB
        QCOMPARE(g.tdpW, 350.0);
        QCOMPARE(g.priceUsd, 15000.0);
        QCOMPARE(g.scaleUpBandwidth, 0.0);
        QVERIFY(g.migProfiles.empty());
    }

    // The 8B example's 8 H100 as 16 instances of 3g.40gb: two replicas per GPU, 16 devices per
    // node, the same GPU power and cloud price per hour for the same 8 GPUs. Two instances give
    // 6/7 of the compute and all the bandwidth of a GPU, so together they serve at most what the
    // whole GPU serves and, decode being bandwidth-bound, not much less.
    void servingOnInstancesAgainstWholeGpus()
    {
        const auto whole = test::loadExample("llama3-8b-inference.gpuplan");
        const auto mig = test::loadExample("llama3-8b-inference.gpuplan",
                                           {"hardware.mig_profile=3g.40gb", "hardware.num_gpus=16"});
        QVERIFY(whole && mig);
        QCOMPARE(mig->resolved.instancesPerGpu, 2);
        QCOMPARE(mig->resolved.physicalGpu->id, std::string("H100-SXM-80GB"));
        QCOMPARE(mig->resolved.gpusPerNode, 16);
        QVERIFY(mig->evaluation.inference.valid);
        QVERIFY(mig->evaluation.memory.fits);
        const double perGpuWhole = whole->evaluation.inference.saturatedTokensPerSPerGpu;
        const double perGpuMig = 2 * mig->evaluation.inference.saturatedTokensPerSPerGpu;
        QVERIFY2(perGpuMig <= perGpuWhole * 1.001 && perGpuMig >= 0.6 * perGpuWhole,
                 qPrintable(QStringLiteral("%1 vs %2").arg(perGpuMig).arg(perGpuWhole)));
        // Power of the GPUs at full load, and cloud rent: the same 8 physical GPUs.
        QVERIFY(mig->evaluation.power.gpuW > 0 && mig->evaluation.power.gpuW <= whole->evaluation.power.gpuW * 1.001);
        QVERIFY(std::fabs(mig->evaluation.cost.cloudTotalUsd - whole->evaluation.cost.cloudTotalUsd) <=
                1e-9 * whole->evaluation.cost.cloudTotalUsd);
    }

    // A 16 GB bf16 model does not fit a 10 GB instance.
    void modelTooLargeForTheInstance()
    {
        const auto f = test::loadExample("llama3-8b-inference.gpuplan",
                                         {"hardware.mig_profile=1g.10gb", "hardware.num_gpus=7"});
        QVERIFY(f);
        QVERIFY(!f->evaluation.memory.fits);
    }

    // Bad MIG plans name the field, the value and what is allowed.
    void boundsNameFieldValueAndAllowed()
    {
        QVERIFY(resolveErrors({"hardware.mig_profile=3g.40gb", "hardware.num_gpus=16"}).empty());
        QVERIFY(hasError(resolveErrors({"hardware.mig_profile=3g.99gb"}), "hardware.mig_profile",
                         "\"3g.99gb\" is not a MIG profile of NVIDIA H100 SXM5 80GB; allowed: 1g.10gb, 1g.20gb"));
        QVERIFY(hasError(resolveErrors({"hardware.gpu=B200-SXM-180GB", "hardware.mig_profile=1g.23gb"}),
                         "hardware.mig_profile", "allowed: none, or empty for whole GPUs"));
        QVERIFY(hasError(resolveErrors({"hardware.mig_profile=3g.40gb", "parallelism.tp=2"}), "parallelism.tp",
                         "is 2; a MIG instance (hardware.mig_profile \"3g.40gb\") runs its model alone: allowed 1"));
        QVERIFY(hasError(resolveErrors({"hardware.mig_profile=3g.40gb", "workload.mode=training"}), "hardware.num_gpus",
                         "is 8; training on MIG instances"));
    }

    // In a shared cluster a MIG fleet takes whole GPUs of its GPU type's pool: 16 instances of
    // 3g.40gb (2 per GPU) are 8 H100; 5 instances take 3 H100, the last one half used.
    void portfolioCountsWholeGpus()
    {
        for (const auto &[profile, instances, gpus] : {std::tuple{"3g.40gb", 16, 8}, std::tuple{"3g.40gb", 5, 3}}) {
            const auto f = test::loadExample("llama3-8b-inference.gpuplan",
                                             {std::string("hardware.mig_profile=") + profile,
                                              "hardware.num_gpus=" + std::to_string(instances),
                                              "workload.inference.request_rate=0"});
            QVERIFY(f);
            PortfolioJob job;
            std::string error;
            QVERIFY2(portfolioJob("mig", f->plan, bundledCatalog(), -1, job, error) == JobProblem::None, error.c_str());
            QCOMPARE(job.gpu, std::string("H100-SXM-80GB"));
            QCOMPARE(job.gpus, gpus);
            QCOMPARE(job.gpusPerNode, 8);
        }
    }
};

QTEST_APPLESS_MAIN(TestMig)
#include "tst_mig.moc"
