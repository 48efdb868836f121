// SPDX-License-Identifier: GPL-3.0-or-later
// Inference memory pinned to docs/formulas.md §4: KV cache per token (factor 2, KV-head ratio and its
// replication, MLA latent, sliding windows, paged blocks), quantized weights with their scales,
// capacity under the engine's memory utilization, concurrency and the smallest TP that fits.
#include "catalog/EnginePreset.h"
#include "common/Dtype.h"
#include "common/Units.h"
#include "memory/FrameworkOverhead.h"
#include "memory/InferenceMemory.h"
#include "memory/MemoryModel.h"
#include "memory/MemoryTimeline.h"
#include "memory/ModelStateMemory.h"
#include "support/Near.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace gpuplan;

namespace {

ModelArch llama2_70b()
{
    ModelArch a;
    a.layers = 80;
    a.hidden = 8192;
    a.heads = 64;
    a.kvHeads = 8;
    a.ffnHidden = 28672;
    a.gatedMlp = true;
    a.vocab = 32000;
    return a;
}

struct Fixture
{
    Plan plan;
    GpuSpec gpu;
    EnginePreset engine;
    ResolvedPlan rp;

    explicit Fixture(const ModelArch &arch)
    {
        plan.model = arch;
        plan.workload.mode = Mode::Inference;
        plan.workload.inference.promptLen = 2048;
        plan.workload.inference.outputLen = 512;
        plan.workload.inference.concurrency = 16;
        plan.hardware.numGpus = 8;
        gpu.memoryBytes = 80e9;
        engine.memoryReserveGiB = 1.0;
        engine.pagedKv = true;
    }

    MemoryResult run(int tp)
    {
        plan.parallelism.tp = tp;
        rp.plan = &plan;
        rp.gpu = &gpu;
        rp.engine = &engine;
        rp.shape = computeModelShape(plan.model, 4096);
        return estimateInferenceMemory(rp, layoutFromPlan(plan));
    }
};

using gpuplan::test::near;

} // namespace

class TestInferenceMemory final : public QObject
{
    Q_OBJECT

private slots:
    void kvCacheOfLlama2_70b() const
    {
        // docs/formulas.md §4: 2 (K and V) x 80 layers x 8 KV heads x 128 x 2 bytes = 327,680 B = 320 KiB
        // per token for the Llama-2-70B shape.
        const ModelShape s = computeModelShape(llama2_70b(), 4096);
        QCOMPARE(kvBytesPerSequence(s, 1, 1, Dtype::BF16, 1, 1), 327680.0);
        QCOMPARE(kvBytesPerSequence(s, 1, 1, Dtype::BF16, 4096, 16), 4096 * 327680.0);
        // TP 8 splits the 8 KV heads; TP 16 replicates them: still one head per GPU, not half.
        QCOMPARE(kvBytesPerSequence(s, 8, 1, Dtype::BF16, 1, 1), 327680.0 / 8);
        QCOMPARE(kvBytesPerSequence(s, 16, 1, Dtype::BF16, 1, 1), 327680.0 / 8);
        // PP 4: the stage holds 20 of the 80 layers.
        QCOMPARE(kvBytesPerSequence(s, 1, 4, Dtype::BF16, 1, 1), 327680.0 / 4);
        // An fp8 cache halves it.
        QCOMPARE(kvBytesPerSequence(s, 1, 1, Dtype::FP8, 1, 1), 327680.0 / 2);
    }

    void mlaCachesTheLatentOnEveryRank() const
    {
        // docs/formulas.md §4: DeepSeek-V3 MLA caches r_kv + d_rope = 512 + 64 = 576 elements per token per
        // layer, not divided by TP.
        ModelArch a = llama2_70b();
        a.heads = 128;
        a.kvHeads = 128;
        a.mlaKvLoraRank = 512;
        a.mlaQkRopeDim = 64;
        a.mlaQkNopeDim = 128;
        a.mlaVDim = 128;
        const ModelShape s = computeModelShape(a, 4096);
        QCOMPARE(kvBytesPerTokenPerLayer(s, 1, Dtype::BF16), 576.0 * 2);
        QCOMPARE(kvBytesPerTokenPerLayer(s, 8, Dtype::BF16), 576.0 * 2);
    }

