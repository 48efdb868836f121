// SPDX-License-Identifier: GPL-3.0-or-later
// Launch files and result exports (core/export): each format carries the plan's layout, batch,
// ZeRO stage and precision; node and GPU counts add up; text from the plan cannot break out of
// the quoting of any generated file.
#include "ExampleFixture.h"

#include "catalog/CatalogLoader.h"
#include "evaluator/Evaluator.h"
#include "export/LaunchFiles.h"
#include "export/ResultsExport.h"
#include "export/TextEscape.h"
#include "plan/PlanIo.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>

using namespace gpuplan;

namespace {

using Fixture = test::ExampleFixture;

// The example plan with "path=value" overrides (as gpuplan-cli --set applies them).
std::unique_ptr<Fixture> load(const char *example, const std::vector<std::string> &overrides = {})
{
    return test::loadExample(example, overrides);
}

LaunchFile make(const Fixture &f, LaunchFormat format, std::string *errorOut = nullptr)
{
    LaunchFile file;
    std::string error;
    const bool ok = makeLaunchFile(f.resolved, f.evaluation, format, LaunchOptions{}, file, error);
    if (errorOut)
        *errorOut = error;
    if (!ok)
        file.text.clear();
    return file;
}

// The manifest without its comment header: JSON (which is also YAML).
nlohmann::json manifestJson(const std::string &text)
{
    std::string body;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("#", 0) != 0)
            body += line + "\n";
    }
    return nlohmann::json::parse(body);
}

int manifestGpus(const nlohmann::json &m)
{
    int total = 0;
    auto podGpus = [](const nlohmann::json &spec) {
        return spec["template"]["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpu"].get<int>();
    };
    if (m["kind"] == "PyTorchJob") {
        for (const auto &[role, spec] : m["spec"]["pytorchReplicaSpecs"].items())
            total += spec["replicas"].get<int>() * podGpus(spec);
    } else {
        total = m["spec"]["replicas"].get<int>() * podGpus(m["spec"]);
    }
    return total;
}

bool hasArgument(const std::string &text, const std::string &flagAndValue)
{
    // Arguments are written one flag per line: "  --flag value".
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        const auto start = line.find_first_not_of(' ');
        if (start != std::string::npos && line.substr(start) == flagAndValue)
            return true;
    }
    return false;
}

const char *kHostileName = "x'; rm -rf ~ #\n$(reboot) `id` \"q\" <b>&amp;</b> ${HOME} \\";

} // namespace

class TestLaunchFiles final : public QObject
{
    Q_OBJECT

private slots:
    void shellQuoting() const
    {
        QCOMPARE(shellQuote("it's"), std::string("'it'\\''s'"));
        QCOMPARE(shellQuote(""), std::string("''"));
        QCOMPARE(shellQuote("$(x) `y` \"z\""), std::string("'$(x) `y` \"z\"'"));
        QCOMPARE(commentText("a\nb\rc\td"), std::string("a b c d"));
        // Cut at a character boundary: "é" is two bytes.
        QCOMPARE(commentText("aé", 2), std::string("a"));
        QCOMPARE(kubernetesName("Llama 3 70B (1,024 × H100)", "x"), std::string("llama-3-70b-1-024-h100"));
        QCOMPARE(kubernetesName("'; --", "fallback"), std::string("fallback"));
        QCOMPARE(safeName("a b/c", "x"), std::string("a-b-c"));
    }

    void formatNames() const
    {
        QCOMPARE(launchFormats().size(), std::size_t(6));
        for (const LaunchFormatInfo &f : launchFormats())
            QCOMPARE(parseLaunchFormat(f.name), std::optional<LaunchFormat>(f.format));
        QCOMPARE(parseLaunchFormat("Kubernetes"), std::optional<LaunchFormat>(LaunchFormat::Kubernetes));
        QVERIFY(!parseLaunchFormat("docker"));
    }

