// SPDX-License-Identifier: GPL-3.0-or-later
// The data path of a training step (docs/facility-and-cost.md "Data path"): samples per second from
// the step time and the global batch, bytes and decode cost per sample from the data kind's preset
// (ESTIMATES, core/facility/DataPath.h) or the plan, and the verdict naming what limits the step.
// Plan: examples/llama3-70b-training.gpuplan (128 DGX H100 nodes: 2 x 56 cores and 2 TB each,
// catalogs/nodes.json from the reference data's nodes.csv; global batch 1,024 sequences of 8,192).
#include "ExampleFixture.h"

#include "evaluator/EvaluationJson.h"
#include "facility/DataPath.h"
#include "facility/FacilityModel.h"
#include "facility/Sensitivity.h"
#include "support/Near.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cmath>
#include <memory>

using namespace gpuplan;

namespace {

std::unique_ptr<test::ExampleFixture> load(const std::vector<std::string> &overrides = {})
{
    return test::loadExample("llama3-70b-training.gpuplan", overrides);
}

using gpuplan::test::near;

} // namespace

class TestDataPath final : public QObject
{
    Q_OBJECT

private slots:
    void tokenizedTextIsGpuBoundAndReadsAsBefore()
    {
        const auto f = load();
        QVERIFY(f);
        const DataPathResult &d = f->evaluation.dataPath;
        QVERIFY(d.known);
        QCOMPARE(d.limit, DataLimit::Gpu);
        // Llama 3's 128,256-token vocabulary needs uint32 ids: 4 B per token (docs/formulas.md §12).
        QCOMPARE(d.bytesPerSample, 8192.0 * 4.0);
        QVERIFY(near(d.samplesPerS, f->evaluation.training.tokensPerS / 8192.0));
        QVERIFY(near(f->evaluation.storage.requiredReadGBps, f->evaluation.training.tokensPerS * 4.0 / 1e9));
        QCOMPARE(d.decodeCpuSPerSample, 0.0);
        QCOMPARE(d.hostCpuStepS, 0.0);
        // DGX H100: 2 x Xeon 8480C with 56 cores each.
        QCOMPARE(d.coresPerNode, 112.0);
        // 4 workers per GPU (parallelism.loader_workers) x 8 GPUs, fewer than 112 - 8 free cores.
        QCOMPARE(d.decodeCoresPerNode, 32.0);
        QVERIFY(near(d.gpuStepS, 1024.0 / d.samplesPerS));
        QCOMPARE(d.stepS, d.gpuStepS);
        // GPU-bound: the run is the time model's, untouched.
        const TrainingResult &t = f->evaluation.training;
        QCOMPARE(d.pace, 1.0);
        QCOMPARE(t.dataPace, 1.0);
        QCOMPARE(t.stepTimeS, t.gpuStepTimeS);
        QCOMPARE(t.timeToTrainS, t.gpuTimeToTrainS);
        QCOMPARE(t.mfu, t.gpuMfu);
    }

    void imagePresetFigures()
    {
        // 224 x 224 RGB: 150,528 B decoded, JPEG at 10:1 (ESTIMATE) = 15,052.8 B; decode and augment
        // 2 ms + 15 ms per megapixel (ESTIMATE) = 2.75264 ms.
        DataAssumptions data;
        data.kind = DataKind::Images;
        const DataSampleFigures f = dataSampleFigures(data, 256, 4);
        QCOMPARE(f.decodedBytes, 150528.0);
        QVERIFY(near(f.bytes, 15052.8));
        QVERIFY(near(f.decodeCpuS, 2.75264e-3));
        // Video: 16 frames at 224 px, H.264 at 50:1 (ESTIMATE); seek 5 ms + 8 ms per decoded megapixel.
        data.kind = DataKind::Video;
        const DataSampleFigures v = dataSampleFigures(data, 256, 4);
        QCOMPARE(v.decodedBytes, 16 * 150528.0);
        QVERIFY(near(v.bytes, 16 * 150528.0 / 50.0));
        QVERIFY(near(v.decodeCpuS, 5e-3 + 8e-3 * 16 * 0.050176));
        // The plan's own figures win over the preset.
        data.bytesPerSample = 1e6;
        data.decodeCpuMsPerSample = 500;
        const DataSampleFigures own = dataSampleFigures(data, 256, 4);
        QCOMPARE(own.bytes, 1e6);
        QCOMPARE(own.decodeCpuS, 0.5);
    }