    void pagedBlocksAndSlidingWindows() const
    {
        const ModelShape s = computeModelShape(llama2_70b(), 4096);
        // vLLM allocates whole 16-token blocks: 100 tokens occupy 112.
        QCOMPARE(kvBytesPerSequence(s, 1, 1, Dtype::BF16, 100, 16), 112 * 327680.0);
        // Sliding-window layers hold at most the window (Mistral 7B: W = 4096 on every layer).
        ModelArch w = llama2_70b();
        w.slidingWindow = 4096;
        const ModelShape sw = computeModelShape(w, 4096);
        QCOMPARE(kvBytesPerSequence(sw, 1, 1, Dtype::BF16, 32768, 16), kvBytesPerSequence(s, 1, 1, Dtype::BF16, 4096, 16));
        // Half the layers windowed: the average of the two.
        w.slidingWindowLayers = 40;
        const ModelShape half = computeModelShape(w, 4096);
        QCOMPARE(kvBytesPerSequence(half, 1, 1, Dtype::BF16, 8192, 1),
                 0.5 * (kvBytesPerSequence(s, 1, 1, Dtype::BF16, 8192, 1) + kvBytesPerSequence(s, 1, 1, Dtype::BF16, 4096, 1)));
    }

    void quantizedWeightsIncludeTheirScales() const
    {
        // Dtype.h: int8 1 byte; int4 0.5 + an fp16 scale per 64 weights. Embeddings, output layer
        // and norms stay 16-bit. Divided by TP.
        Fixture f(llama2_70b());
        const ModelShape s = computeModelShape(llama2_70b(), 4096);
        Layout l;
        l.tp = 2;
        const StageParams st = firstStageParams(s, l);
        f.plan.precision.weights = Dtype::INT8;
        QVERIFY(near(inferenceWeightBytes(f.plan, s, l), st.matmul * 1.0 + st.other * 2.0));
        f.plan.precision.weights = Dtype::INT4;
        QVERIFY(near(inferenceWeightBytes(f.plan, s, l), st.matmul * (0.5 + 2.0 / 64) + st.other * 2.0));
        // NVFP4: an FP8 scale per 16 values; MXFP4: an 8-bit scale per 32 values.
        f.plan.precision.weights = Dtype::NVFP4;
        QVERIFY(near(inferenceWeightBytes(f.plan, s, l), st.matmul * (0.5 + 1.0 / 16) + st.other * 2.0));
        f.plan.precision.weights = Dtype::MXFP4;
        QVERIFY(near(inferenceWeightBytes(f.plan, s, l), st.matmul * (0.5 + 1.0 / 32) + st.other * 2.0));
        f.plan.precision.weights = Dtype::BF16;
        l.tp = 1;
        QVERIFY(near(inferenceWeightBytes(f.plan, s, l), 2.0 * s.totalParams));
    }

    void eagerAttentionMaterializesScores() const
    {
        // Without fused attention one layer's scores and softmax exist at once: tokens x keys x heads
        // x 2 x 2 bytes.
        Fixture f(llama2_70b());
        const ModelShape s = computeModelShape(llama2_70b(), 4096);
        Layout l;
        l.flashAttention = true;
        const double flash = inferenceWorkspaceBytes(f.plan, s, l, nullptr, 1);
        l.flashAttention = false;
        const double eager = inferenceWorkspaceBytes(f.plan, s, l, nullptr, 1);
        QVERIFY(near(eager - flash, 2048.0 * 2048 * 64 * 4));
    }