    void deepSpeedConfigMatchesPlan() const
    {
        // examples/llama3-70b-training.gpuplan: 1,024 GPUs, TP 8 x PP 4 -> DP 32; global batch 1,024,
        // micro-batch 1 -> 32 micro-batches per step; ZeRO 1; bf16 compute, fp32 gradients.
        auto f = load("llama3-70b-training.gpuplan");
        QVERIFY(f);
        const auto ds = nlohmann::json::parse(make(*f, LaunchFormat::DeepSpeed).text);
        QCOMPARE(ds["train_batch_size"].get<int>(), 1024);
        QCOMPARE(ds["train_micro_batch_size_per_gpu"].get<int>(), 1);
        QCOMPARE(ds["gradient_accumulation_steps"].get<int>(), 32);
        QCOMPARE(ds["train_batch_size"].get<int>(),
                 ds["train_micro_batch_size_per_gpu"].get<int>() * ds["gradient_accumulation_steps"].get<int>() *
                     f->evaluation.layout.dp);
        QCOMPARE(ds["zero_optimization"]["stage"].get<int>(), 1);
        QVERIFY(!ds["zero_optimization"].contains("offload_optimizer"));
        QCOMPARE(ds["bf16"]["enabled"].get<bool>(), true);
        QCOMPARE(ds["fp16"]["enabled"].get<bool>(), false);
        QCOMPARE(ds["data_types"]["grad_accum_dtype"].get<std::string>(), std::string("fp32"));
        QCOMPARE(ds["gradient_clipping"].get<double>(), 1.0);
    }

    void deepSpeedZero3OffloadFp16() const
    {
        auto f = load("llama3-70b-training.gpuplan",
                      {"parallelism.tp=1", "parallelism.pp=1", "parallelism.vp=1", "parallelism.sp=false",
                       "parallelism.zero=3", "parallelism.sharding=\"deepspeed\"", "parallelism.offload_optimizer=\"cpu\"",
                       "parallelism.offload_params=\"cpu\"", "precision.compute=\"fp16\"", "precision.weights=\"fp16\"",
                       "workload.training.micro_batch=2", "workload.training.global_batch=2048"});
        QVERIFY(f);
        std::string error;
        const LaunchFile file = make(*f, LaunchFormat::DeepSpeed, &error);
        QVERIFY2(!file.text.empty(), error.c_str());
        const auto ds = nlohmann::json::parse(file.text);
        // 1,024 data-parallel ranks x micro-batch 2 = 2,048 sequences: one micro-batch per step.
        QCOMPARE(ds["train_batch_size"].get<int>(), 2048);
        QCOMPARE(ds["gradient_accumulation_steps"].get<int>(), 1);
        QCOMPARE(ds["zero_optimization"]["stage"].get<int>(), 3);
        QCOMPARE(ds["zero_optimization"]["offload_optimizer"]["device"].get<std::string>(), std::string("cpu"));
        QCOMPARE(ds["zero_optimization"]["offload_param"]["device"].get<std::string>(), std::string("cpu"));
        QCOMPARE(ds["fp16"]["enabled"].get<bool>(), true);
        QCOMPARE(ds["bf16"]["enabled"].get<bool>(), false);
        QCOMPARE(ds["fp16"]["loss_scale"].get<int>(), 0);   // dynamic loss scaling
        // The offload needs DeepSpeed's CPU Adam: the file comes with that note.
        bool cpuAdamNote = false;
        for (const std::string &n : file.notes)
            cpuAdamNote = cpuAdamNote || n.find("DeepSpeedCPUAdam") != std::string::npos;
        QVERIFY(cpuAdamNote);

        // 1,024 data-parallel ranks x micro-batch 2 does not divide 1,024 sequences: refused,
        // with the arithmetic in the message.
        auto uneven = load("llama3-70b-training.gpuplan",
                           {"parallelism.tp=1", "parallelism.pp=1", "parallelism.vp=1", "parallelism.sp=false",
                            "workload.training.micro_batch=2"});
        QVERIFY(uneven);
        QVERIFY(make(*uneven, LaunchFormat::DeepSpeed, &error).text.empty());
        QVERIFY2(!error.empty(), "no error for an uneven global batch");
    }

