// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/TrainingRowPlan.h"

#include "model/ModelShape.h"
#include "plan/PlanFields.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"
#include "validate/ValidationReport.h"

#include <cctype>
#include <cstdio>

namespace gpuplan {

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// An optional 0/1 column; returns false with a reason when it holds anything else.
bool flagCell(const CsvTable &t, std::size_t row, const char *column, bool &out, std::string &reason)
{
    const std::string_view text = t.cell(row, column);
    if (text.empty())
        return true;
    if (text == "0" || text == "1") {
        out = text == "1";
        return true;
    }
    reason = std::string("column ") + column + " = \"" + std::string(text) + "\" is not 0 or 1";
    return false;
}

// "175B", "3.55B", "760M", "1.01T": the model size that groups rows for rank correlation.
std::string sizeLabel(double params)
{
    char buf[32];
    if (params >= 999.5e9)
        std::snprintf(buf, sizeof buf, "%.3gT", params / 1e12);
    else if (params >= 1e9)
        std::snprintf(buf, sizeof buf, "%.3gB", params / 1e9);
    else
        std::snprintf(buf, sizeof buf, "%.3gM", params / 1e6);
    return buf;
}

} // namespace

FrameworkDefaults frameworkDefaults(std::string_view framework)
{
    FrameworkDefaults f;
    const std::string name = lower(framework);
    if (name == "megatron-deepspeed") {
        f.flashAttention = false;
        f.overlapGradReduce = false;
        f.sharding = ShardingImpl::DeepSpeed;
    } else if (name == "llm-foundry") {
        f.sharding = ShardingImpl::Fsdp;
    }
    return f;
}

int validationHalf(std::string_view id)
{
    std::uint32_t h = 2166136261u;
    for (char c : id) {
        h ^= static_cast<unsigned char>(c);
        h *= 16777619u;
    }
    return static_cast<int>((h >> 7) & 1u);
}

bool trainingRowPlan(const CsvTable &t, std::size_t row, const Catalog &catalog, TrainingRowPlan &out,
                     std::string &skipReason)
{
    Plan &plan = out.plan;
    plan = Plan{};
    plan.workload.mode = Mode::Training;
    if (!planFromCommonColumns(t, row, catalog, plan, skipReason))
        return false;
    if (t.cell(row, "tp").empty() || t.cell(row, "pp").empty()) {
        skipReason = "parallel layout not published (tp/pp blank)";
        return false;
    }
    if (t.cell(row, "global_batch").empty()) {
        skipReason = "global_batch is blank: the step is not defined";
        return false;
    }
    if (t.cell(row, "micro_batch").empty())
        plan.workload.training.microBatch = kDefaultMicroBatch;
    // Frameworks recompute nothing unless configured to.
    if (t.cell(row, "recompute").empty())
        plan.parallelism.recompute = Recompute::None;

    const FrameworkDefaults fw = frameworkDefaults(t.cell(row, "framework"));
    Parallelism &p = plan.parallelism;
    p.flashAttention = fw.flashAttention;
    p.overlapGradReduce = fw.overlapGradReduce;
    p.sharding = fw.sharding;
    if (!flagCell(t, row, "flash_attention", p.flashAttention, skipReason) ||
        !flagCell(t, row, "overlap_grad_reduce", p.overlapGradReduce, skipReason))
        return false;
    // fp16 runs keep and reduce fp16 gradients (DeepSpeed fp16, Megatron-LM's fp16 default);
    // bf16 and fp8 runs accumulate and reduce in fp32 (Megatron forces it for bf16; DeepSpeed's
    // bf16 optimizer and FSDP's default mixed precision do the same).
    plan.precision.gradients = plan.precision.compute == Dtype::FP16 ? Dtype::FP16 : Dtype::FP32;

    const std::string id(t.cell(row, "id"));
    out.group = sourceOfId(id) + " " + sizeLabel(computeModelShape(plan.model, plan.workload.training.seqLen).totalParams);
    // A row can ask for more than a plan file may hold; the models rely on the registry bounds.
    if (!checkPlanBounds(plan, skipReason))
        return false;
    return true;
}

} // namespace gpuplan