    void kvPoolWithTemporariesOutsideTheFraction() const
    {
        // Each engine's own accounting of its pool, for Llama-2-70B at TP 4 (one NCCL communicator):
        //  - SGLang (mem_fraction_static, the temporaries outside it): fraction x (HBM - CUDA
        //    context - NCCL) - weights, the weights without an allocator slack;
        //  - vLLM (gpu_memory_utilization, the profiled temporaries inside it): fraction x HBM -
        //    weights - temporaries - NCCL, no context (made before the start-up snapshot), no slack;
        //  - TensorRT-LLM (a fraction of the free memory): taken after everything, whatever the flag.
        Fixture f(llama2_70b());
        f.plan.parallelism.tp = 4;
        f.rp.plan = &f.plan;
        f.rp.gpu = &f.gpu;
        f.rp.engine = &f.engine;
        f.rp.shape = computeModelShape(f.plan.model, 4096);
        f.engine.kvFractionOfFree = false;
        f.engine.kvMemoryFraction = 0.88;
        f.plan.workload.inference.memoryUtilization = 0.88;
        const Layout l = layoutFromPlan(f.plan);
        const double hbm = f.gpu.softwareVisibleBytes();
        const double weights = inferenceWeightBytes(f.plan, f.rp.shape, l);
        const FrameworkOverhead overhead = frameworkOverhead(f.plan.overheads, 1);
        QVERIFY(overhead.cudaContextBytes > 0 && overhead.ncclBytes > 0);
        const double passSequences = std::clamp(f.engine.maxTokensPerStep / 2048.0, 1.0, double(f.engine.maxBatch));
        const double temporaries = inferenceWorkspaceBytes(f.plan, f.rp.shape, l, &f.engine, passSequences);
        QVERIFY(temporaries > units::kGiB);   // the 1 GiB reserve and more
        f.engine.kvFractionCoversTemporaries = true;
        const KvPool vllm = kvPool(f.rp, l, 2048, 512);
        QVERIFY(near(vllm.poolBytes, 0.88 * hbm - weights - temporaries - overhead.ncclBytes, 1e-9));
        f.engine.kvFractionCoversTemporaries = false;
        const KvPool sglang = kvPool(f.rp, l, 2048, 512);
        QVERIFY(near(sglang.poolBytes, 0.88 * (hbm - overhead.cudaContextBytes - overhead.ncclBytes) - weights, 1e-9));
        QVERIFY(sglang.requests > vllm.requests);
        // The requests: the pool over a request's mean occupancy (prompt + half the output).
        const double perRequest = kvBytesPerSequence(f.rp.shape, 4, 1, f.plan.precision.kvCache, 2048 + 256,
                                                     f.plan.workload.inference.kvBlockTokens);
        QVERIFY(near(sglang.bytesPerRequest, perRequest, 1e-9));
        QCOMPARE(sglang.requests, int(std::floor(sglang.poolBytes / perRequest)));
        // A fraction of the free memory (TensorRT-LLM) is taken after the temporaries whatever the flag.
        f.engine.kvFractionOfFree = true;
        const KvPool freeA = kvPool(f.rp, l, 2048, 512);
        QVERIFY(freeA.poolBytes < 0.88 * (hbm - weights - temporaries));
        f.engine.kvFractionCoversTemporaries = true;
        QCOMPARE(kvPool(f.rp, l, 2048, 512).poolBytes, freeA.poolBytes);
    }

