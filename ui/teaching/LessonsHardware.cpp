// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons on what the numbers of a plan do not say by themselves: BF16 vs FP16, DataParallel vs
// DistributedDataParallel, CUDA cores vs Tensor Cores, the price of a GPU vs the cost of a run,
// and hardware vs model quality. Their live values come from core/explain/LessonFigures.h and the
// evaluation, so they follow the reader's edits; the text quotes no result.
#include "teaching/LessonsHardware.h"

#include "explain/LessonFigures.h"
#include "eval/Diagnostics.h"
#include "common/Dtype.h"
#include "common/Format.h"


namespace gpuplan::ui {

// Llama 3 8B trained on one node of 8 H100 with DeepSpeed ZeRO 1 and full recompute: a plan that
// fits and that every lesson below changes one input of.
void llama8bOnOneNode(Plan &p)
{
    p.name = "Lesson plan: Llama 3 8B on one node";
    p.workload.mode = Mode::Training;
    p.workload.training.seqLen = 8192;
    p.workload.training.globalBatch = 256;
    p.workload.training.microBatch = 1;
    p.workload.training.tokens = 100e9;
    p.hardware.gpu = "H100-SXM-80GB";
    p.hardware.node.clear();
    p.hardware.numGpus = 8;
    p.parallelism = Parallelism{};
    p.parallelism.zero = 1;
    p.parallelism.sharding = ShardingImpl::DeepSpeed;
    p.parallelism.recompute = Recompute::Full;
    p.precision = Precision{};
}

// Whether the plan as it stands fits, and if not why: a step may lead into a plan that does not
// fit, and says so rather than show its times as if it ran.
LiveValue fitRow(const LessonContext &c)
{
    const MemoryResult &m = c.evaluation.memory;
    const std::string use = formatBytes(m.perGpuBytes) + " of " + formatBytes(m.capacityBytes) + " per GPU";
    if (c.evaluation.validity.valid())
        return {"Fits in GPU memory", "yes: " + use, "this plan, evaluated"};
    return {"Fits in GPU memory", "no: " + use + "; " + describe(c.evaluation.validity.reason),
            "this plan, evaluated: the times shown are what the run would be if it fitted"};
}

namespace {

std::string tflops(double flops)
{
    return flops > 0 ? formatFlopRate(flops) : std::string("none");
}

const char *const kMechanism = "mechanism, not a measured figure";
const char *const kCatalog = "catalogs/gpus.json";

std::string catalogSource(const std::string &source)
{
    return source.empty() ? std::string(kCatalog) : std::string(kCatalog) + ": " + source;
}

// The same model on 8 nodes and 1 T tokens: a run long and large enough to price.
void llama8bOnEightNodes(Plan &p)
{
    llama8bOnOneNode(p);
    p.name = "Lesson plan: Llama 3 8B on 64 GPUs";
    p.hardware.numGpus = 64;
    p.workload.training.tokens = 1e12;
}

void addResultRows(const LessonContext &c, std::vector<LiveValue> &rows)
{
    rows.push_back({"Memory per GPU", formatBytes(c.evaluation.memory.perGpuBytes), "this plan, evaluated"});
    rows.push_back({"Training tokens/s", formatCount(c.evaluation.training.tokensPerS), "this plan, evaluated"});
}

// ---- BF16 vs FP16 ---------------------------------------------------------------------------

void addFormatRows(const char *name, const FloatFormatRange &f, std::vector<LiveValue> &rows)
{
    rows.push_back({std::string(name) + " bits (sign, exponent, fraction)",
                    "1, " + std::to_string(f.exponentBits) + ", " + std::to_string(f.mantissaBits),
                    "the format's definition"});
    rows.push_back({std::string(name) + " largest / smallest normal / smallest",
                    formatScientific(f.maxFinite) + " / " + formatScientific(f.minNormal) + " / " +
                        formatScientific(f.minSubnormal),
                    "computed from the bits: (2 − 2^−m)·2^bias, 2^(1−bias), 2^(1−bias−m)"});
}

std::vector<LiveValue> precisionLive(const LessonContext &c)
{
    std::vector<LiveValue> rows;
    if (!c.evaluation.validity.valid())
        rows.push_back(fitRow(c));
    addFormatRows("FP16", fp16Range(), rows);
    addFormatRows("BF16", bf16Range(), rows);
    const Dtype compute = c.plan.plan->precision.compute;
    const GpuSpec &gpu = *c.plan.gpu;
    rows.push_back({"Tensor Core peak of the plan's GPU, BF16 | FP16",
                    tflops(gpu.peak(Dtype::BF16)) + " | " + tflops(gpu.peak(Dtype::FP16)),
                    catalogSource(corePeaks(gpu).tensorSource)});
    rows.push_back({"Peak gpuplan times the plan's compute with", tflops(gpu.peak(compute)),
                    "the catalog peak of precision.compute"});
    addResultRows(c, rows);
    return rows;
}

std::vector<LiveValue> lossScalingLive(const LessonContext &c)
{
    std::vector<LiveValue> rows = precisionLive(c);
    const FloatFormatRange fp16 = fp16Range();
    const double gradient = 1e-8;   // an illustration, below FP16's smallest value
    const double scale = 65536.0;   // 2^16: an illustration, any factor that lifts the gradient into range
    rows.insert(rows.begin() + (c.evaluation.validity.valid() ? 4 : 5),
                {"A gradient of 1e-8 in FP16 | × 2^16 first",
                 std::string(gradient < fp16.minSubnormal / 2 ? "rounds to 0" : "kept") + " | " +
                     formatScientific(gradient * scale) + (gradient * scale >= fp16.minNormal ? " (kept)" : ""),
                 kMechanism});
    return rows;
}

const LessonStep kPrecisionSteps[] = {
    {"Llama 3 8B on one node of 8 H100 in BF16 mixed precision: weights, activations and gradients in 16 bits, "
     "the master weights and Adam moments in FP32. Both 16-bit formats have 16 bits; they spend them differently. "
     "BF16 keeps FP32's 8 exponent bits and 7 fraction bits; FP16 has 5 exponent bits and 10 fraction bits. The "
     "table below computes each format's range from its bits.",
     "nothing yet", "The two formats' ranges; memory per GPU and tokens/s", ExplainTopic::MemoryPerGpu, "memory",
     nullptr, precisionLive},
    {"FP16 instead of BF16. Memory per GPU and tokens/s do not move: both formats take 2 bytes per value "
     "(the ZeRO paper's 16 bytes per parameter holds for either, docs/formulas.md), and the catalog gives the "
     "same Tensor Core peak for both on this GPU. gpuplan computes the two identically because the hardware does.",
     "Precision: BF16 → FP16 (weights, compute, activations)", "Memory per GPU and tokens/s: unchanged",
     ExplainTopic::Throughput, "step-time",
     [](Plan &p) {
         p.precision.weights = Dtype::FP16;
         p.precision.compute = Dtype::FP16;
         p.precision.activations = Dtype::FP16;
         p.precision.kvCache = Dtype::FP16;
     },
     precisionLive},
    {"What does differ is range. Late in training many gradients are tiny; below FP16's smallest value they round "
     "to zero and those weights stop learning. Loss scaling multiplies the loss by a factor S before the backward "
     "pass, which shifts every gradient up into FP16's range, and divides the gradients by S before the optimizer "
     "step (in FP32). Dynamic loss scaling lowers S when a gradient overflows and skips that step. BF16 reaches "
     "as small as FP32, so it needs none. The DeepSpeed export writes dynamic loss scaling for FP16 plans.",
     "nothing", "The gradient row: lost in FP16, kept once scaled", ExplainTopic::Throughput, "step-time", nullptr,
     lossScalingLive},
    {"On a V100 the choice is made for you: Volta's Tensor Cores have FP16 and no BF16 (the catalog's BF16 peak is "
     "zero), so mixed precision on it means FP16 and loss scaling. The A100 is the catalog's first GPU with a BF16 "
     "peak. This plan does not fit a V100's 32 GB (first row): it would need ZeRO 3 or more GPUs.",
     "GPU: H100 → V100 32GB", "Tensor Core peaks: BF16 none, FP16 only", ExplainTopic::Throughput, "step-time",
     [](Plan &p) { p.hardware.gpu = "V100-SXM-32GB"; }, precisionLive},
};

// ---- DataParallel vs DistributedDataParallel --------------------------------------------------

std::vector<LiveValue> dataParallelLive(const LessonContext &c)
{
    std::vector<LiveValue> rows;
    const Plan &p = *c.plan.plan;
    const double params = c.plan.shape.totalParams;
    const double weights = params * bytesPerElement(p.precision.weights);
    const double gradients = params * bytesPerElement(p.precision.weights);   // reduced in the weights' format
    const DataParallelTraffic t = dataParallelTraffic(weights, gradients, p.hardware.numGpus);
    const double link = c.plan.gpu->scaleUpBandwidth;   // one direction, bytes/s
    rows.push_back(fitRow(c));
    rows.push_back({"GPUs in the node", std::to_string(t.gpus), "the plan"});
    rows.push_back({"Weights | gradients per replica", formatBytes(weights) + " | " + formatBytes(gradients),
                    "parameters × bytes of precision.weights"});
    rows.push_back({"DataParallel: through GPU 0 per step", formatBytes(t.dataParallelGpu0Bytes),
                    "(n − 1)·(W + G): weights copied out, gradients summed back; " + std::string(kMechanism)});
    rows.push_back({"DDP: through each GPU per step", formatBytes(t.ddpPerGpuBytes),
                    "ring all-reduce 2·(n − 1)/n·G (docs/formulas.md, collectives)"});
    rows.push_back({"GPU 0's load ÷ one DDP GPU's", formatFixed(t.ratio(), 1) + "×", "the two rows above"});
    if (link > 0)
        rows.push_back({"At the GPU's link speed, DataParallel | DDP",
                        formatDuration(t.dataParallelGpu0Bytes / link) + " | " + formatDuration(t.ddpPerGpuBytes / link),
                        catalogSource(c.plan.gpu->sources.count("scale_up_bidir_gbytes_per_s")
                                          ? c.plan.gpu->sources.at("scale_up_bidir_gbytes_per_s").source
                                          : std::string()) + ", one direction"});
    return rows;
}

const LessonStep kDataParallelSteps[] = {
    {"Two ways to train one model on the GPUs of a node with PyTorch. torch.nn.DataParallel is one Python "
     "process: every step it copies the weights from GPU 0 to the others, splits the batch, runs the replicas in "
     "threads and sums their gradients back on GPU 0, which also runs the optimizer. DistributedDataParallel "
     "starts one process per GPU; each keeps its own weights and optimizer, and the gradients are averaged with "
     "an all-reduce that every GPU takes an equal part in, overlapped with the backward pass. On 2 GPUs this 8 B "
     "model does not fit (first row): each GPU holds half the Adam states beside all the weights and gradients. "
     "The traffic below is the same either way; from 4 GPUs on the plan fits.",
     "nothing yet", "Bytes per step: through GPU 0 vs through each DDP GPU", ExplainTopic::StepTime, "step-time",
     nullptr, dataParallelLive},
    {"Twice the GPUs. DataParallel's GPU 0 now sends the weights to three others and receives three sets of "
     "gradients; a DDP GPU's share of the ring all-reduce barely grows. One process also drives all GPUs from one "
     "Python interpreter, one thread at a time.",
     "GPUs: 2 → 4", "GPU 0's load vs one DDP GPU's", ExplainTopic::StepTime, "step-time",
     [](Plan &p) { p.hardware.numGpus = 4; }, dataParallelLive},
    {"A full node. GPU 0's traffic grows with every GPU added, DDP's stays near twice the gradients: GPU 0 and its "
     "link become the bottleneck, and GPU 0 also needs memory for the gathered outputs. That is the case for DDP "
     "even on one machine; and DataParallel, one process, cannot span machines.",
     "GPUs: 4 → 8", "The ratio row", ExplainTopic::StepTime, "step-time", [](Plan &p) { p.hardware.numGpus = 8; },
     dataParallelLive},
    {"Every layout gpuplan plans is one process per GPU (DDP, FSDP, DeepSpeed, Megatron), and its data-parallel "
     "time is the all-reduce above, overlapped with the backward pass. There is no DataParallel option: a plan "
     "that needed it would be a plan to change.",
     "nothing", "Step time: the DP communication line", ExplainTopic::StepTime, "step-time", nullptr,
     dataParallelLive},
};

void dataParallelSetup(Plan &p)
{
    llama8bOnOneNode(p);
    p.name = "Lesson plan: Llama 3 8B, data parallel in one node";
    p.hardware.numGpus = 2;
}

// ---- CUDA cores vs Tensor Cores ---------------------------------------------------------------

std::vector<LiveValue> coresLive(const LessonContext &c)
{
    std::vector<LiveValue> rows;
    const GpuSpec &gpu = *c.plan.gpu;
    const CorePeaks p = corePeaks(gpu);
    rows.push_back({"GPU", gpu.name, kCatalog});
    rows.push_back({"FP32 on the CUDA cores", tflops(p.fp32Flops), catalogSource(p.fp32Source)});
    rows.push_back({std::string(p.tensorIsBf16 ? "BF16" : "FP16") + " on the Tensor Cores (dense)",
                    tflops(p.tensor16Flops), catalogSource(p.tensorSource)});
    rows.push_back({"TF32 on the Tensor Cores (dense)", tflops(p.tf32Flops), kCatalog});
    rows.push_back({"Tensor Cores ÷ CUDA cores", formatFixed(p.ratio(), 1) + "×", "the two peaks above"});
    rows.push_back({"Peak gpuplan times the plan's compute with", tflops(gpu.peak(c.plan.plan->precision.compute)),
                    "the catalog peak of precision.compute"});
    rows.push_back({"Training tokens/s | MFU",
                    formatCount(c.evaluation.training.tokensPerS) + " | " +
                        formatPercent(c.evaluation.training.mfu),
                    "this plan, evaluated: MFU against the peak of precision.compute"});
    const double tensorMfu = mfuAgainstTensor16Peak(gpu, c.plan.plan->precision.compute, c.evaluation.training.mfu);
    if (tensorMfu > 0)
        rows.push_back({std::string("The same MFU against the ") + (p.tensorIsBf16 ? "BF16" : "FP16") + " peak",
                        formatPercent(tensorMfu), "MFU × the plan's peak ÷ the Tensor Core peak"});
    return rows;
}

const LessonStep kCoresSteps[] = {
    {"A GPU has two kinds of arithmetic units. CUDA cores do one scalar operation per lane and clock, in FP32 "
     "among others; Tensor Cores multiply small matrix tiles in one instruction, in 16-bit (and lower) formats "
     "with FP32 accumulation. The catalog holds both peaks with their sources; the table shows them for the plan's "
     "GPU. Training is mostly matrix multiplies, so the Tensor Core peak is the one that counts.",
     "nothing yet", "The two peaks and their ratio", ExplainTopic::Mfu, "step-time", nullptr, coresLive},
    {"FP32 compute: the matrix multiplies now run on the CUDA cores at the FP32 peak. The step takes many times "
     "longer, by about the ratio in the table: the same model, the same GPUs, the slow units. MFU can even rise: "
     "it is measured against the peak of the compute precision, now the low FP32 one; against the Tensor Core "
     "peak (last row) the same run uses a small fraction of the GPU.",
     "Compute precision: BF16 → FP32", "Tokens/s: down by about the ratio; the peak row", ExplainTopic::Throughput,
     "step-time", [](Plan &p) { p.precision.compute = Dtype::FP32; }, coresLive},
    {"TF32 keeps FP32 numbers in memory but feeds the Tensor Cores with a 10-bit fraction (PyTorch's "
     "allow_tf32): much of the speed comes back, half that of BF16.",
     "Compute precision: FP32 → TF32", "Tokens/s and the peak row", ExplainTopic::Throughput, "step-time",
     [](Plan &p) { p.precision.compute = Dtype::TF32; }, coresLive},
    {"Back to BF16 on an A100: the ratio between the two kinds of units changes from one generation to the next, "
     "and so does what a slip into FP32 costs. Look at the ratio row for each GPU you consider.",
     "Compute: TF32 → BF16; GPU: H100 → A100 80GB", "The ratio row", ExplainTopic::Mfu, "step-time",
     [](Plan &p) {
         p.precision.compute = Dtype::BF16;
         p.hardware.gpu = "A100-SXM-80GB";
     },
     coresLive},
};

// ---- The most expensive GPU is not always the best buy --------------------------------------

std::vector<LiveValue> valueLive(const LessonContext &c)
{
    std::vector<LiveValue> rows;
    const std::vector<GpuValue> table = gpuValueForPlan(c.plan, c.evaluation, c.catalog);
    const GpuValue *priciest = nullptr;
    for (const GpuValue &v : table)
        if (!priciest || v.priceUsd > priciest->priceUsd)
            priciest = &v;
    if (priciest)
        rows.push_back({"Most expensive GPU below", priciest->name + ", " + formatUsd(priciest->priceUsd) + " each",
                        "catalogs/gpus.json price_usd (estimates with sources and dates)"});
    rows.push_back({"The plan: " + c.plan.gpu->name,
                    formatUsd(c.evaluation.cost.onpremCashUsd) + " cash to buy and run, " +
                        formatDuration(c.evaluation.reliability.effectiveTimeToTrainS),
                    "this plan, evaluated"});
    for (const GpuValue &v : table)
        rows.push_back({v.name + " (" + formatUsd(v.priceUsd) + " each)",
                        formatCurrencyExact(v.usdPerMillionTokens, {}) + " per million tokens, " + std::to_string(v.numGpus) +
                            " GPUs, " + formatDuration(v.timeToTrainDays * 86400.0),
                        "gpuplan-cli procure: cheapest purchase that finishes within the plan's time"});
    // At most three names, then a count: the row must stay one or two lines on a projector.
    std::string missing;
    int left = 0;
    for (const GpuSpec &g : c.catalog.gpus) {
        if (!(g.priceUsd > 0))
            continue;
        bool listed = false;
        for (const GpuValue &v : table)
            listed = listed || v.gpu == g.id;
        if (!listed && ++left <= 3)
            missing += (missing.empty() ? "" : ", ") + g.name;
    }
    if (left > 3)
        missing += " and " + std::to_string(left - 3) + " more";
    if (!missing.empty())
        rows.push_back({"Priced GPUs left out", missing,
                        "no whole server priced in the catalog, the model does not fit, or none finishes in time "
                        "(gpuplan-cli procure says which)"});
    return rows;
}

const LessonStep kValueSteps[] = {
    {"Llama 3 8B on 1 T tokens on 64 H100. Below: for every GPU of the catalog with a price, the cheapest number "
     "of them that trains the same model on the same tokens in no more time than this plan, and what that run "
     "costs per million trained tokens in cash (buy, run, resell), cheapest first. The catalog prices are "
     "estimates with sources and dates.",
     "nothing yet", "Cost per million tokens by GPU", ExplainTopic::CostPerRun, "cost", nullptr, valueLive},
    {"The H200: more memory and bandwidth than the H100, the same Tensor Core peak, a higher price. Whether a run is cheaper on it depends on whether it finishes enough sooner to pay for its price and "
     "power: compare its row with the H100's.",
     "GPU: H100 → H200", "Cost per run and the table", ExplainTopic::CostPerRun, "cost",
     [](Plan &p) { p.hardware.gpu = "H200-SXM-141GB"; }, valueLive},
    {"An A100: cheaper per GPU and slower, so more of them, more nodes, more power and more network. "
     "Price per GPU is a poor guide either way; the cost per trained token of the whole run is the number to "
     "compare, and it depends on the model and the deadline.",
     "GPU: H200 → A100 80GB", "Cost per run and the table", ExplainTopic::CostPerRun, "cost",
     [](Plan &p) { p.hardware.gpu = "A100-SXM-80GB"; }, valueLive},
};

// ---- Faster hardware does not make a more accurate model ----------------------------------

std::vector<LiveValue> accuracyLive(const LessonContext &c)
{
    std::vector<LiveValue> rows;
    const Plan &p = *c.plan.plan;
    rows.push_back({"Parameters N", formatCount(c.plan.shape.totalParams), "the model preset"});
    rows.push_back({"Training tokens D", formatCount(p.workload.training.tokens), "the plan"});
    rows.push_back({"Training compute C = 6·N·D", formatFlop(trainingFlops(c.plan)),
                    "Kaplan et al. 2020 (docs/formulas.md)"});
    rows.push_back({"What the model learns", "set by the model, the data and the recipe: unchanged by the hardware",
                    kMechanism});
    rows.push_back({"GPUs", std::to_string(deployedGpus(c.evaluation)) + " × " + c.plan.gpu->name, "the plan"});
    rows.push_back({"Time to train with failures", formatDuration(c.evaluation.reliability.effectiveTimeToTrainS),
                    "this plan, evaluated"});
    rows.push_back({"Cost per run (on-prem)", formatUsd(c.evaluation.cost.onpremTotalUsd), "this plan, evaluated"});
    return rows;
}

const LessonStep kAccuracySteps[] = {
    {"Llama 3 8B on 1 T tokens on 64 H100. The model that comes out is decided by the model (N parameters), the "
     "tokens it sees (D) and the training recipe; the compute that takes, about 6·N·D, is fixed by them too.",
     "nothing yet", "N, D and C; time and cost", ExplainTopic::TimeToTrain, "cost", nullptr, accuracyLive},
    {"Newer GPUs. The same arithmetic on the same tokens: N, D and C stay as they were, and so does the model you "
     "get (up to rounding). Only the time and the cost change.",
     "GPU: H100 → B200", "N, D, C unchanged; time and cost changed", ExplainTopic::TimeToTrain, "cost",
     [](Plan &p) { p.hardware.gpu = "B200-SXM-180GB"; }, accuracyLive},
    {"Twice the GPUs: again only time and cost move. With the global batch fixed, the optimizer takes the same "
     "steps on the same batches.",
     "GPUs: 64 → 128", "Time to train and cost per run", ExplainTopic::TimeToTrain, "scaling",
     [](Plan &p) { p.hardware.numGpus = 128; }, accuracyLive},
    {"Twice the tokens is what changes the model: the compute doubles, and with it the time and the cost. A better "
     "model is bought with parameters, data and recipe; hardware decides how soon and at what price.",
     "Tokens: 1 T → 2 T", "D and C doubled", ExplainTopic::TimeToTrain, "cost",
     [](Plan &p) { p.workload.training.tokens = 2e12; }, accuracyLive},
};

} // namespace

const Lesson kPrecisionLesson = {"bf16-fp16", "BF16 or FP16: why does only one need loss scaling?",
                                 "Both take 2 bytes and run at the same Tensor Core speed; FP16 has a short "
                                 "exponent, so small gradients vanish unless the loss is scaled.",
                                 "llama3-8b", llama8bOnOneNode, kPrecisionSteps};
const Lesson kDataParallelLesson = {"dataparallel-vs-ddp", "DataParallel or DistributedDataParallel?",
                                    "One process funnels every step through GPU 0; one process per GPU shares the "
                                    "work in an all-reduce.",
                                    "llama3-8b", dataParallelSetup, kDataParallelSteps};
const Lesson kCoresLesson = {"tensor-cores", "CUDA cores or Tensor Cores: which peak counts?",
                             "Training is matrix multiplies; Tensor Cores do them many times faster than the CUDA "
                             "cores, in 16-bit formats.",
                             "llama3-8b", llama8bOnOneNode, kCoresSteps};
const Lesson kValueLesson = {"best-buy", "Is the most expensive GPU the best buy?",
                             "Compare the cost per trained token of the whole run, not the price of one GPU.",
                             "llama3-8b", llama8bOnEightNodes, kValueSteps};
const Lesson kAccuracyLesson = {"faster-not-smarter", "Does faster hardware make a more accurate model?",
                                "Same model, same tokens, same result: hardware changes time and cost only.",
                                "llama3-8b", llama8bOnEightNodes, kAccuracySteps};

} // namespace gpuplan::ui