    void slowDecodingMakesTheHostCpuTheLimit()
    {
        // One worker per GPU: 8 decode cores per node for 1,024 / 128 = 8 samples of 100 CPU-s each.
        const auto f = load({"data.kind=images", "data.decode_cpu_ms_per_sample=100000", "parallelism.loader_workers=1"});
        QVERIFY(f);
        const DataPathResult &d = f->evaluation.dataPath;
        QCOMPARE(d.decodeCoresPerNode, 8.0);
        QVERIFY(near(d.hostCpuStepS, 8.0 * 100.0 / 8.0));
        QVERIFY(d.hostCpuStepS > d.gpuStepS);
        QCOMPARE(d.limit, DataLimit::HostCpu);
        QCOMPARE(d.stepS, d.hostCpuStepS);
        QVERIFY(f->evaluation.diagnostics.has(DiagCode::HostCpuLimitsStep));
        // More workers than free cores: 16 per GPU = 128 processes share 112 - 8 = 104 cores.
        const auto many = load({"data.kind=images", "data.decode_cpu_ms_per_sample=20000", "parallelism.loader_workers=16"});
        QCOMPARE(many->evaluation.dataPath.decodeCoresPerNode, 104.0);
        // Decoding on the GPU takes the CPU out: 1,024 samples x 5 ms over 1,024 GPUs = 5 ms per step.
        const auto gpu = load({"data.kind=images", "data.decode_cpu_ms_per_sample=20000", "data.gpu_decode_ms_per_sample=5"});
        const DataPathResult &g = gpu->evaluation.dataPath;
        QCOMPARE(g.hostCpuStepS, 0.0);
        QCOMPARE(g.limit, DataLimit::Gpu);
        QVERIFY(near(g.gpuStepS, 1024.0 / g.samplesPerS + 5e-3));
    }

    void imagesAt224PxOnOneNodeNeedTheCoresTheyDecodeOn()
    {
        // A small model on images: GPT-2 small (124 M) on one DGX H100 (8 GPUs, 112 cores), one sample =
        // one 224 px image as 256 tokens, 1,024 per step. The image preset decodes in 2.75264 ms
        // (ESTIMATE above), so the host keeps pace while decode CPU-s x samples/s per node <= its decode cores.
        const std::vector<std::string> smallModel = {"model.preset=gpt2",          "hardware.num_gpus=8",
                                                     "workload.training.seq_len=256", "workload.training.micro_batch=16",
                                                     "parallelism.tp=1",            "parallelism.pp=1",
                                                     "parallelism.vp=1",            "parallelism.schedule=1f1b",
                                                     "data.kind=images"};
        std::vector<std::string> oneWorker = smallModel;
        oneWorker.push_back("parallelism.loader_workers=1");
        const auto starved = load(oneWorker);
        QVERIFY(starved);
        const DataPathResult &s = starved->evaluation.dataPath;
        // What the GPUs would consume at their own pace (the run itself goes at the host CPU's).
        QVERIFY(near(s.samplesPerS, starved->evaluation.training.gpuTokensPerS / 256.0));
        QVERIFY(near(s.coresNeededPerNode, s.samplesPerS * 2.75264e-3));
        // One worker per GPU: 8 decode cores, fewer than needed.
        QCOMPARE(s.decodeCoresPerNode, 8.0);
        QVERIFY(s.coresNeededPerNode > 8.0);
        QVERIFY(near(s.hostCpuStepS, 1024.0 * 2.75264e-3 / 8.0));
        QCOMPARE(s.limit, DataLimit::HostCpu);
        QVERIFY(starved->evaluation.diagnostics.has(DiagCode::HostCpuLimitsStep));
        // The default 4 workers per GPU: 32 cores, more than needed; the GPUs set the pace.
        const auto fed = load(smallModel);
        QVERIFY(fed);
        const DataPathResult &g = fed->evaluation.dataPath;
        QCOMPARE(g.decodeCoresPerNode, 32.0);
        QVERIFY(g.coresNeededPerNode < 32.0);
        QCOMPARE(g.limit, DataLimit::Gpu);
        QVERIFY(!fed->evaluation.diagnostics.has(DiagCode::HostCpuLimitsStep));
        // No workers (num_workers=0): each training process decodes its 128 samples between steps,
        // so the decode adds to the GPU step: 1,024 x 2.75264 ms / 8 processes.
        std::vector<std::string> noWorkers = smallModel;
        noWorkers.push_back("parallelism.loader_workers=0");
        const auto serial = load(noWorkers);
        QVERIFY(serial);
        const DataPathResult &z = serial->evaluation.dataPath;
        QVERIFY(near(z.hostCpuStepS, z.gpuStepS + 1024.0 * 2.75264e-3 / 8.0));
        QCOMPARE(z.limit, DataLimit::HostCpu);
    }