    void megatronArgumentsCarryTheLayout() const
    {
        auto f = load("llama3-70b-training.gpuplan");
        QVERIFY(f);
        const std::string text = make(*f, LaunchFormat::Megatron).text;
        for (const char *arg : {"--tensor-model-parallel-size 8", "--pipeline-model-parallel-size 4",
                                // 80 layers / (PP 4 x 5 virtual stages) = 4 layers per virtual stage
                                "--num-layers-per-virtual-pipeline-stage 4", "--context-parallel-size 1",
                                "--sequence-parallel", "--micro-batch-size 1", "--global-batch-size 1024",
                                "--seq-length 8192", "--num-layers 80", "--hidden-size 8192",
                                "--ffn-hidden-size 28672", "--num-attention-heads 64", "--num-query-groups 8",
                                "--use-distributed-optimizer", "--bf16",
                                "--swiglu", "--normalization RMSNorm", "--position-embedding-type rope",
                                // 15e12 tokens / (1,024 x 8,192 tokens per step) = 1,788,139.4 steps
                                "--train-iters 1788140"})
            QVERIFY2(hasArgument(text, arg), arg);
        QVERIFY(text.find("--expert-model-parallel-size") == std::string::npos);   // dense model
        QVERIFY(text.find("--fp16") == std::string::npos);
        // The example recomputes nothing (FlashAttention already keeps no attention scores), so no
        // recompute flag; selective and full recompute and FP8 map to their own flags.
        QVERIFY(text.find("--recompute-granularity") == std::string::npos);
        auto selective = load("llama3-70b-training.gpuplan", {"parallelism.recompute=\"selective\""});
        QVERIFY(selective);
        QVERIFY(hasArgument(make(*selective, LaunchFormat::Megatron).text, "--recompute-granularity selective"));
        auto full = load("llama3-70b-training.gpuplan", {"parallelism.recompute=\"full\"", "precision.compute=\"fp8\""});
        QVERIFY(full);
        const std::string fullText = make(*full, LaunchFormat::Megatron).text;
        QVERIFY(hasArgument(fullText, "--recompute-granularity full"));
        QVERIFY(hasArgument(fullText, "--recompute-method uniform"));
        QVERIFY(hasArgument(fullText, "--fp8-format hybrid"));
    }

    void slurmNodesAndGres() const
    {
        auto f = load("llama3-70b-training.gpuplan");
        QVERIFY(f);
        const std::string text = make(*f, LaunchFormat::Slurm).text;
        QVERIFY(text.find("#SBATCH --nodes=128\n") != std::string::npos);   // 1,024 GPUs / 8 per node
        QVERIFY(text.find("#SBATCH --gres=gpu:8\n") != std::string::npos);
        QVERIFY(text.find("#SBATCH --ntasks-per-node=1\n") != std::string::npos);
        QVERIFY(text.find("srun ") != std::string::npos);
        QVERIFY(text.find("--rdzv-endpoint \"$MASTER_ADDR:$MASTER_PORT\"") != std::string::npos);
        // Four GPUs of one eight-GPU node: one node, four GPUs.
        auto small = load("llama3-70b-training.gpuplan",
                          {"model.preset=\"llama3-8b\"", "hardware.num_gpus=4", "parallelism.tp=4", "parallelism.pp=1",
                           "parallelism.vp=1", "workload.training.global_batch=64"});
        QVERIFY(small);
        const std::string smallText = make(*small, LaunchFormat::Slurm).text;
        QVERIFY(smallText.find("#SBATCH --nodes=1\n") != std::string::npos);
        QVERIFY(smallText.find("#SBATCH --gres=gpu:4\n") != std::string::npos);
        QVERIFY(smallText.find("NPROC_PER_NODE=4\n") != std::string::npos);
    }

