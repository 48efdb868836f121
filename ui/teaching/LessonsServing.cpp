// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons on serving a model: what the KV cache holds and how many requests it lets a replica
// decode together, static against continuous batching, the P99 latencies under load and the
// replicas a request rate needs, quantization; and the roofline, why decoding one token is bound
// by memory bandwidth rather than arithmetic. Every number under a step comes from the evaluation
// of the plan as it stands (the serving model, perf/Serving and perf/Capacity) or from the
// catalog, so the lessons stay right when the serving model is refitted; the text quotes only
// inputs.
#include "teaching/LessonsServing.h"

#include "common/Dtype.h"
#include "common/EnumNames.h"
#include "eval/CapacityResult.h"
#include "common/Format.h"
#include "report/ServingText.h"

#include <algorithm>

namespace gpuplan::ui {

namespace {

const char *const kEvaluated = "this plan, evaluated (the serving model)";
const char *const kCapacity = "this plan, evaluated: P99 targets under queueing (docs/formulas.md §9)";

std::string ms(double v)
{
    return v > 0 ? formatDuration(v / 1e3) : std::string("none");
}

// Llama 3 70B behind vLLM on one node of 8 H100, one replica of TP 8: chat prompts of 1,024
// tokens, answers of 256, P99 targets of 1 s to the first token and 50 ms per token after it.
void servingSetup(Plan &p)
{
    p.name = "Lesson plan: serving Llama 3 70B on 8 H100";
    p.workload.mode = Mode::Inference;
    InferenceWorkload &w = p.workload.inference;
    w.promptLen = 1024;
    w.outputLen = 256;
    w.concurrency = 64;
    w.requestRate = 10;
    w.averageRequestRate = 0;
    w.ttftTargetMs = 1000;
    w.tpotTargetMs = 50;
    w.engine = ServingEngine::Vllm;
    w.batching = Batching::Continuous;
    p.hardware.gpu = "H100-SXM-80GB";
    p.hardware.numGpus = 8;
    p.parallelism = Parallelism{};
    p.parallelism.tp = 8;
    p.precision = Precision{};
}

std::vector<LiveValue> kvLive(const LessonContext &c)
{
    const MemoryResult &m = c.evaluation.memory;
    const InferenceResult &r = c.evaluation.inference;
    const Plan &p = *c.plan.plan;
    return {{"Weights per GPU", formatBytes(m.breakdown.weights),
             "parameters × bytes of precision.weights ÷ TP"},
            {"KV cache per request, per GPU", formatBytes(m.kvBytesPerSequence),
             "prompt + answer tokens, keys and values of every layer (" + std::string(nameOf(dtypeNames(), p.precision.kvCache)) +
                 ")"},
            {"Requests whose KV cache fits", std::to_string(m.maxConcurrency), "the engine's KV pool ÷ KV per request"},
            {"Requests decoded together", std::to_string(std::min(p.workload.inference.concurrency, m.maxConcurrency)),
             "inference.concurrency, at most what fits"},
            {"Output tokens/s per GPU", formatCount(r.outputTokensPerSPerGpu), kEvaluated},
            {"Time per output token", ms(r.decodeMsPerToken), kEvaluated}};
}

std::vector<LiveValue> batchingLive(const LessonContext &c)
{
    const InferenceResult &r = c.evaluation.inference;
    return {{"Static batching", formatCount(r.batchingTokensPerSPerGpu[0]) + " tokens/s per GPU", kEvaluated},
            {"Dynamic batching", formatCount(r.batchingTokensPerSPerGpu[1]) + " tokens/s per GPU", kEvaluated},
            {"Continuous batching", formatCount(r.batchingTokensPerSPerGpu[2]) + " tokens/s per GPU", kEvaluated},
            {"Continuous ÷ static",
             r.batchingTokensPerSPerGpu[0] > 0 ? formatFixed(r.batchingTokensPerSPerGpu[2] / r.batchingTokensPerSPerGpu[0], 2) + "×"
                                               : std::string("–"),
             "the rows above"},
            {"The plan's batching", nameOf(batchingNames(), r.batchingUsed),
             "inference.batching, as far as the engine offers it"}};
}

std::vector<LiveValue> loadLive(const LessonContext &c)
{
    const CapacityResult &k = c.evaluation.inference.capacity;
    const InferenceWorkload &w = c.plan.plan->workload.inference;
    std::vector<LiveValue> rows;
    rows.push_back({"Request rate at the peak", formatRequestRate(w.requestRate), "inference.request_rate"});
    if (!k.valid || k.replicas <= 0) {
        rows.push_back({"Replicas", "none meets the targets", kCapacity});
        return rows;
    }
    rows.push_back({"Most one replica takes within the targets", formatRequestRate(k.sloLimited.requestsPerS),
                    std::string(kCapacity) + "; what binds: " + capacityLimitName(k.limit)});
    // The fleet as deployed, the one cost, power and the key results are of (Evaluation::deployed).
    rows.push_back({"Replicas | GPUs", std::to_string(c.evaluation.deployed.replicas) + " | " +
                                           std::to_string(c.evaluation.deployed.gpus),
                    "ceil(rate ÷ the row above) × GPUs per replica"});
    rows.push_back({"Each replica busy", formatPercent(k.atRate.utilization, 0), kCapacity});
    rows.push_back({"Time to first token, median | P99", ms(k.atRate.ttftP50Ms) + " | " + ms(k.atRate.ttftP99Ms),
                    kCapacity});
    rows.push_back({"Time per output token, mean | P99", ms(k.atRate.tpotMeanMs) + " | " + ms(k.atRate.tpotP99Ms),
                    kCapacity});
    if (k.minReplicas > 0 && k.maxReplicas > 0)
        rows.push_back({"Autoscaling: replicas at the average | at the peak",
                        std::to_string(k.minReplicas) + " | " + std::to_string(k.maxReplicas), kCapacity});
    return rows;
}

std::vector<LiveValue> quantLive(const LessonContext &c)
{
    std::vector<LiveValue> rows = kvLive(c);
    const CapacityResult &k = c.evaluation.inference.capacity;
    if (k.valid && k.replicas > 0)
        rows.push_back({"Replicas at the peak rate", std::to_string(k.replicas), kCapacity});
    return rows;
}

const LessonStep kServingSteps[] = {
    {"Llama 3 70B served by vLLM on 8 H100, the model split over all 8 (TP 8), chat requests of 1,024 prompt tokens "
     "and 256-token answers. Every request keeps the keys and values of all its tokens in every layer: the KV "
     "cache. What is left of the GPUs' memory after the weights decides how many requests one replica can decode "
     "together, and decoding many at once is what makes serving cheap.",
     "nothing yet", "KV per request and how many fit", ExplainTopic::MemoryPerGpu, "memory", nullptr, kvLive},
    {"Static batching: a batch starts together and its slots stay taken until its longest answer is done; short "
     "answers leave their slot idle. Continuous (in-flight) batching, vLLM's and TensorRT-LLM's, puts a new "
     "request in a slot the step after one finishes.",
     "Batching: continuous → static", "Tokens/s per GPU under each batching", ExplainTopic::Throughput, "scaling",
     [](Plan &p) { p.workload.inference.batching = Batching::Static; }, batchingLive},
    {"Back to continuous batching, and a peak of 40 requests per second. Requests arrive at random: the more a "
     "replica is loaded, the longer a request may wait for a slot, and every request decoded beside it makes each "
     "step longer. The capacity model sizes replicas on the 99th percentile, not the mean.",
     "Batching: static → continuous; request rate: 10 → 40 /s", "Replicas, P99 TTFT and TPOT",
     ExplainTopic::Throughput, "scaling",
     [](Plan &p) {
         p.workload.inference.batching = Batching::Continuous;
         p.workload.inference.requestRate = 40;
     },
     loadLive},
    {"The load is not at its peak all day. With an average of 10 requests per second, autoscaling keeps enough "
     "replicas for the average and adds them towards the peak; each replica takes minutes to start (weights loaded, "
     "engine warmed), so the scale-up rule reacts to queues, not to single requests.",
     "Average request rate: peak → 10 /s", "Replicas at the average and at the peak", ExplainTopic::CostPerRun, "cost",
     [](Plan &p) { p.workload.inference.averageRequestRate = 10; }, loadLive},
    {"FP8 weights and KV cache halve the bytes of both: more requests fit and every decode step reads half the "
     "weights. What it risks is accuracy: FP8 keeps 3 or 2 fraction bits where BF16 keeps 7, so engines scale each "
     "tensor and check quality on the task before serving it.",
     "Weights and KV cache: BF16 → FP8", "KV per request, requests that fit, tokens/s, replicas",
     ExplainTopic::MemoryPerGpu, "memory",
     [](Plan &p) {
         p.precision.weights = Dtype::FP8;
         p.precision.kvCache = Dtype::FP8;
     },
     quantLive},
};

// ---- The roofline -------------------------------------------------------------------------

// Llama 3 8B on one H100, one request at a time.
void rooflineSetup(Plan &p)
{
    servingSetup(p);
    p.name = "Lesson plan: Llama 3 8B decoding on one H100";
    p.workload.inference.concurrency = 1;
    p.workload.inference.requestRate = 0;
    p.workload.inference.ttftTargetMs = 0;
    p.workload.inference.tpotTargetMs = 0;
    p.hardware.numGpus = 1;
    p.parallelism.tp = 1;
}

std::vector<LiveValue> rooflineLive(const LessonContext &c)
{
    const GpuSpec &gpu = *c.plan.gpu;
    const Plan &p = *c.plan.plan;
    const InferenceResult &r = c.evaluation.inference;
    const double peak = gpu.peak(p.precision.compute);
    const double bandwidth = gpu.memoryBandwidth;
    const double wBytes = bytesPerElement(p.precision.weights);
    const int batch = std::max(1, std::min(p.workload.inference.concurrency, c.evaluation.memory.maxConcurrency));
    std::vector<LiveValue> rows;
    rows.push_back({"Peak | memory bandwidth", formatFlopRate(peak) + " | " +
                                                    formatStorage(bandwidth) + "/s",
                    "catalogs/gpus.json (" + gpu.name + ")"});
    if (bandwidth > 0)
        rows.push_back({"Ridge point: FLOPs a byte must carry", formatSignificant(peak / bandwidth) + " FLOP/byte",
                        "peak ÷ bandwidth: below it the GPU waits for memory"});
    rows.push_back({"Decode: FLOPs per weight byte read", formatSignificant(2.0 * batch / wBytes) + " FLOP/byte",
                    "2 FLOPs per weight per request × " + std::to_string(batch) + " requests ÷ " +
                        formatBound(wBytes) + " bytes per weight (KV reads lower it further)"});
    if (bandwidth > 0)
        rows.push_back({"Reading the weights once per step takes",
                        ms(c.evaluation.memory.breakdown.weights / bandwidth * 1e3),
                        "weights per GPU ÷ bandwidth: a floor under every decode step"});
    rows.push_back({"Time per output token", ms(r.decodeMsPerToken), kEvaluated});
    rows.push_back({"Output tokens/s per GPU", formatCount(r.outputTokensPerSPerGpu), kEvaluated});
    return rows;
}

const LessonStep kRooflineSteps[] = {
    {"Llama 3 8B on one H100, one request at a time. To produce one token the GPU reads every weight once and does "
     "2 FLOPs with each. The roofline compares the FLOPs per byte a kernel carries with the GPU's ridge point, its "
     "peak divided by its memory bandwidth: far below the ridge, the Tensor Cores wait for memory.",
     "nothing yet", "FLOPs per byte against the ridge; the weight-read floor and the step", ExplainTopic::StepTime,
     "step-time", nullptr, rooflineLive},
    {"16 requests decoded together: each weight read now serves 16 tokens. While the step stays near the "
     "weight-read floor, tokens/s grow almost in proportion to the requests: compare the step with the floor.",
     "Concurrency: 1 → 16", "FLOPs per byte, the step, tokens/s", ExplainTopic::Throughput, "scaling",
     [](Plan &p) { p.workload.inference.concurrency = 16; }, rooflineLive},
    {"128 requests: the FLOPs per byte come closer to the ridge, and the KV cache of every request is read in "
     "every step too, so the step moves away from the floor and tokens/s grow more slowly than the batch. Prefill, "
     "every prompt token at once, carries thousands of FLOPs per byte: compute-bound, which is why engines treat "
     "the two phases differently.",
     "Concurrency: 16 → 128", "The step grows; tokens/s flatten", ExplainTopic::Throughput, "scaling",
     [](Plan &p) { p.workload.inference.concurrency = 128; }, rooflineLive},
    {"An H200: the same Tensor Core peak as the H100, more memory bandwidth. The ridge moves left and the "
     "weight-read floor down; the step follows as far as it was bound by memory, which compute-bound work is not.",
     "GPU: H100 → H200", "Bandwidth, the weight-read floor, the step", ExplainTopic::StepTime, "step-time",
     [](Plan &p) { p.hardware.gpu = "H200-SXM-141GB"; }, rooflineLive},
};

} // namespace

const Lesson kServingLesson = {"serving", "What does it take to serve a model?",
                               "The KV cache decides how many requests decode together; batching, P99 targets and "
                               "the daily load decide how many replicas.",
                               "llama3-70b", servingSetup, kServingSteps};
const Lesson kRooflineLesson = {"roofline", "Why is decoding memory-bound?",
                                "One token reads every weight for 2 FLOPs each: far below the GPU's ridge point "
                                "until many requests share each read.",
                                "llama3-8b", rooflineSetup, kRooflineSteps};

} // namespace gpuplan::ui