    // The run goes at the data path's step: the loaders prefetch ahead of the GPUs, so a step takes the
    // slower of the GPUs' step and the loaders' (not their sum). GPT-2 small on 8 H100 with 224 px images
    // (the starved-gpus lesson): one worker per GPU decodes 1,024 x 2.75264 ms on 8 cores = 352.34 ms per
    // step against the GPUs' 217 ms, so the time to train, GPU-hours and the cost of the run grow by
    // 352.34 / 217; four workers per GPU keep the GPUs' pace.
    void aSlowDataPathPacesTheRun()
    {
        const std::vector<std::string> images = {"model.preset=gpt2",          "hardware.num_gpus=8",
                                                 "workload.training.seq_len=256", "workload.training.micro_batch=16",
                                                 "workload.training.global_batch=1024", "workload.training.tokens=29491200000",
                                                 "parallelism.tp=1",            "parallelism.pp=1",
                                                 "parallelism.vp=1",            "parallelism.schedule=1f1b",
                                                 "storage.tier=parallel_fs",    "data.kind=images"};
        std::vector<std::string> one = images;
        one.push_back("parallelism.loader_workers=1");
        std::vector<std::string> four = images;
        four.push_back("parallelism.loader_workers=4");
        const auto starved = load(one);
        const auto fed = load(four);
        QVERIFY(starved && fed);
        const TrainingResult &s = starved->evaluation.training;
        const TrainingResult &g = fed->evaluation.training;
        const DataPathResult &d = starved->evaluation.dataPath;

        // Four workers: GPU-bound, the time model's run.
        QCOMPARE(fed->evaluation.dataPath.limit, DataLimit::Gpu);
        QCOMPARE(g.dataPace, 1.0);
        QCOMPARE(g.stepTimeS, g.gpuStepTimeS);
        QVERIFY(g.stepTimeS > 0.20 && g.stepTimeS < 0.23);   // the GPUs' step, about 217 ms

        // One worker: the host CPU's 352.34 ms step is the run's.
        const double dataStep = 1024.0 * 2.75264e-3 / 8.0;
        QCOMPARE(d.limit, DataLimit::HostCpu);
        QVERIFY(near(d.stepS, dataStep));
        QVERIFY(near(s.stepTimeS, dataStep));
        QCOMPARE(s.gpuStepTimeS, g.stepTimeS);      // the GPUs' own step does not depend on the loaders
        QCOMPARE(s.gpuTimeToTrainS, g.timeToTrainS);
        const double pace = dataStep / g.stepTimeS;
        QVERIFY(pace > 1.6 && pace < 1.65);
        QVERIFY(near(s.dataPace, pace));
        QVERIFY(near(d.pace, pace));
        QVERIFY(near(s.breakdown.total(), s.stepTimeS));   // the wait is in the breakdown
        QVERIFY(near(s.tokensPerS, 1024.0 * 256.0 / dataStep));
        QVERIFY(near(s.tokensPerS, g.tokensPerS / pace));
        QVERIFY(near(s.mfu, g.mfu / pace));
        QVERIFY(near(s.timeToTrainS, 29491200000.0 / s.tokensPerS));
        QVERIFY(near(s.timeToTrainS, g.timeToTrainS * pace));
        QVERIFY(near(s.gpuHours, g.gpuHours * pace));
        QVERIFY(near(starved->evaluation.reliability.idealTimeS, g.timeToTrainS * pace));
        QVERIFY(near(starved->evaluation.reliability.effectiveTimeToTrainS,
                     fed->evaluation.reliability.effectiveTimeToTrainS * pace, 1e-6));
        // Cloud: GPU-hours at the hourly price, the run's share of owning: per hour owned.
        QVERIFY(near(starved->evaluation.cost.cloudTotalUsd, fed->evaluation.cost.cloudTotalUsd * pace, 1e-6));
        QVERIFY(near(starved->evaluation.cost.onpremTotalUsd, fed->evaluation.cost.onpremTotalUsd * pace, 1e-6));
        // Energy: the GPUs compute 217 of every 352 ms and wait the rest at idle power.
        const FacilityInputs in = gatherFacilityInputs(starved->resolved, starved->evaluation.layout, starved->evaluation);
        const double busy = g.stepTimeS / dataStep;
        QVERIFY(near(d.gpuBusyShare, busy));
        QVERIFY(near(starved->evaluation.power.gpuW,
                     8.0 * in.gpuTdpW * (busy * in.busyPowerFraction + (1.0 - busy) * in.idlePowerFraction)));
        const double fixedW = fed->evaluation.power.itW - fed->evaluation.power.gpuW;
        QVERIFY(near(starved->evaluation.power.itW, starved->evaluation.power.gpuW + fixedW));
        QVERIFY(near(starved->evaluation.power.energyMwh,
                     starved->evaluation.power.facilityKw * starved->evaluation.reliability.effectiveTimeToTrainS / 3.6e6));
        QVERIFY(starved->evaluation.power.energyMwh > fed->evaluation.power.energyMwh);
        QVERIFY(starved->evaluation.power.energyMwh < fed->evaluation.power.energyMwh * pace);
        // Inputs gathered again from the paced evaluation are the GPUs' own, so the chain paces once.
        QCOMPARE(in.tokensPerS, g.tokensPerS);
        QCOMPARE(in.idealRunS, g.timeToTrainS);
        // Faster GPUs (+/-20%) do not shorten a run the loaders pace: throughput drops out of the sensitivity.
        Evaluation e = starved->evaluation;
        estimateCostSensitivity(starved->resolved, e.layout, e);
        QVERIFY(e.cost.sensitivityCount > 0);
        for (int i = 0; i < e.cost.sensitivityCount; ++i)
            QVERIFY(e.cost.sensitivity[static_cast<std::size_t>(i)].assumption != static_cast<int>(Assumption::Throughput));
    }

