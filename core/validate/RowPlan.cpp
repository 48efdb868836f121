// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/RowPlan.h"

#include "catalog/Catalog.h"
#include "common/EnumNames.h"
#include "model/ModelShape.h"
#include "plan/FrameworkPresets.h"
#include "plan/RecomputeModules.h"
#include "validate/CsvTable.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace gpuplan {

std::string lowerCell(std::string_view text)
{
    std::string out(text);
    for (char &c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::optional<double> parseNumberCell(std::string_view text)
{
    if (text.empty())
        return std::nullopt;
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

namespace {

// The schema has no column for the cluster's scale-out network; rows whose notes state it in the
// fixed form "inter-node <N> Gb/s per node" (the hardware the run had, like gpus_per_node) are
// evaluated with it. Returns 0 when the notes do not say.
double nodeNetworkGbpsFromNotes(std::string_view notes)
{
    constexpr std::string_view kBefore = "inter-node ";
    constexpr std::string_view kAfter = " Gb/s per node";
    for (std::size_t at = notes.find(kBefore); at != std::string_view::npos; at = notes.find(kBefore, at + 1)) {
        const std::string_view rest = notes.substr(at + kBefore.size());
        double gbps = 0;
        const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), gbps);
        if (ec == std::errc() && rest.substr(static_cast<std::size_t>(end - rest.data())).starts_with(kAfter) &&
            std::isfinite(gbps) && gbps >= 1 && gbps <= 1e6)
            return gbps;
    }
    return 0.0;
}

bool intCell(const CsvTable &t, std::size_t row, const char *col, int &out, std::string &reason, bool required,
             int lo = 0, int hi = 100000000)
{
    const std::string_view text = t.cell(row, col);
    if (text.empty()) {
        if (required)
            reason = std::string("column ") + col + " is blank";
        return !required;
    }
    const auto v = parseNumberCell(text);
    if (!v || *v != std::floor(*v) || *v < lo || *v > hi) {
        reason = std::string("column ") + col + " = \"" + std::string(text) + "\" is not an integer from " +
                 std::to_string(lo) + " to " + std::to_string(hi);
        return false;
    }
    out = static_cast<int>(*v);
    return true;
}

// The recompute cell: the README's none, selective or full (or the plan names selective_op,
// every_n_layers); the words run configs use for them: a boolean activation-checkpointing flag
// (HF gradient_checkpointing, torchtune enable_activation_checkpointing: on means every layer) and
// LitGPT's Block policy (each transformer block); and Megatron-Core's --recompute-modules names
// ("mla_up_proj+moe_act", separated by +, commas or spaces): selective recompute of those
// modules. Anything else is not guessed.
bool recomputeCell(std::string_view text, Parallelism &p, std::string &reason)
{
    std::string w = lowerCell(text);
    std::replace(w.begin(), w.end(), '+', ' ');
    std::uint32_t modules = 0;
    if (const auto r = parseEnum(recomputeNames(), w)) {
        p.recompute = static_cast<Recompute>(*r);
    } else if (w == "off" || w == "false" || w == "no") {
        p.recompute = Recompute::None;
    } else if (w == "on" || w == "true" || w == "yes" || w == "block") {
        p.recompute = Recompute::Full;
    } else if (parseRecomputeModules(w, modules) && modules != 0) {
        p.recompute = Recompute::Selective;
        p.recomputeModules = modules;
    } else {
        reason = "column recompute = \"" + std::string(text) +
                 "\" is not one of none, selective, full (or off/on, block, or recompute module names: " +
                 "core_attn, layernorm, mla_up_proj, moe_act, mlp, moe, shared_experts)";
        return false;
    }
    return true;
}

bool architectureBlank(const CsvTable &t, std::size_t row)
{
    return t.cell(row, "layers").empty() && t.cell(row, "hidden").empty() && t.cell(row, "heads").empty();
}

} // namespace

ModelArch approximateArchitecture(double params, int vocab)
{
    constexpr double kAspect = 128.0;   // hidden / layers
    ModelArch m;
    m.vocab = std::max(vocab, 1);
    m.tiedEmbeddings = true;
    m.gatedMlp = false;
    m.bias = false;
    m.norm = NormKind::LayerNorm;
    m.position = PositionKind::Rope;
    // 12 L h^2 + V h = P with L = h / 128: solve for h by bisection, then pick the layer count and
    // re-solve h for it so the total lands on P.
    double lo = 64, hi = 1e6;
    for (int i = 0; i < 100; ++i) {
        const double h = 0.5 * (lo + hi);
        if (12.0 * h * h * h / kAspect + m.vocab * h < params)
            lo = h;
        else
            hi = h;
    }
    m.layers = std::max(1, static_cast<int>(std::lround(lo / kAspect)));
    const double L = m.layers;
    double h = (-m.vocab + std::sqrt(static_cast<double>(m.vocab) * m.vocab + 48.0 * L * params)) / (24.0 * L);
    // Within the bisection's range before rounding to an int: a params_b far beyond any model
    // would overflow it (found by fuzzing); such a row is refused by the plan bounds afterwards.
    h = std::isfinite(h) ? std::clamp(h, 64.0, 1e6) : 64.0;
    m.hidden = std::max(64, static_cast<int>(std::lround(h / 64.0)) * 64);
    m.heads = std::max(1, m.hidden / 128);
    m.kvHeads = m.heads;
    m.ffnHidden = 4 * m.hidden;
    return m;
}

void decideFromPublishedParams(const CsvTable &t, std::size_t row, ModelArch &m, int seqLen)
{
    const auto published = parseNumberCell(t.cell(row, "params_b"));
    if (!published || *published <= 0)
        return;
    const double target = *published * 1e9;
    const bool interleaved = m.moeExperts > 1 && m.moeDenseLayers == 0 && m.moeFfnHidden != m.ffnHidden &&
                             t.cell(row, "moe_dense_layers").empty();
    const int lastStep = interleaved ? 4 : 1;
    const int leading = m.moeDenseLayers;
    double bestError = -1;
    int bestDense = leading;
    bool bestTied = false;
    for (int step = 1; step <= lastStep; ++step) {
        m.moeDenseLayers = step == 1 ? leading : m.layers - m.layers / step;
        for (const bool tied : {false, true}) {
            m.tiedEmbeddings = tied;
            const double error = std::fabs(computeModelShape(m, seqLen).totalParams - target);
            if (bestError < 0 || error < bestError) {
                bestError = error;
                bestDense = m.moeDenseLayers;
                bestTied = tied;
            }
        }
    }
    m.moeDenseLayers = bestDense;
    m.tiedEmbeddings = bestTied;
}

Recompute stackRecompute(const CsvTable &t, std::size_t row, Recompute stated, int numGpus)
{
    const std::string name = lowerCell(t.cell(row, "framework"));
    const auto parsed = parseEnum(frameworkNames(), name);
    const Framework stack = parsed ? static_cast<Framework>(*parsed) : Framework::Generic;
    const FrameworkDefaults &preset = frameworkDefaults(stack, name);
    if (t.cell(row, "recompute").empty())
        return defaultCheckpointing(preset, numGpus);
    return stated == Recompute::Selective ? preset.selective : stated;
}

bool planFromCommonColumns(const CsvTable &t, std::size_t row, const Catalog &catalog, Plan &plan,
                           std::string &skipReason, const RowPlanOptions &options)
{
    ModelArch &m = plan.model;
    m.preset.clear();
    m.name = std::string(t.cell(row, "model"));
    const auto publishedParams = parseNumberCell(t.cell(row, "params_b"));
    const bool approximate =
        options.architectureFromParams && architectureBlank(t, row) && publishedParams && *publishedParams > 0;
    if (approximate) {
        int vocab = 32000;
        if (!intCell(t, row, "vocab", vocab, skipReason, false, 1, 10000000))
            return false;
        const std::string name = m.name;
        m = approximateArchitecture(*publishedParams * 1e9, vocab);
        m.name = name;
    } else {
        if (!intCell(t, row, "layers", m.layers, skipReason, true, 1, 10000) ||
            !intCell(t, row, "hidden", m.hidden, skipReason, true, 1, 1000000) ||
            !intCell(t, row, "heads", m.heads, skipReason, true, 1, 100000))
            return false;
        m.kvHeads = m.heads;
        m.ffnHidden = 4 * m.hidden;
        int gated = 0;
        if (!intCell(t, row, "kv_heads", m.kvHeads, skipReason, false, 1, 100000) ||
            !intCell(t, row, "ffn_hidden", m.ffnHidden, skipReason, false, 1, 10000000) ||
            !intCell(t, row, "gated_mlp", gated, skipReason, false, 0, 1) ||
            !intCell(t, row, "vocab", m.vocab, skipReason, true, 1, 10000000))
            return false;
        m.gatedMlp = gated == 1;
        // Gated-MLP families (LLaMA and descendants) use RMSNorm, RoPE and no biases; the plain-MLP
        // families in these files (GPT, BLOOM, MPT, Falcon, GPT-J) use LayerNorm.
        m.norm = m.gatedMlp ? NormKind::RmsNorm : NormKind::LayerNorm;
        m.position = PositionKind::Rope;
        m.bias = !m.gatedMlp;
    }
    m.moeExperts = 0;
    m.mlaKvLoraRank = 0;
    // Mixture of experts (optional columns): every MLP is an MoE layer of num_experts experts of
    // ffn_hidden width, experts_per_token of them routed per token.
    int experts = 0;
    int perToken = 0;
    if (!intCell(t, row, "num_experts", experts, skipReason, false, 0, 100000) ||
        !intCell(t, row, "experts_per_token", perToken, skipReason, false, 0, 100000))
        return false;
    if (experts > 1) {
        if (perToken < 1 || perToken > experts) {
            skipReason = "column experts_per_token = " + std::to_string(perToken) + " with num_experts = " +
                         std::to_string(experts) + "; expected 1 to num_experts";
            return false;
        }
        m.moeExperts = experts;
        m.moeTopK = perToken;
        m.moeSharedExperts = 0;
        m.moeFfnHidden = m.ffnHidden;
        m.moeDenseLayers = 0;
    }

    int seq = plan.workload.training.seqLen;
    if (!intCell(t, row, "seq_len", seq, skipReason, false, 1, 100000000))
        return false;
    plan.workload.training.seqLen = seq;

    // Tied or untied embeddings is not a column; the published parameter count decides.
    if (!approximate)
        decideFromPublishedParams(t, row, m, seq);

    const std::string gpuName(t.cell(row, "gpu"));
    if (gpuName.empty()) {
        skipReason = "column gpu is blank";
        return false;
    }
    const GpuSpec *gpu = catalog.findGpu(gpuName);
    if (!gpu) {
        skipReason = "GPU \"" + gpuName + "\" is not in the catalog";
        return false;
    }
    plan.hardware.gpu = gpu->id;
    plan.hardware.node.clear();
    plan.hardware.fabric.clear();
    if (!intCell(t, row, "num_gpus", plan.hardware.numGpus, skipReason, true, 1, 10000000))
        return false;
    plan.hardware.gpusPerNode = 0;
    if (!intCell(t, row, "gpus_per_node", plan.hardware.gpusPerNode, skipReason, false, 1, 1024))
        return false;
    plan.hardware.nodeNetworkGbps = nodeNetworkGbpsFromNotes(t.cell(row, "notes"));

    Parallelism &p = plan.parallelism;
    p = Parallelism{};
    p.dp = 0;
    int sp = 0;
    if (!intCell(t, row, "tp", p.tp, skipReason, false, 1, 100000) ||
        !intCell(t, row, "pp", p.pp, skipReason, false, 1, 100000) ||
        !intCell(t, row, "dp", p.dp, skipReason, false, 1, 10000000) ||
        !intCell(t, row, "cp", p.cp, skipReason, false, 1, 100000) ||
        !intCell(t, row, "sp", sp, skipReason, false, 0, 1) ||
        !intCell(t, row, "zero", p.zero, skipReason, false, 0, 3))
        return false;
    p.sp = sp == 1;
    if (!t.cell(row, "recompute").empty() && !recomputeCell(t.cell(row, "recompute"), p, skipReason))
        return false;

    TrainingWorkload &w = plan.workload.training;
    if (!intCell(t, row, "micro_batch", w.microBatch, skipReason, false, 1, 1000000) ||
        !intCell(t, row, "global_batch", w.globalBatch, skipReason, false, 1, 1000000000))
        return false;

    Precision &pr = plan.precision;
    const std::string_view precision = t.cell(row, "precision");
    if (auto d = parseEnum(dtypeNames(), precision)) {
        pr.compute = static_cast<Dtype>(*d);
        if (pr.compute == Dtype::FP8) {
            pr.weights = Dtype::BF16;   // FP8 training keeps bf16 weights, fp8 GEMM inputs
            pr.activations = Dtype::BF16;
        } else if (pr.compute == Dtype::FP16 || pr.compute == Dtype::BF16) {
            pr.weights = pr.compute;
            pr.activations = pr.compute;
        }
    }
    return true;
}

} // namespace gpuplan