    void manifestsHoldTheGpuCount() const
    {
        auto training = load("llama3-70b-training.gpuplan");
        QVERIFY(training);
        const auto job = manifestJson(make(*training, LaunchFormat::Kubernetes).text);
        QCOMPARE(job["kind"].get<std::string>(), std::string("PyTorchJob"));
        QCOMPARE(job["spec"]["pytorchReplicaSpecs"]["Master"]["replicas"].get<int>(), 1);
        QCOMPARE(job["spec"]["pytorchReplicaSpecs"]["Worker"]["replicas"].get<int>(), 127);
        QCOMPARE(job["spec"]["nprocPerNode"].get<std::string>(), std::string("8"));
        QCOMPARE(manifestGpus(job), 1024);

        auto serving = load("llama3-8b-inference.gpuplan");
        QVERIFY(serving);
        // The example asks for 40 requests/s: one List of the Deployment, holding the replicas the
        // sizing needs (fewer than the eight one-GPU replicas its GPUs would hold), and its autoscaler.
        const auto list = manifestJson(make(*serving, LaunchFormat::Kubernetes).text);
        QCOMPARE(list["kind"].get<std::string>(), std::string("List"));
        QCOMPARE(list["items"].size(), std::size_t{2});
        const auto &deployment = list["items"][0];
        QCOMPARE(deployment["kind"].get<std::string>(), std::string("Deployment"));
        const int sized = serving->evaluation.inference.replicasNeeded;
        QVERIFY(sized >= 1 && sized < 8);
        QCOMPARE(deployment["spec"]["replicas"].get<int>(), sized);
        QCOMPARE(manifestGpus(deployment), sized);   // one GPU per replica
        // Not ready before the weights are read and the engine has started.
        QCOMPARE(deployment["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["initialDelaySeconds"].get<int>(),
                 static_cast<int>(std::ceil(serving->evaluation.storage.replicaStartS)));
        const auto &hpa = list["items"][1];
        QCOMPARE(hpa["kind"].get<std::string>(), std::string("HorizontalPodAutoscaler"));
        QCOMPARE(hpa["spec"]["scaleTargetRef"]["name"].get<std::string>(), deployment["metadata"]["name"].get<std::string>());
        QCOMPARE(hpa["spec"]["minReplicas"].get<int>(), sized);   // no average rate: a flat load
        QCOMPARE(hpa["spec"]["maxReplicas"].get<int>(), sized);
        QCOMPARE(hpa["spec"]["behavior"]["scaleDown"]["stabilizationWindowSeconds"].get<int>(), 300);
        QCOMPARE(hpa["spec"]["metrics"][0]["pods"]["metric"]["name"].get<std::string>(), std::string("vllm_num_requests_running"));

        // A daily profile averaging 12 of the 40 requests/s peak: the floor carries the average.
        auto daily = load("llama3-8b-inference.gpuplan", {"workload.inference.average_request_rate=12",
                                                          "workload.inference.scale_up_queue=4",
                                                          "workload.inference.scale_cooldown_s=600"});
        QVERIFY(daily);
        const CapacityResult &cap = daily->evaluation.inference.capacity;
        QCOMPARE(cap.minReplicas, static_cast<int>(std::ceil(12 / cap.sloLimited.requestsPerS)));
        QVERIFY(cap.minReplicas < cap.maxReplicas);
        const auto dailyHpa = manifestJson(make(*daily, LaunchFormat::Kubernetes).text)["items"][1];
        QCOMPARE(dailyHpa["spec"]["minReplicas"].get<int>(), cap.minReplicas);
        QCOMPARE(dailyHpa["spec"]["maxReplicas"].get<int>(), cap.maxReplicas);
        QCOMPARE(dailyHpa["spec"]["metrics"][0]["pods"]["metric"]["name"].get<std::string>(),
                 std::string("vllm_num_requests_waiting"));
        QCOMPARE(dailyHpa["spec"]["metrics"][0]["pods"]["target"]["averageValue"].get<std::string>(), std::string("4"));
        QCOMPARE(dailyHpa["spec"]["behavior"]["scaleDown"]["stabilizationWindowSeconds"].get<int>(), 600);

        // Without a request rate every replica the GPUs hold is deployed.
        auto unsized = load("llama3-8b-inference.gpuplan", {"workload.inference.request_rate=0"});
        QVERIFY(unsized);
        QCOMPARE(manifestGpus(manifestJson(make(*unsized, LaunchFormat::Kubernetes).text)), 8);
    }

    void servingFormats() const
    {
        auto f = load("llama3-8b-inference.gpuplan");
        QVERIFY(f);
        const std::string text = make(*f, LaunchFormat::Vllm).text;
        QVERIFY(hasArgument(text, "--tensor-parallel-size 1"));
        QVERIFY(hasArgument(text, "--pipeline-parallel-size 1"));
        QVERIFY(hasArgument(text, "--gpu-memory-utilization 0.90"));
        QVERIFY(hasArgument(text, "--max-model-len 1280"));   // 1,024-token prompts + 256-token answers
        // --max-num-seqs is the capacity plan's request slots (vLLM's max_num_seqs of 256, which the
        // KV cache of one H100 holds for 1,280-token requests), and the script says why it is not
        // the plan's concurrency of 64.
        QCOMPARE(f->evaluation.inference.capacity.requestSlots, 256);
        QVERIFY(hasArgument(text, "--max-num-seqs 256"));
        QVERIFY(text.find("# --max-num-seqs 256: the request slots of the capacity plan") != std::string::npos);
        QVERIFY(text.find("the plan's concurrency 64 is the point evaluated") != std::string::npos);
        // The replicas of the fleet as deployed (those cost and power are of), not all eight the
        // plan's GPUs would hold: one node runs the three one-GPU replicas the 40 requests/s need.
        const int replicas = f->evaluation.deployed.replicas;
        QCOMPARE(replicas, f->evaluation.inference.replicasNeeded);
        QVERIFY(replicas < 8);
        QVERIFY(text.find("REPLICAS_PER_NODE=${REPLICAS_PER_NODE:-" + std::to_string(replicas) + "}\n") != std::string::npos);
        QVERIFY(text.find("# " + std::to_string(replicas) + " replicas of 1 GPU each") != std::string::npos);
        // Training-only formats say so, and name the ones that apply.
        for (LaunchFormat format : {LaunchFormat::Torchrun, LaunchFormat::Slurm, LaunchFormat::DeepSpeed, LaunchFormat::Megatron}) {
            std::string error;
            QVERIFY(make(*f, format, &error).text.empty());
            QVERIFY2(error.find("training") != std::string::npos && error.find("vllm") != std::string::npos, error.c_str());
        }
        auto training = load("llama3-70b-training.gpuplan");
        std::string error;
        QVERIFY(make(*training, LaunchFormat::Vllm, &error).text.empty());
        QVERIFY(error.find("serving") != std::string::npos);
    }

    // A disaggregated plan launches its two pools (perf/DisaggregatedPlan.h), not one replica of
    // all its GPUs: one instance per worker with the pool's layout and batch, KV over NIXL.
    void disaggregatedPools() const
    {
        auto f = load("deepseek-r1-disaggregated-h200.gpuplan");
        QVERIFY(f);
        const DisaggregatedResult &d = f->evaluation.inference.disaggregated;
        QVERIFY(d.active);
        QCOMPARE(d.prefill.workers * d.prefill.gpusPerWorker + d.decode.workers * d.decode.gpusPerWorker, 56);
        const std::string text = make(*f, LaunchFormat::Vllm).text;
        const auto prefillAt = text.find("PREFILL_ARGS=(");
        const auto decodeAt = text.find("DECODE_ARGS=(");
        QVERIFY(prefillAt != std::string::npos && decodeAt > prefillAt);
        const std::string prefill = text.substr(prefillAt, decodeAt - prefillAt);
        const std::string decode = text.substr(decodeAt, text.find(")\n", decodeAt) - decodeAt);
        const auto perRank = [](double batch, int ranks) { return static_cast<int>(std::ceil(batch / ranks - 1e-9)); };
        QVERIFY(hasArgument(prefill, "--tensor-parallel-size " + std::to_string(d.prefill.gpusPerWorker / d.prefill.attentionDp)));
        QVERIFY(hasArgument(prefill, "--max-num-seqs " + std::to_string(std::max(1, perRank(d.prefill.batch, d.prefill.attentionDp)))));
        QVERIFY(hasArgument(decode, "--max-num-seqs " + std::to_string(perRank(d.decode.batch, d.decode.attentionDp))));
        QVERIFY(d.decode.ep > 1);
        QVERIFY(hasArgument(decode, "--enable-expert-parallel"));
        const std::string nixl = "--kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_both\"}'";
        QVERIFY(hasArgument(prefill, nixl) && hasArgument(decode, nixl));
        QVERIFY(text.find("# prefill: " + std::to_string(d.prefill.workers) + " workers of 8 GPUs on " +
                          std::to_string(d.prefill.workers) + " nodes, 1 per node.") != std::string::npos);
        QVERIFY(text.find("# decode: " + std::to_string(d.decode.workers) + " workers of 8 GPUs") != std::string::npos);
        QVERIFY(text.find("Layout: disaggregated: prefill ") != std::string::npos);
        // Two Deployments, one pod per worker, named and labelled by role; all 56 GPUs.
        const auto list = manifestJson(make(*f, LaunchFormat::Kubernetes).text);
        QCOMPARE(list["items"].size(), std::size_t{2});
        QCOMPARE(manifestGpus(list["items"][0]) + manifestGpus(list["items"][1]), 56);
        QCOMPARE(list["items"][0]["spec"]["replicas"].get<int>(), d.prefill.workers);
        QCOMPARE(list["items"][1]["metadata"]["labels"]["gpuplan.org/role"].get<std::string>(), std::string("decode"));
        const std::string name = list["items"][0]["metadata"]["name"].get<std::string>();
        QVERIFY2(name.size() <= 63 && name.substr(name.size() - 8) == "-prefill", name.c_str());
        // A worker wider than a node cannot be one pod.
        auto wide = load("deepseek-r1-disaggregated-h200.gpuplan", {"workload.inference.prefill_tp=16", "workload.inference.prefill_workers=1"});
        QVERIFY(wide);
        std::string error;
        QVERIFY(make(*wide, LaunchFormat::Kubernetes, &error).text.empty());
        QVERIFY2(error.find("prefill worker of 16 GPUs spans several nodes") != std::string::npos, error.c_str());
        const std::string ray = make(*wide, LaunchFormat::Vllm).text;
        QVERIFY(ray.find("start a Ray cluster over a worker's nodes") != std::string::npos);
        QVERIFY(ray.find("exec env VLLM_NIXL_SIDE_CHANNEL_PORT") != std::string::npos);
    }

    // Attention data parallelism with expert-parallel MoE layers maps to vLLM's DP and EP flags,
    // with max_num_seqs per attention rank.
    void attentionDataParallelFlags() const
    {
        auto f = load("deepseek-r1-disaggregated-h200.gpuplan",
                      {"workload.inference.serving_mode=aggregated", "workload.inference.attention_dp=8",
                       "workload.inference.ep=8", "hardware.num_gpus=8"});
        QVERIFY(f);
        QCOMPARE(f->evaluation.inference.attentionDp, 8);
        const std::string text = make(*f, LaunchFormat::Vllm).text;
        QVERIFY(hasArgument(text, "--tensor-parallel-size 1"));
        QVERIFY(hasArgument(text, "--data-parallel-size 8"));
        QVERIFY(hasArgument(text, "--enable-expert-parallel"));
        const int seqs = static_cast<int>(std::ceil(f->evaluation.inference.capacity.requestSlots / 8.0 - 1e-9));
        QVERIFY(f->evaluation.inference.capacity.valid);
        QVERIFY(hasArgument(text, "--max-num-seqs " + std::to_string(seqs)));
        QVERIFY(text.find("per attention data-parallel rank") != std::string::npos);
        QVERIFY(text.find("attention DP 8 of TP 1, experts over EP 8") != std::string::npos);
        // Plain tensor parallelism keeps the plain flags.
        auto tp = load("llama3-8b-inference.gpuplan");
        QVERIFY(tp);
        const std::string plain = make(*tp, LaunchFormat::Vllm).text;
        QVERIFY(plain.find("--data-parallel-size") == std::string::npos);
        QVERIFY(plain.find("--enable-expert-parallel") == std::string::npos);
    }

    void layoutErrorsAreRefused() const
    {
        // TP 3 does not divide the 64 attention heads.
        auto f = load("llama3-70b-training.gpuplan", {"parallelism.tp=3", "hardware.num_gpus=1020", "parallelism.pp=4"});
        QVERIFY(f);
        std::string error;
        QVERIFY(make(*f, LaunchFormat::Slurm, &error).text.empty());
        QVERIFY2(error.find("parallelism.tp") != std::string::npos, error.c_str());
    }

    void hostilePlanNamesStayQuoted() const
    {
        auto f = load("llama3-70b-training.gpuplan");
        QVERIFY(f);
        f->plan.name = kHostileName;
        for (LaunchFormat format : {LaunchFormat::Torchrun, LaunchFormat::Slurm, LaunchFormat::Megatron}) {
            const std::string text = make(*f, format).text;
            QVERIFY(!text.empty());
            // The newline in the name must not start a line of its own (a command).
            std::istringstream lines(text);
            for (std::string line; std::getline(lines, line);)
                QVERIFY2(line.find("$(reboot)") == std::string::npos || line.rfind("# ", 0) == 0, line.c_str());
        }
        const auto job = manifestJson(make(*f, LaunchFormat::Kubernetes).text);
        // The name survives verbatim in the annotation, and the object name is a valid label.
        QCOMPARE(job["metadata"]["annotations"]["gpuplan.org/plan-name"].get<std::string>(), std::string(kHostileName));
        const std::string objectName = job["metadata"]["name"].get<std::string>();
        QVERIFY(!objectName.empty() && objectName.size() <= 63);
        QVERIFY(objectName.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos);
        // A hostile model name in the serving script sits inside single quotes.
        auto serving = load("llama3-8b-inference.gpuplan");
        serving->plan.model.name = kHostileName;
        const std::string vllm = make(*serving, LaunchFormat::Vllm).text;
        QVERIFY(vllm.find(shellQuote(commentText(kHostileName))) != std::string::npos);
    }

    void resultsCsvRows() const
    {
        auto f = load("llama3-70b-training.gpuplan");
        QVERIFY(f);
        f->plan.name = "=cmd, \"quoted\"";
        const ExportResults results = evaluateForExport(f->resolved);
        const auto json = resultsJson(f->resolved, results);
        QVERIFY(json.contains("scaling"));
        QVERIFY(json["cost"]["sensitivity"].size() > 0);
        const std::string csv = resultsCsv(json);
        QVERIFY(csv.rfind("section,name,value,unit\r\n", 0) == 0);
        // Formula-looking text is kept as text; commas and quotes are quoted (RFC 4180).
        QVERIFY(csv.find("plan,plan,\"'=cmd, \"\"quoted\"\"\",\r\n") != std::string::npos);
        QVERIFY(csv.find("memory,per_gpu_bytes,") != std::string::npos);
        QVERIFY(csv.find("bom,gpu.quantity,1024,units\r\n") != std::string::npos);
        QVERIFY(csv.find("training,step_time_s,") != std::string::npos);
        QCOMPARE(resultUnit("memory", "breakdown.weights"), std::string("bytes"));
        QCOMPARE(resultUnit("training", "tokens_per_s_per_gpu"), std::string("tokens/s per GPU"));
        QCOMPARE(resultUnit("training", "tokens_per_step"), std::string("tokens"));
        QCOMPARE(resultUnit("training", "gpu_hours"), std::string("GPU-hours"));
        QCOMPARE(resultUnit("cost", "break_even_months"), std::string("months"));
        QCOMPARE(resultUnit("power", "facility_kw"), std::string("kW"));
        // Every row has four fields once quoted fields are taken into account.
        std::size_t rows = 0;
        bool quoted = false;
        int commas = 0;
        for (char c : csv) {
            if (c == '"')
                quoted = !quoted;
            else if (c == ',' && !quoted)
                ++commas;
            else if (c == '\n' && !quoted) {
                QCOMPARE(commas, 3);
                commas = 0;
                ++rows;
            }
        }
        QVERIFY(rows > 150);
    }
};

QTEST_APPLESS_MAIN(TestLaunchFiles)
#include "tst_launchfiles.moc"