    void storageAndNetworkLimits()
    {
        // 1 GB samples from NAS: 1,024 GB per step at its 10 GB/s aggregate cap (ESTIMATE) = 102.4 s.
        const auto nas = load({"storage.tier=nas_nfs", "data.bytes_per_sample=1e9"});
        QVERIFY(nas);
        const DataPathResult &s = nas->evaluation.dataPath;
        QVERIFY(near(s.storageStepS, 1024e9 / 10e9));
        QCOMPARE(s.limit, DataLimit::Storage);
        QVERIFY(nas->evaluation.diagnostics.has(DiagCode::StorageLimitsStep));
        // On 4 nodes the parallel file system's 40 GB/s per node (DGX SuperPOD H100 RA) x 4 = 160 GB/s
        // stays under its 500 GB/s cap: the nodes' links limit.
        const auto links = load({"hardware.num_gpus=32", "data.bytes_per_sample=1e11"});
        QVERIFY(links);
        const DataPathResult &n = links->evaluation.dataPath;
        QVERIFY(near(n.networkStepS, 1024e11 / 160e9));
        QVERIFY(n.networkStepS > n.storageStepS);
        QCOMPARE(n.limit, DataLimit::Network);
        // A cache on the nodes' NVMe lifts both.
        const auto cached = load({"storage.tier=nas_nfs", "storage.cache_tier=local_nvme", "data.bytes_per_sample=1e7"});
        QCOMPARE(cached->evaluation.dataPath.limit, DataLimit::Gpu);
    }

    void prefetchedVideoCanOverflowHostMemory()
    {
        // 256 frames of 4,096 px = 12.9 GB decoded per clip; 32 workers x 8 prefetched clips outgrow 2 TB.
        const auto f = load({"data.kind=video", "data.resolution_px=4096", "data.clip_frames=256", "data.prefetch_factor=8"});
        QVERIFY(f);
        const DataPathResult &d = f->evaluation.dataPath;
        const double perWorker = 1.5 * 1024.0 * 1024.0 * 1024.0 + 8 * 1 * 256 * 4096.0 * 4096.0 * 3.0;
        QVERIFY(near(d.loaderRamBytesPerNode, 32 * perWorker));
        QCOMPARE(d.nodeRamBytes, 2000e9);
        QVERIFY(d.ramShort);
    }

    void jsonNamesTheLimit()
    {
        const auto f = load({"storage.tier=nas_nfs", "data.bytes_per_sample=1e9"});
        QVERIFY(f);
        const nlohmann::ordered_json j = evaluationToJson(f->resolved, f->evaluation);
        QCOMPARE(QString::fromStdString(j["data_path"]["limit"].get<std::string>()), QString("storage"));
        QCOMPARE(QString::fromStdString(j["data_path"]["kind"].get<std::string>()), QString("tokens"));
        QVERIFY(j["data_path"]["step_s"].get<double>() > j["data_path"]["gpu_step_s"].get<double>());
        // The run's step and the GPUs' own, side by side.
        QCOMPARE(j["training"]["step_time_s"].get<double>(), j["data_path"]["step_s"].get<double>());
        QCOMPARE(j["training"]["gpu_step_time_s"].get<double>(), f->evaluation.training.gpuStepTimeS);
        QVERIFY(j["training"]["data_pace"].get<double>() > 1.0);
        QVERIFY(j["training"]["gpu_tokens_per_s"].get<double>() > j["training"]["tokens_per_s"].get<double>());
    }
};

QTEST_APPLESS_MAIN(TestDataPath)
#include "tst_datapath.moc"
