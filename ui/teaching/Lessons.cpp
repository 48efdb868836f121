// SPDX-License-Identifier: GPL-3.0-or-later
// The lessons' plans and text. Numbers quoted in the text are the ones every reader will see on
// their own screen only when they come from the plan itself (batch sizes, GPU counts); results
// are never quoted here, the key results strip and the explanation pane show them live.
#include "teaching/Lessons.h"

#include "teaching/LessonsHardware.h"
#include "teaching/LessonsOperations.h"
#include "teaching/LessonsServing.h"
#include "teaching/LessonsSystems.h"

#include "common/Format.h"


namespace gpuplan::ui {

// Llama 3 70B on H100 the way Megatron-LM runs it: TP 8 inside a node, PP 4 with 5 virtual
// stages, sequence parallelism, distributed optimizer, no recompute: FlashAttention already keeps no
// attention scores, so selective recompute would only repeat the attention forward
// (examples/llama3-70b-training.gpuplan, docs/performance-model.md).
void megatron70b(Plan &p, int gpus)
{
    p.name = "Lesson plan: Llama 3 70B on H100";
    p.workload.mode = Mode::Training;
    p.workload.training.seqLen = 8192;
    p.workload.training.globalBatch = 1024;
    p.workload.training.microBatch = 1;
    p.workload.training.tokens = 15e12;
    p.hardware.gpu = "H100-SXM-80GB";
    p.hardware.numGpus = gpus;
    Parallelism &par = p.parallelism;
    par.tp = 8;
    par.pp = 4;
    par.vp = 5;
    par.dp = 0;
    par.sp = true;
    par.schedule = PipelineSchedule::Interleaved;
    par.zero = 1;
    par.sharding = ShardingImpl::Megatron;
    par.recompute = Recompute::None;
}

namespace {

// ---- 1. Scaling ---------------------------------------------------------------------------

const LessonStep kScalingSteps[] = {
    {"Llama 3 70B trains on 256 H100 with a global batch of 256 sequences of 8,192 tokens (2 M tokens per step). "
     "With TP 8 × PP 4, 256 GPUs are 8 data-parallel pipelines, each running 32 micro-batches per step. Note the "
     "tokens/s and the MFU in the key results.",
     "nothing yet", "Tokens/s and MFU", ExplainTopic::Throughput, "scaling", nullptr},
    {"Twice the GPUs. The global batch stays 256 sequences, so each of the 16 pipelines now gets 16 micro-batches "
     "per step: the pipeline bubble, (p − 1)/(v·m), doubles, and the gradient all-reduce spans twice the nodes.",
     "GPUs: 256 → 512", "Step time: the pipeline bubble and DP communication lines", ExplainTopic::StepTime, "step-time",
     [](Plan &p) { p.hardware.numGpus = 512; }},
    {"1,024 GPUs: 8 micro-batches per pipeline. Tokens/s still grows, but by less than 2×: MFU falls.",
     "GPUs: 512 → 1,024", "Tokens/s (less than double) and MFU (down)", ExplainTopic::Mfu, "scaling",
     [](Plan &p) { p.hardware.numGpus = 1024; }},
    {"2,048 GPUs: 4 micro-batches per pipeline, as many as there are stages. The bubble is now a large part of "
     "every step; each extra GPU buys less.",
     "GPUs: 1,024 → 2,048", "Step time: bubble vs compute; MFU", ExplainTopic::StepTime, "step-time",
     [](Plan &p) { p.hardware.numGpus = 2048; }},
    {"Grow the batch with the cluster (weak scaling): 1,024 sequences per step give every pipeline 16 "
     "micro-batches again and MFU recovers. The catch: a larger batch changes training dynamics; beyond the "
     "critical batch size the extra tokens per step stop shortening the run.",
     "Global batch: 256 → 1,024", "MFU and time to train", ExplainTopic::TimeToTrain, "scaling",
     [](Plan &p) { p.workload.training.globalBatch = 1024; }},
};

void scalingSetup(Plan &p)
{
    megatron70b(p, 256);
    p.workload.training.globalBatch = 256;
}

// ---- 2. Optimizer states ------------------------------------------------------------------

const LessonStep kOptimizerSteps[] = {
    {"Llama 3 8B, full training on one node of 8 H100 with DeepSpeed, every GPU a full replica (ZeRO 0). "
     "Mixed-precision AdamW keeps per parameter: 2 B bf16 weights, 2 B bf16 gradients plus their 4 B fp32 copy, "
     "8 B for the two Adam moments and 4 B for the fp32 master copy: 20 B, of which 12 B are optimizer state and "
     "master copy. The weights are the smallest part, and the plan does not fit.",
     "nothing yet", "Memory per GPU: optimizer states and master weights", ExplainTopic::MemoryPerGpu, "memory",
     nullptr},
    {"ZeRO 1 (optimizer-state sharding): each of the 8 data-parallel GPUs keeps 1/8 of the Adam moments, of the "
     "master copy and of the fp32 gradients. The biggest block of memory shrinks 8×, at no extra communication.",
     "ZeRO: 0 → 1", "Memory: optimizer states ÷ 8; the plan fits", ExplainTopic::MemoryPerGpu, "memory",
     [](Plan &p) { p.parallelism.zero = 1; }},
    {"ZeRO 2 also shards the bf16 gradients: they are reduce-scattered instead of all-reduced, the same traffic.",
     "ZeRO: 1 → 2", "Memory: gradients ÷ 8", ExplainTopic::MemoryPerGpu, "memory",
     [](Plan &p) { p.parallelism.zero = 2; }},
    {"ZeRO 3 shards the weights too. Memory is lowest, but every layer's weights are now gathered before use, in "
     "the forward and again in the backward: 1.5× the communication of plain data parallelism.",
     "ZeRO: 2 → 3", "Memory (lowest) and step time (communication)", ExplainTopic::StepTime, "step-time",
     [](Plan &p) { p.parallelism.zero = 3; }},
    // Where the peak happens (docs/memory.md §4): the parts of the bars do not all exist at once.
    {"Where the peak happens: the parts of the bar never all exist at once. The model states stay all step; the "
     "stored activations grow through a forward and are freed by its backward; the logits and loss exist only at "
     "the end of the forward. Memory over one step shows each moment and names the highest, the peak: here the "
     "loss, fp32 logits of 8,192 tokens × the whole vocabulary.",
     "nothing", "Memory over one step: the peak and its moment", ExplainTopic::MemoryPerGpu, "memory-over-one-step",
     nullptr},
    {"A fused linear + cross-entropy (Liger-Kernel, Cut Cross-Entropy) computes the loss in chunks of tokens and never "
     "holds the whole logits. That moment drops, and the peak moves to another one: the first backward, where full "
     "recompute re-creates one layer's activations next to every layer's stored input.",
     "Loss: standard → fused", "Memory over one step: the peak moves", ExplainTopic::MemoryPerGpu,
     "memory-over-one-step", [](Plan &p) { p.workload.training.loss = LossKernel::Fused; }},
};

void optimizerSetup(Plan &p)
{
    llama8bOnOneNode(p);
    p.parallelism.zero = 0;
}

// ---- 3. Storage and network ---------------------------------------------------------------

// The data path of the plan as the step left it: each side's time per step and the cores decoding.
std::vector<LiveValue> dataPathLive(const LessonContext &c)
{
    const DataPathResult &d = c.evaluation.dataPath;
    if (!d.known)
        return {};
    const char *const model = "core/facility/DataPath.h (image decode 2 ms + 15 ms per megapixel: ESTIMATE)";
    const char *limit = d.limit == DataLimit::Gpu       ? "the GPUs"
                        : d.limit == DataLimit::Storage ? "storage"
                        : d.limit == DataLimit::Network ? "the network to storage"
                                                        : "the host CPU";
    return {{"Step the GPUs need", formatDuration(d.gpuStepS), "time model (docs/performance-model.md)"},
            {"Step the host CPU allows", formatDuration(d.hostCpuStepS), model},
            {"Decode per sample", formatDuration(d.decodeCpuSPerSample) + " of CPU time", model},
            {"Cores needed per node", formatFixed(d.coresNeededPerNode, 1), "samples/s per node × decode per sample"},
            {"Cores decoding per node", formatFixed(d.decodeCoresPerNode, 0) + " of " + formatFixed(d.coresPerNode, 0),
             "parallelism.loader_workers × GPUs; catalogs/nodes.json cpu_cores"},
            {"What sets the pace", limit, "the slowest of GPUs, storage, network and host CPU"},
            {"Time to train, no failures", formatDuration(c.evaluation.training.timeToTrainS),
             "tokens ÷ tokens/s at the step that sets the pace"}};
}

const LessonStep kStarveSteps[] = {
    {"Llama 3 70B on 256 H100. Tensor parallelism (TP 8) stays inside each server, on NVLink; only pipeline and "
     "data-parallel traffic crosses the InfiniBand network. Checkpoints are written asynchronously to a parallel "
     "file system.",
     "nothing yet", "Step time: TP communication; MFU", ExplainTopic::StepTime, "step-time", nullptr},
    {"TP 16 spreads every layer over two servers: its all-reduces, several per layer and micro-batch, now cross "
     "the scale-out network, which carries about a ninth of NVLink's bandwidth per GPU (50 vs 450 GB/s one way). "
     "The GPUs wait for the network in every layer.",
     "TP: 8 → 16", "Step time: TP communication; MFU down", ExplainTopic::StepTime, "step-time",
     [](Plan &p) { p.parallelism.tp = 16; }},
    {"The same layout on 25 Gb/s Ethernet: the waits grow again. A slow network costs most where traffic is "
     "frequent and cannot hide behind compute.",
     "Fabric: InfiniBand NDR → 25 GbE", "Step time: TP communication; MFU", ExplainTopic::Mfu, "step-time",
     [](Plan &p) { p.hardware.fabric = "eth-25"; }},
    {"Back to TP 8 on InfiniBand, but checkpoints go synchronously to a NAS over NFS. Reading text training data "
     "needs only megabytes per second; writing a 1 TB checkpoint through a slow tier stalls every GPU until it is "
     "done, and restoring after a failure takes as long. Goodput falls and the run takes longer.",
     "TP back to 8, fabric to NDR; storage: parallel FS, async → NAS/NFS, synchronous",
     "Time to train with failures (goodput); the Cost tab's run grows with it", ExplainTopic::TimeToTrain, "cost",
     [](Plan &p) {
         p.parallelism.tp = 8;
         p.hardware.fabric = "ib-ndr-400";
         p.storage.tier = StorageTier::NasNfs;
         p.storage.asyncCheckpoint = false;
     }},
    {"A different job, to see the data side: a small model (GPT-2 small, 124 M parameters, about the size of a "
     "ViT-B image encoder) learns from JPEG images of 224 pixels, 256 tokens each, on one server of 8 H100; "
     "1.28 M images for 90 epochs. A small model gets through its samples quickly, and every image must first be "
     "decoded, cropped and augmented by a CPU core. With one data-loader worker per GPU only 8 of the server's "
     "cores decode: the host CPU, not the GPUs, sets the pace of every step, and the GPUs wait. The loaders "
     "prefetch ahead, so a step takes the longer of the two, not their sum, and the whole run (its time, energy "
     "and cost) stretches by the same factor.",
     "Model: GPT-2 small on 8 H100, 256 tokens per sample; data: tokens → images (224 px); loader workers: 4 → 1 "
     "per GPU; storage back to the parallel FS",
     "Data path: the host CPU's step against the GPUs' (the Step time tab); cores needed per node",
     ExplainTopic::DataPath, "step-time",
     [](Plan &p) {
         p.model.preset = "gpt2";   // the lesson runner applies its architecture
         p.workload.training.seqLen = 256;
         p.workload.training.globalBatch = 1024;
         p.workload.training.microBatch = 16;
         p.workload.training.tokens = 1.28e6 * 256 * 90;
         p.hardware.numGpus = 8;
         p.parallelism.tp = 1;
         p.parallelism.pp = 1;
         p.parallelism.vp = 1;
         p.parallelism.sp = false;
         p.parallelism.schedule = PipelineSchedule::OneFOneB;
         p.storage.tier = StorageTier::ParallelFs;
         p.storage.asyncCheckpoint = true;
         p.data.kind = DataKind::Images;
         p.parallelism.loaderWorkers = 1;
     },
     dataPathLive},
    {"Four workers per GPU (PyTorch's DataLoader num_workers=4): 32 cores decode side by side, more than the "
     "images need, and the GPUs set the pace again. Each worker also holds its prefetched batches in host "
     "memory, and the run is back at the GPUs' time. Where the cores run out (larger images, video clips, a server with fewer cores), decoding on the "
     "GPUs (NVIDIA DALI with nvJPEG or NVDEC) takes the CPU out of the path.",
     "Loader workers: 1 → 4 per GPU", "Data path: GPU-bound again; cores needed against cores decoding",
     ExplainTopic::DataPath, "step-time", [](Plan &p) { p.parallelism.loaderWorkers = 4; }, dataPathLive},
};

void starveSetup(Plan &p)
{
    megatron70b(p, 256);
    p.hardware.fabric = "ib-ndr-400";
    p.storage.tier = StorageTier::ParallelFs;
    p.storage.asyncCheckpoint = true;
}

// ---- 4. On-prem vs cloud ------------------------------------------------------------------

const LessonStep kOwnSteps[] = {
    {"1,024 H100 bought for Llama 3 70B, but busy only 30% of the year. Owning costs the same every month "
     "whether the GPUs work or not: each useful GPU-hour carries the idle ones.",
     "nothing yet", "Break-even months and the on-prem cost per GPU-hour", ExplainTopic::BreakEven, "cost", nullptr},
    {"Busy 70% of the year, typical of a well-run training cluster. The same TCO now spreads over more than "
     "twice the useful hours.",
     "On-prem utilization: 30% → 70%", "Break-even months", ExplainTopic::BreakEven, "cost",
     [](Plan &p) { p.cost.onpremUtilization = 0.7; }},
    {"Busy 90%: owning is now well ahead of on-demand renting.", "On-prem utilization: 70% → 90%",
     "Cost per run: cloud | on-prem", ExplainTopic::CostPerRun, "cost", [](Plan &p) { p.cost.onpremUtilization = 0.9; }},
    {"But the cloud price is negotiable: at $2.00 per GPU-hour (a multi-year commitment) the months to "
     "break even grow again. Owning wins with high utilization, long use and power that is cheap where the "
     "cluster stands.",
     "Cloud price: offer → $2.00/GPU-h", "Break-even months", ExplainTopic::BreakEven, "cost",
     [](Plan &p) { p.cost.cloudGpuHourUsd = 2.0; }},
};

void ownSetup(Plan &p)
{
    megatron70b(p, 1024);
    p.cost.onpremUtilization = 0.3;
}

// ---- 5. Busy is not productive ------------------------------------------------------------

const LessonStep kBusySteps[] = {
    {"nvidia-smi's 'GPU utilization' is the share of time any kernel runs, not how much useful work it does. "
     "This plan is well tuned; note its MFU, the share of the GPUs' peak spent on the model's own FLOPs.",
     "nothing yet", "MFU and HFU", ExplainTopic::Mfu, "step-time", nullptr},
    {"Full activation recompute: the forward pass runs twice. The GPUs do as much arithmetic per second as before "
     "(HFU barely moves), but a good part of it repeats work already done, so the run gets slower and MFU drops. "
     "Recompute only where memory demands it.",
     "Recompute: none → full", "MFU down, HFU about the same", ExplainTopic::Mfu, "step-time",
     [](Plan &p) { p.parallelism.recompute = Recompute::Full; }},
    {"Tensor parallelism across two nodes (TP 16): every layer's all-reduces now cross the network. NCCL kernels "
     "spin while they wait, which nvidia-smi counts as busy: 98% 'utilization' with a slow job. The question to ask is "
     "always the same: what stops the GPUs doing model FLOPs? The step-time breakdown answers it.",
     "TP: 8 → 16", "Step time: TP communication; MFU", ExplainTopic::StepTime, "step-time",
     [](Plan &p) { p.parallelism.tp = 16; }},
};

void busySetup(Plan &p)
{
    megatron70b(p, 256);
}

// ---- 6. Compute-optimal models ----------------------------------------------------------

const LessonStep kComputeOptimalSteps[] = {
    {"Llama 3 70B trained on 15 T tokens: about 214 tokens per parameter. Training compute is C = 6 · N · D "
     "(N parameters, D tokens), so the time to train and the cost grow with both. Note them in the key results.",
     "nothing yet", "Time to train and cost per run", ExplainTopic::TimeToTrain, "cost", nullptr},
    {"Hoffmann et al. (2022) trained over 400 models and found that for a fixed compute budget the lowest loss comes "
     "at about 20 tokens per parameter: their Chinchilla, 70 B parameters on 1.4 T tokens, beat the 280 B Gopher "
     "trained with the same compute. For 70 B parameters that is 1.4 T tokens: about a tenth of the compute, time "
     "and cost.",
     "Tokens: 15 T → 1.4 T", "Time to train and cost per run (about ÷ 10)", ExplainTopic::CostPerRun, "cost",
     [](Plan &p) { p.workload.training.tokens = 1.4e12; }},
    {"Turned around: a budget fixes C, and with D = 20 · N, C = 120 · N², so the compute-optimal model has "
     "N = √(C / 120) parameters. The compute of the 15 T-token run would train a model of about 230 B parameters on "
     "4.6 T tokens compute-optimally. gpuplan-cli procure (and its compute_optimal answer) turns a budget and a "
     "deadline into that model size on the option that delivers the most compute.",
     "Tokens: 1.4 T → 15 T", "Cost per run: the budget this compute costs", ExplainTopic::CostPerRun, "cost",
     [](Plan &p) { p.workload.training.tokens = 15e12; }},
    {"Why Llama 3 trained far past 20 tokens per parameter: compute-optimal minimizes the cost of training, not of "
     "using the model. A smaller model trained longer costs more to train per unit of quality but less for every "
     "token it later serves; with heavy inference, over-training pays.",
     "nothing", "Throughput: a smaller model serves more tokens per GPU", ExplainTopic::Throughput, "scaling", nullptr},
};

void computeOptimalSetup(Plan &p)
{
    megatron70b(p, 1024);
}

} // namespace

std::span<const Lesson> lessons()
{
    // Built on first use: the lessons of LessonsHardware.cpp are objects of another file.
    static const Lesson kLessons[] = {
        {"scaling", "Why don't twice the GPUs train twice as fast?",
         "More GPUs with the same batch split the work finer: pipelines idle more and the network carries more.",
         "llama3-70b", scalingSetup, kScalingSteps},
        {"optimizer-memory", "Why do optimizer states dominate memory?",
         "Mixed-precision Adam keeps 12 of its 16-20 bytes per parameter in optimizer state; ZeRO shards them.",
         "llama3-8b", optimizerSetup, kOptimizerSteps},
        {"starved-gpus", "Why do slow storage and networks starve GPUs?",
         "GPUs only compute while data, gradients and checkpoints keep up with them.", "llama3-70b", starveSetup,
         kStarveSteps},
        {"own-or-rent", "When does on-prem beat cloud?",
         "Owning is a fixed cost per month; renting is a cost per hour used. Utilization decides.", "llama3-70b",
         ownSetup, kOwnSteps},
        {"busy-not-productive", "Why is 98% GPU utilization with a slow job bad?",
         "Busy GPUs are not productive GPUs: MFU, not nvidia-smi, says how much of the hardware trains the model.",
         "llama3-70b", busySetup, kBusySteps},
        {"compute-optimal", "What is a compute-optimal model for a budget?",
         "For a fixed compute budget the best model has about 20 training tokens per parameter (Hoffmann et al. 2022).",
         "llama3-70b", computeOptimalSetup, kComputeOptimalSteps},
        kPrecisionLesson, kDataParallelLesson, kCoresLesson, kValueLesson, kAccuracyLesson, kFailuresLesson,
        kSharedClusterLesson, kServingLesson, kRooflineLesson, kLayoutLesson, kMoeLesson, kFp8Lesson,
        kCheckpointLesson, kPowerLesson, kSpotLesson,
    };

    return kLessons;
}

} // namespace gpuplan::ui
