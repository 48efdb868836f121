// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/InferenceRowPlan.h"

#include "catalog/Catalog.h"
#include "common/EnumNames.h"
#include "plan/PlanFields.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"

#include <cmath>

namespace gpuplan {

namespace {

bool positiveIntCell(const CsvTable &t, std::size_t row, const char *column, int &out, std::string &reason)
{
    const std::string_view text = t.cell(row, column);
    const auto v = parseNumberCell(text);
    if (!v || *v != std::floor(*v) || *v < 1 || *v > 1e7) {
        reason = std::string("column ") + column + (text.empty() ? " is blank" : " = \"" + std::string(text) + "\"") +
                 "; expected an integer from 1 to 10000000";
        return false;
    }
    out = static_cast<int>(*v);
    return true;
}

bool applyPrecision(std::string_view text, Precision &p, std::string &reason)
{
    const std::string_view name = text.empty() ? std::string_view("fp16") : text;
    const auto parsed = parseEnum(dtypeNames(), name);
    if (!parsed) {
        reason = "column precision = \"" + std::string(text) + "\"; expected fp16, bf16, fp8, int8 or int4";
        return false;
    }
    const Dtype d = static_cast<Dtype>(*parsed);
    p.activations = d == Dtype::BF16 ? Dtype::BF16 : Dtype::FP16;
    switch (d) {
    case Dtype::FP16:
    case Dtype::BF16:
    case Dtype::FP32:
        p.weights = p.compute = p.kvCache = d;
        return true;
    case Dtype::FP8:
        p.weights = p.compute = p.kvCache = Dtype::FP8;
        return true;
    case Dtype::INT8:
    case Dtype::INT4:
    case Dtype::NF4:
        p.weights = d;
        p.compute = p.kvCache = Dtype::FP16;
        return true;
    default:
        reason = "column precision = \"" + std::string(text) + "\" is not an inference format";
        return false;
    }
}

bool applyKvCacheDtype(std::string_view text, Precision &p, std::string &reason)
{
    if (text.empty())
        return true;
    const auto parsed = parseEnum(dtypeNames(), text);
    const Dtype d = parsed ? static_cast<Dtype>(*parsed) : Dtype::FP32;
    if (!parsed || !(d == Dtype::FP16 || d == Dtype::BF16 || d == Dtype::FP8 || d == Dtype::INT8 || d == Dtype::INT4)) {
        reason = "column kv_cache_dtype = \"" + std::string(text) + "\"; expected fp16, bf16, fp8, int8 or int4";
        return false;
    }
    p.kvCache = d;
    return true;
}

} // namespace

const EnginePreset *findEnginePreset(const Catalog &catalog, std::string_view column)
{
    std::string name(column.empty() ? std::string_view("generic") : column);
    while (true) {
        if (const EnginePreset *e = catalog.findEngine(name))
            return e;
        const std::size_t at = name.find('@');
        if (at == std::string::npos)
            break;
        const std::size_t dot = name.find_last_of('.');
        name.resize(dot != std::string::npos && dot > at ? dot : at);
    }
    return catalog.findEngine("generic");
}

bool inferenceRowPlan(const CsvTable &t, std::size_t row, const Catalog &catalog, InferenceRowPlan &out,
                      std::string &skipReason)
{
    Plan &plan = out.plan;
    plan = Plan{};
    if (!planFromCommonColumns(t, row, catalog, plan, skipReason))
        return false;
    plan.workload.mode = Mode::Inference;
    if (!applyPrecision(t.cell(row, "precision"), plan.precision, skipReason))
        return false;
    InferenceWorkload &w = plan.workload.inference;
    if (!positiveIntCell(t, row, "input_len", w.promptLen, skipReason) ||
        !positiveIntCell(t, row, "output_len", w.outputLen, skipReason))
        return false;
    out.saturated = t.cell(row, "batch_size").empty();
    w.concurrency = 1;
    if (!out.saturated && !positiveIntCell(t, row, "batch_size", w.concurrency, skipReason))
        return false;
    if (!applyKvCacheDtype(t.cell(row, "kv_cache_dtype"), plan.precision, skipReason))
        return false;
    w.batching = Batching::Static;
    if (const std::string_view b = t.cell(row, "batching"); !b.empty()) {
        const auto parsed = parseEnum(batchingNames(), b);
        if (!parsed) {
            skipReason = "column batching = \"" + std::string(b) + "\"; expected " + allowedNames(batchingNames());
            return false;
        }
        w.batching = static_cast<Batching>(*parsed);
    }
    // Learned position tables (when a model has one) cover prompt and output.
    plan.workload.training.seqLen = w.promptLen + w.outputLen;

    out.engine = findEnginePreset(catalog, t.cell(row, "engine"));
    if (!out.engine) {
        skipReason = "no engine preset for \"" + std::string(t.cell(row, "engine")) + "\" and no \"generic\" preset";
        return false;
    }
    plan.workload.inference.engine = out.engine->engine;
    // A saturated run uses the engine's own batching, paged block size and memory fraction.
    if (out.saturated && t.cell(row, "batching").empty())
        w.batching = out.engine->defaultBatching;
    w.kvBlockTokens = out.engine->pagedKv ? out.engine->kvBlockTokens : 1;
    if (!out.engine->kvFractionOfFree)
        w.memoryUtilization = out.engine->kvMemoryFraction;
    out.metrics = w.outputLen == 1 ? kMetricTtft : (kMetricThroughput | kMetricTtft | kMetricDecode);
    out.group = plan.model.name + " / " + plan.hardware.gpu;
    // A row can ask for more than a plan file may hold; the models rely on the registry bounds.
    if (!checkPlanBounds(plan, skipReason))
        return false;
    return true;
}

} // namespace gpuplan