    void capacityConcurrencyAndSmallestTp() const
    {
        // Llama-2-70B in bf16 (138 GB of weights) on 80 GB GPUs at the default 0.9 utilization:
        // TP 2 leaves no room (69 GB of weights + overheads > 72 GB), TP 4 fits.
        Fixture f(llama2_70b());
        const MemoryResult tp2 = f.run(2);
        QVERIFY(!tp2.fits);
        QCOMPARE(tp2.maxConcurrency, 0);
        QCOMPARE(tp2.minTpThatFits, 4);
        const MemoryResult tp4 = f.run(4);
        QVERIFY(tp4.fits);
        QCOMPARE(tp4.capacityBytes, 0.9 * 80e9);
        QCOMPARE(tp4.kvBytesPerSequence, 2560.0 * 327680 / 4);
        // maxConcurrency sequences fit, one more does not.
        f.plan.workload.inference.concurrency = tp4.maxConcurrency;
        const MemoryResult full = f.run(4);
        QVERIFY(full.perGpuBytes <= full.capacityBytes);
        QCOMPARE(full.breakdown.kvCache, tp4.maxConcurrency * tp4.kvBytesPerSequence);
        const double oneMore = tp4.kvBytesPerSequence * (1 + full.breakdown.allocatorSlack / (full.perGpuBytes - full.outsideAllocatorBytes - full.breakdown.allocatorSlack));
        QVERIFY(full.perGpuBytes + oneMore > full.capacityBytes);
        // A concurrency beyond what fits keeps only what fits.
        f.plan.workload.inference.concurrency = tp4.maxConcurrency + 100;
        QCOMPARE(f.run(4).breakdown.kvCache, full.breakdown.kvCache);
        // A 7B model fits on one GPU.
        ModelArch small = llama2_70b();
        small.layers = 32;
        small.hidden = 4096;
        small.heads = 32;
        small.kvHeads = 32;
        small.ffnHidden = 11008;
        Fixture g(small);
        QCOMPARE(g.run(8).minTpThatFits, 1);
    }

    void servingTimelineFromStartToDecode() const
    {
        // docs/memory.md §6: the engine started (weights and its reserve, no KV), the largest
        // prefill chunk next to the KV cache at the load (the evaluation's breakdown, the peak),
        // a decode step of the 16 sequences at the load.
        Fixture f(llama2_70b());
        Evaluation e;
        e.memory = f.run(4);
        e.layout = layoutFromPlan(f.plan);
        const MemoryTimeline t = inferenceMemoryTimeline(f.rp, e);
        QCOMPARE(t.count, 3);
        const MemoryPhase &start = t.phases[0], &prefill = t.phases[1], &decode = t.phases[2];
        QCOMPARE(std::strcmp(memoryPhaseId(start.kind), "engine_start"), 0);
        QCOMPARE(std::strcmp(memoryPhaseId(prefill.kind), "serving"), 0);
        QCOMPARE(std::strcmp(memoryPhaseId(decode.kind), "decode"), 0);
        QCOMPARE(t.peak, 1);
        QCOMPARE(prefill.bytes.total(), e.memory.breakdown.total());
        QCOMPARE(start.bytes.kvCache, 0.0);
        QCOMPARE(start.bytes.weights, prefill.bytes.weights);
        QVERIFY(near(start.bytes.workspace, 1.0 * (1u << 30)));
        QCOMPARE(decode.bytes.kvCache, prefill.bytes.kvCache);
        // Decode computes 16 tokens, the prefill chunk 8192: the same logits and reserve.
        QVERIFY(decode.bytes.workspace < prefill.bytes.workspace);
        QVERIFY(decode.bytes.workspace > start.bytes.workspace);
    }

    void eagerDecodeOverALongContextCanOutweighThePrefill() const
    {
        // 16 sequences of an 8-token prompt and 32768 output tokens under eager attention: the
        // decode step scores 32776 keys per sequence, the prefill 8 (of 128 tokens in all).
        Fixture f(llama2_70b());
        f.plan.workload.inference.promptLen = 8;
        f.plan.workload.inference.outputLen = 32768;
        const ModelShape s = computeModelShape(llama2_70b(), 4096);
        Layout l;
        l.flashAttention = false;
        const double prefill = inferenceWorkspaceBytes(f.plan, s, l, nullptr, 16);
        const double decode = inferenceDecodeWorkspaceBytes(f.plan, s, l, nullptr, 16);
        QVERIFY(decode > prefill);
        // Scores of one layer: 16 tokens x 32776 keys x 64 heads x 2 x 2 bytes beyond the flash step.
        l.flashAttention = true;
        QVERIFY(near(decode - inferenceDecodeWorkspaceBytes(f.plan, s, l, nullptr, 16), 16.0 * 32776 * 64 * 4));
    }
};

QTEST_APPLESS_MAIN(TestInferenceMemory)
#include "tst_inferencememory.moc"
