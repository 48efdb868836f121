// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons on the system around a training run: how often to checkpoint (the Daly interval),
// what the cluster draws and how it is cooled, how to choose TP/PP/CP for a model, what FP8
// buys and risks, and why mixture-of-experts models need expert parallelism. The numbers under
// each step are the evaluation's, or the same core function the reliability model calls
// (dalyInterval), so they follow the reader's edits and the models' refits; the text quotes only
// inputs and the catalog's documented defaults.
#include "teaching/LessonsSystems.h"

#include "teaching/LessonsHardware.h"

#include "explain/LessonFigures.h"
#include "facility/Reliability.h"
#include "common/Format.h"

#include <cmath>

namespace gpuplan::ui {

namespace {

const char *const kEvaluated = "this plan, evaluated";

// ---- Checkpoints and the Daly interval ------------------------------------------------------

void checkpointSetup(Plan &p)
{
    megatron70b(p, 1024);
    p.name = "Lesson plan: checkpoints of Llama 3 70B on 1,024 H100";
    p.reliability = ReliabilityAssumptions{};
    p.storage.tier = StorageTier::ParallelFs;
    p.storage.asyncCheckpoint = true;
}

std::vector<LiveValue> checkpointLive(const LessonContext &c)
{
    const StorageResult &s = c.evaluation.storage;
    const ReliabilityResult &r = c.evaluation.reliability;
    const double delta = s.checkpointBlockingS;
    const double mtbf = r.mtbfHours * 3600.0;
    std::vector<LiveValue> rows;
    rows.push_back({"Checkpoint size", formatBytes(s.checkpointBytes), "weights + optimizer states, " + std::string(kEvaluated)});
    rows.push_back({"Writing it to the tier | the loop stalls δ", formatDuration(s.checkpointWriteS) + " | " + formatDuration(delta),
                    c.plan.plan->storage.asyncCheckpoint ? "asynchronous: only the copy to host memory stalls"
                                                         : "synchronous: the loop waits for the whole write"});
    rows.push_back({"The job is interrupted every M", formatDuration(mtbf), "node MTBF ÷ nodes in the job"});
    if (delta > 0 && mtbf > 0) {
        rows.push_back({"Young: √(2·δ·M)", formatDuration(std::sqrt(2.0 * delta * mtbf)), "Young 1974 (docs/formulas.md §11)"});
        rows.push_back({"Daly: the same with its higher-order terms", formatDuration(dalyInterval(delta, mtbf)),
                        "Daly 2006: √(2δM)·(1 + √(δ/2M)/3 + δ/18M) − δ"});
    }
    std::string used = formatDuration(r.checkpointIntervalS);
    if (s.drainLimited)
        used += " (the write must finish first)";
    rows.push_back({"Interval the plan checkpoints at", used, kEvaluated});
    rows.push_back({"Goodput | time to train with failures",
                    formatPercent(r.goodput) + " | " + formatDuration(r.effectiveTimeToTrainS), kEvaluated});
    return rows;
}

const LessonStep kCheckpointSteps[] = {
    {"Llama 3 70B on 1,024 H100, checkpoints written asynchronously to a parallel file system. A failure loses the "
     "work since the last checkpoint; each checkpoint stalls the loop for δ. Checkpointing often wastes stalls, "
     "rarely wastes rework: Young's and Daly's interval balances the two from δ and the job's MTBF M.",
     "nothing yet", "δ, M and the interval", ExplainTopic::TimeToTrain, "cost", nullptr, checkpointLive},
    {"Synchronous checkpoints: the loop now waits for the whole write, so δ is the write time plus the fixed stall "
     "of every save; the interval grows with its square root and goodput falls.",
     "Checkpoints: asynchronous → synchronous", "δ, the interval, goodput", ExplainTopic::TimeToTrain, "cost",
     [](Plan &p) { p.storage.asyncCheckpoint = false; }, checkpointLive},
    {"The same synchronous writes to a NAS over NFS, a far slower tier: δ grows again. Every interruption now also "
     "reads the checkpoint back before the job can restart.",
     "Storage: parallel FS → NAS/NFS", "δ, the interval, goodput", ExplainTopic::TimeToTrain, "cost",
     [](Plan &p) { p.storage.tier = StorageTier::NasNfs; }, checkpointLive},
    {"Twice the GPUs: M halves, so the interval shrinks by √2 and more of the run goes to checkpoints and rework. "
     "The larger the job, the more a fast, asynchronous checkpoint path is worth.",
     "GPUs: 1,024 → 2,048", "M, the interval, goodput", ExplainTopic::TimeToTrain, "cost",
     [](Plan &p) { p.hardware.numGpus = 2048; }, checkpointLive},
};

// ---- Power, cooling and rack density --------------------------------------------------------

std::vector<LiveValue> powerLive(const LessonContext &c)
{
    const PowerResult &w = c.evaluation.power;
    const CoolingResult &k = c.evaluation.cooling;
    const FacilityAssumptions &f = c.plan.plan->facility;
    std::vector<LiveValue> rows;
    rows.push_back({"GPUs | nodes' CPUs, fans, NICs", formatPower(w.gpuW) + " | " + formatPower(w.nodeOverheadW),
                    "TDP × busy share (catalogs/gpus.json); node overhead (catalogs/nodes.json)"});
    rows.push_back({"Network | storage", formatPower(w.networkW) + " | " + formatPower(w.storageW),
                    "catalogs/fabrics.json, storage_tiers.json (ESTIMATES)"});
    rows.push_back({"IT load | × PUE = facility", formatPower(w.itKw * 1e3) + " | × " + formatPue(f.pue) + " = " + formatPower(w.facilityKw * 1e3),
                    "facility.pue"});
    rows.push_back({"Nodes per rack | kW per full rack", std::to_string(k.nodesPerRack) + " | " + formatPower(k.kwPerRack * 1e3),
                    "peak IT power per node; rack limit " + formatPower(f.rackPowerLimitKw * 1e3) +
                        " (facility.rack_power_limit_kw, ESTIMATE)"});
    rows.push_back({"Racks", std::to_string(k.computeRacks) + " compute + " + std::to_string(k.networkRacks) + " network",
                    kEvaluated});
    rows.push_back({"Cooling", std::string(k.liquidRequired ? "direct liquid" : "air") +
                                   " (air up to " + formatPower(f.airCoolingLimitKw * 1e3) + " per rack), " + formatFixed(k.tons, 0) + " tons",
                    "facility.air_cooling_limit_kw (ESTIMATE); every watt of IT load is heat"});
    rows.push_back({"Energy per run", formatEnergyMwh(w.energyMwh), kEvaluated});
    return rows;
}

const LessonStep kPowerSteps[] = {
    {"Llama 3 70B on 1,024 H100 in DGX-class nodes. The GPUs draw most of the power, but not all: CPUs, memory, "
     "fans and NICs, the network and the storage add to the IT load, and the building's cooling and conversion "
     "losses multiply it by the PUE.",
     "nothing yet", "IT load, facility power, racks", ExplainTopic::FacilityPower, "power-and-cooling", nullptr,
     powerLive},
    {"B200 nodes: each GPU draws more, so a rack holds fewer nodes within its power limit, and above the air "
     "limit a full rack needs direct liquid cooling.",
     "GPU: H100 → B200", "kW per rack, nodes per rack, cooling", ExplainTopic::FacilityPower, "power-and-cooling",
     [](Plan &p) {
         p.hardware.gpu = "B200-SXM-180GB";
         p.hardware.node.clear();
     },
     powerLive},
    {"A rack of 120 kW, as liquid-cooled AI halls are built: the nodes that were spread over many racks now share "
     "few, and the floor space shrinks; the heat is the same.",
     "Rack power limit: 40 → 120 kW", "Nodes per rack and racks", ExplainTopic::FacilityPower, "power-and-cooling",
     [](Plan &p) { p.facility.rackPowerLimitKw = 120; }, powerLive},
    {"A PUE of 1.1 instead of 1.3 (liquid cooling needs less fan and chiller power): the IT load is unchanged, the "
     "facility's draw and the energy bill fall by the ratio.",
     "PUE: 1.3 → 1.1", "Facility power and energy per run", ExplainTopic::FacilityPower, "power-and-cooling",
     [](Plan &p) { p.facility.pue = 1.1; }, powerLive},
};

void powerSetup(Plan &p)
{
    megatron70b(p, 1024);
    p.name = "Lesson plan: power of 1,024 H100";
    p.facility = FacilityAssumptions{};
}

// ---- Choosing TP, PP and CP ------------------------------------------------------------------

std::vector<LiveValue> layoutLive(const LessonContext &c)
{
    const StepBreakdown &b = c.evaluation.training.breakdown;
    const Parallelism &par = c.plan.plan->parallelism;
    const TrainingResult &t = c.evaluation.training;
    std::vector<LiveValue> rows;
    rows.push_back({"Layout", "TP " + std::to_string(par.tp) + " × PP " + std::to_string(par.pp) + " × CP " +
                                  std::to_string(par.cp) + " × DP " + std::to_string(c.evaluation.layout.dp),
                    "the plan"});
    rows.push_back({"Compute | recompute", formatDuration(b.compute) + " | " + formatDuration(b.recompute), "per step, " + std::string(kEvaluated)});
    rows.push_back({"Exposed TP | CP | PP | DP", formatDuration(b.tpComm) + " | " + formatDuration(b.cpComm) + " | " + formatDuration(b.ppComm) +
                                                     " | " + formatDuration(b.dpComm),
                    "communication not hidden behind compute"});
    rows.push_back({"Pipeline bubble", formatDuration(b.bubble) + " (" + formatPercent(t.bubbleFraction, 0) + " of the step)",
                    "(p − 1)/(v·m) of the pipeline's time"});
    rows.push_back({"Memory per GPU", formatBytes(c.evaluation.memory.perGpuBytes) + " of " +
                                          formatBytes(c.evaluation.memory.capacityBytes),
                    kEvaluated});
    rows.push_back({"Step | MFU", formatDuration(t.stepTimeS) + " | " + formatPercent(t.mfu), kEvaluated});
    return rows;
}

const LessonStep kLayoutSteps[] = {
    {"Llama 3 70B on 256 H200 with sequences of 8,192 tokens. Tensor parallelism (TP) splits every layer and "
     "all-reduces in every layer: it belongs on NVLink, inside a node of 8. Pipeline parallelism (PP) splits the "
     "layers into stages: little traffic, but a bubble while the pipeline fills. What is left is data parallelism.",
     "nothing yet", "Each dimension's exposed time, the bubble, memory", ExplainTopic::StepTime, "step-time", nullptr,
     layoutLive},
    {"TP 4 × PP 8: a smaller TP group all-reduces less per layer, but twice the stages make a larger bubble, and "
     "each GPU holds more of its stage's weights.",
     "TP 8 → 4, PP 4 → 8", "TP time down, bubble up", ExplainTopic::StepTime, "step-time",
     [](Plan &p) {
         p.parallelism.tp = 4;
         p.parallelism.pp = 8;
     },
     layoutLive},
    {"Back to TP 8 × PP 4, with 32,768-token sequences: a sequence's activations grow fourfold and attention's "
     "work faster still. Context parallelism (CP 2) splits each sequence over two GPUs, which pass keys and values "
     "around a ring in every attention layer; the data-parallel degree halves to make room.",
     "TP 8, PP 4; sequence 8,192 → 32,768 tokens, global batch 256; CP 1 → 2",
     "CP time and memory per GPU", ExplainTopic::StepTime, "step-time",
     [](Plan &p) {
         p.parallelism.tp = 8;
         p.parallelism.pp = 4;
         p.parallelism.cp = 2;
         p.workload.training.seqLen = 32768;
         p.workload.training.globalBatch = 256;
     },
     layoutLive},
};

void layoutSetup(Plan &p)
{
    megatron70b(p, 256);
    // H200s (141 GB): every layout of the lesson fits, so its steps compare time, not memory
    // verdicts (TP 4 x PP 8 needs about 90 GiB per GPU, more than an 80 GB H100 holds).
    p.hardware.gpu = "H200-SXM-141GB";
    p.name = "Lesson plan: choosing a layout for Llama 3 70B";
}

// ---- FP8 -------------------------------------------------------------------------------------

std::vector<LiveValue> fp8Live(const LessonContext &c)
{
    const GpuSpec &gpu = *c.plan.gpu;
    const Plan &p = *c.plan.plan;
    const TrainingResult &t = c.evaluation.training;
    const double bf16 = gpu.peak(Dtype::BF16);
    const double compute = gpu.peak(p.precision.compute);
    std::vector<LiveValue> rows;
    rows.push_back({"Tensor Core peak, BF16 | FP8", formatSignificant(bf16 / 1e12) + " | " + formatFlopRate(gpu.peak(Dtype::FP8)),
                    "catalogs/gpus.json (" + gpu.name + ")"});
    rows.push_back({"Relative spacing, BF16 | FP8 E4M3 | E5M2",
                    formatScientific(floatFormatRange(8, 7).epsilon, 4) + " | " + formatScientific(floatFormatRange(4, 3).epsilon, 4) +
                        " | " + formatScientific(floatFormatRange(5, 2).epsilon, 4),
                    "2^−m for m fraction bits: the rounding step"});
    rows.push_back({"Training tokens/s", formatCount(t.tokensPerS), kEvaluated});
    rows.push_back({"MFU against the plan's peak", formatPercent(t.mfu), "precision.compute's peak"});
    if (bf16 > 0 && compute != bf16)
        rows.push_back({"The same against the BF16 peak", formatPercent(t.mfu * compute / bf16),
                        "MFU × the plan's peak ÷ the BF16 peak"});
    rows.push_back({"Memory per GPU", formatBytes(c.evaluation.memory.perGpuBytes), kEvaluated});
    return rows;
}

const LessonStep kFp8Steps[] = {
    {"Llama 3 70B on 256 H100 in BF16. The H100's Tensor Cores run FP8 at twice their BF16 peak, and a Blackwell "
     "GPU adds FP4 at twice FP8's. The table shows the peaks and how coarse each format rounds.",
     "nothing yet", "The peaks and the rounding steps", ExplainTopic::Mfu, "step-time", nullptr, fp8Live},
    {"FP8 matrix multiplies (Transformer Engine): the GEMMs run at the FP8 peak, but attention, norms, "
     "communication and the optimizer do not, so tokens/s rise by less than 2×. MFU is measured against the FP8 "
     "peak, twice BF16's, so the same work reads as a lower MFU; the next row puts it against BF16's. Master "
     "weights, optimizer states and most activations stay in higher precision.",
     "Compute precision: BF16 → FP8", "Tokens/s up by less than 2×; both MFUs", ExplainTopic::Mfu, "step-time",
     [](Plan &p) { p.precision.compute = Dtype::FP8; }, fp8Live},
    {"What FP8 risks: E4M3 keeps 3 fraction bits, E5M2 2, so each tensor is scaled into range by a factor tracked "
     "from recent maxima (delayed scaling); an outlier the scale did not expect overflows or is flushed. Runs "
     "compare their loss curve with a BF16 run. FP4 (NVFP4, Blackwell) goes further with a scale per 16 values; "
     "gpuplan has no FP4 compute precision yet, so its times are not shown here.",
     "GPU: H100 → B200", "Peaks and tokens/s on Blackwell", ExplainTopic::Mfu, "step-time",
     [](Plan &p) { p.hardware.gpu = "B200-SXM-180GB"; }, fp8Live},
};

void fp8Setup(Plan &p)
{
    megatron70b(p, 256);
    p.name = "Lesson plan: FP8 training of Llama 3 70B";
}

// ---- Mixture of experts ----------------------------------------------------------------------

std::vector<LiveValue> moeLive(const LessonContext &c)
{
    const ModelArch &m = c.plan.plan->model;
    const TrainingResult &t = c.evaluation.training;
    std::vector<LiveValue> rows;
    rows.push_back(fitRow(c));
    rows.push_back({"Experts per layer | used per token", std::to_string(m.moeExperts) + " | " + std::to_string(m.moeTopK),
                    "the model preset (catalogs/models.json)"});
    rows.push_back({"Parameters: all | active per token", formatCount(c.plan.shape.totalParams) + " | " +
                                                             formatCount(c.plan.shape.activeParams),
                    "the model's shape"});
    rows.push_back({"Expert parallelism", "EP " + std::to_string(c.plan.plan->parallelism.ep), "the plan"});
    rows.push_back({"Weights per GPU", formatBytes(c.evaluation.memory.breakdown.weights), kEvaluated});
    rows.push_back({"All-to-all (exposed) | step", formatDuration(t.breakdown.epComm) + " | " + formatDuration(t.stepTimeS),
                    "per step, " + std::string(kEvaluated)});
    rows.push_back({"Tokens/s | MFU", formatCount(t.tokensPerS) + " | " + formatPercent(t.mfu), kEvaluated});
    return rows;
}

const LessonStep kMoeSteps[] = {
    {"Mixtral 8×7B on 64 H100: every layer has 8 expert MLPs and a router sends each token to 2 of them. All the "
     "experts' weights must be held, but each token computes with only its 2: far more parameters than FLOPs per "
     "token. With every GPU holding every expert (EP 1) the plan does not fit, and the first rows say by how much.",
     "nothing yet", "All vs active parameters; weights per GPU", ExplainTopic::MemoryPerGpu, "memory", nullptr,
     moeLive},
    {"Expert parallelism (EP 2): each GPU holds half the experts. A token whose expert lives on another GPU is "
     "sent there and back: an all-to-all before and after every expert layer. Still too large to fit: the "
     "experts' gradients and optimizer shares shrink with EP too, but not far enough yet.",
     "EP: 1 → 2", "The experts' weights per GPU halved; the all-to-all appears", ExplainTopic::MemoryPerGpu, "memory",
     [](Plan &p) { p.parallelism.ep = 2; }, moeLive},
    {"EP 8: one expert per GPU, the 8 GPUs of a node, so the all-to-all stays on NVLink. Spread further than a node, "
     "it would cross the scale-out network in every layer, which is why large MoE runs keep EP inside the NVLink "
     "domain or overlap the all-to-all with compute.",
     "EP: 2 → 8", "Weights per GPU; the all-to-all in the step", ExplainTopic::StepTime, "step-time",
     [](Plan &p) { p.parallelism.ep = 8; }, moeLive},
};

void moeSetup(Plan &p)
{
    p.name = "Lesson plan: Mixtral 8x7B on 64 H100";
    p.workload.mode = Mode::Training;
    p.workload.training.seqLen = 4096;
    p.workload.training.globalBatch = 512;
    p.workload.training.microBatch = 1;
    p.workload.training.tokens = 1e12;
    p.hardware.gpu = "H100-SXM-80GB";
    p.hardware.numGpus = 64;
    p.parallelism = Parallelism{};
    p.parallelism.zero = 1;
    p.parallelism.sharding = ShardingImpl::Megatron;
    p.parallelism.recompute = Recompute::Full;
    p.precision = Precision{};
}

} // namespace

const Lesson kCheckpointLesson = {"checkpoints", "How often should a run checkpoint?",
                                  "Often wastes stalls, rarely wastes rework: the Young/Daly interval balances the "
                                  "checkpoint's stall against the job's time between failures.",
                                  "llama3-70b", checkpointSetup, kCheckpointSteps};
const Lesson kPowerLesson = {"power-cooling", "How much power and cooling does a cluster need?",
                             "GPUs, nodes, network and storage make the IT load; the PUE the facility's; the rack's "
                             "power limit how densely it packs and whether air still cools it.",
                             "llama3-70b", powerSetup, kPowerSteps};
const Lesson kLayoutLesson = {"choose-layout", "TP, PP or CP: how should a model be split?",
                              "TP inside a node, PP across nodes, CP for long sequences: each costs communication or "
                              "a bubble, and the step-time breakdown shows which.",
                              "llama3-70b", layoutSetup, kLayoutSteps};
const Lesson kFp8Lesson = {"fp8", "What do FP8 and FP4 buy, and what do they risk?",
                           "Twice the Tensor Core peak per halving of the bits, for the GEMMs only; fewer fraction "
                           "bits need scaling and a check of the loss.",
                           "llama3-70b", fp8Setup, kFp8Steps};
const Lesson kMoeLesson = {"moe", "Why do mixture-of-experts models need expert parallelism?",
                           "Experts multiply the weights to hold, not the FLOPs per token; EP spreads them and "
                           "pays with an all-to-all per layer.",
                           "mixtral-8x7b", moeSetup, kMoeSteps};

} // namespace gpuplan::ui
