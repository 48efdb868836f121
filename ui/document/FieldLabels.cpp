// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/FieldLabels.h"

#include "NumberText.h"

#include "common/EnumNames.h"
#include "plan/PlanFields.h"
#include "report/TextReport.h"


#include <cmath>
#include <cstring>

namespace gpuplan::ui {

namespace {

struct Label
{
    const char *path;
    const char *label;
};

const Label kLabels[] = {
    {"name", "Plan name"},
    {"prepared_by", "Prepared by"},
    {"report.organisation", "Organisation"},
    {"report.logo", "Logo"},
    {"model.preset", "Model"},
    {"model.layers", "Layers"},
    {"model.hidden", "Hidden size"},
    {"model.heads", "Attention heads"},
    {"model.kv_heads", "KV heads"},
    {"model.ffn_hidden", "FFN size"},
    {"model.vocab", "Vocabulary"},
    {"model.moe_experts", "Experts"},
    {"model.moe_top_k", "Experts per token"},
    {"workload.mode", "Mode"},
    {"workload.training.seq_len", "Sequence length"},
    {"workload.training.global_batch", "Global batch"},
    {"workload.training.micro_batch", "Micro-batch"},
    {"workload.training.tokens", "Training tokens"},
    {"workload.training.finetune", "Fine-tuning"},
    {"workload.inference.prompt_len", "Prompt length"},
    {"workload.inference.output_len", "Output length"},
    {"workload.inference.concurrency", "Concurrency"},
    {"workload.inference.request_rate", "Request rate"},
    {"workload.inference.ttft_target_ms", "TTFT target"},
    {"workload.inference.tpot_target_ms", "TPOT target"},
    {"workload.inference.average_request_rate", "Average request rate"},
    {"workload.inference.headroom", "Headroom"},
    {"workload.inference.scale_up_queue", "Scale-up queue"},
    {"workload.inference.scale_cooldown_s", "Scale-down cooldown"},
    {"workload.inference.engine", "Engine"},
    {"workload.inference.attention_dp", "Attention DP"},
    {"workload.inference.ep", "Expert parallel (EP)"},
    {"workload.inference.expert_tp", "Expert TP"},
    {"workload.inference.serving_mode", "Serving mode"},
    {"workload.inference.prefill_workers", "Prefill workers"},
    {"workload.inference.prefill_tp", "Prefill TP"},
    {"workload.inference.prefill_attention_dp", "Prefill attention DP"},
    {"workload.inference.prefill_ep", "Prefill EP"},
    {"workload.inference.prefill_batch", "Prefill batch"},
    {"workload.inference.decode_workers", "Decode workers"},
    {"workload.inference.decode_tp", "Decode TP"},
    {"workload.inference.decode_attention_dp", "Decode attention DP"},
    {"workload.inference.decode_ep", "Decode EP"},
    {"workload.inference.decode_batch", "Decode batch"},
    {"workload.inference.prefill_gpu", "Prefill GPU"},
    {"workload.inference.kv_transfer", "KV transfer"},
    {"hardware.gpu", "GPU"},
    {"hardware.num_gpus", "GPUs"},
    {"hardware.mig_profile", "MIG partition"},
    {"hardware.node", "Node type"},
    {"parallelism.tp", "TP"},
    {"parallelism.pp", "PP"},
    {"parallelism.dp", "DP"},
    {"parallelism.cp", "CP"},
    {"parallelism.ep", "EP"},
    {"parallelism.vp", "VP"},
    {"parallelism.sp", "Sequence parallel"},
    {"parallelism.schedule", "Schedule"},
    {"parallelism.zero", "ZeRO stage"},
    {"parallelism.sharding", "Sharding"},
    {"parallelism.recompute", "Recompute"},
    {"parallelism.offload_optimizer", "Offload optimizer"},
    {"parallelism.offload_params", "Offload weights"},
    {"parallelism.framework", "Framework"},
    {"parallelism.recompute_every", "Checkpoint every"},
    {"parallelism.recompute_modules", "Recompute modules"},
    {"parallelism.activation_offload", "Offload activations"},
    {"parallelism.optimizer_in_backward", "Optimizer in backward"},
    {"parallelism.compile", "torch.compile"},
    {"parallelism.loader_workers", "Loader workers"},
    {"workload.training.loss", "Loss kernel"},
    {"workload.training.loss_chunks", "Loss chunks"},
    {"workload.training.packed", "Packed sequences"},
    {"workload.training.padded_fill", "Padded fill"},
    {"workload.training.lora_rank", "LoRA rank"},
    {"workload.training.lora_all_linear", "LoRA on all linear"},
    {"precision.weights", "Weights"},
    {"precision.compute", "Compute"},
    {"precision.gradients", "Gradients"},
    {"precision.master_weights", "FP32 master weights"},
    {"precision.optimizer_states", "Optimizer states"},
    {"precision.kv_cache", "KV cache"},
    {"precision.activations", "Activations"},
    {"precision.optimizer", "Optimizer"},
    {"precision.fp8_recipe", "FP8 recipe"},
    {"facility.pue", "PUE"},
    {"facility.gpu_utilization", "GPU utilization"},
    {"facility.rack_power_limit_kw", "Rack power limit"},
    {"cost.cloud_pricing", "Cloud pricing"},
    {"cost.cloud_gpu_hour_usd", "Cloud GPU-hour"},
    {"cost.gpu_price_usd", "GPU price"},
    {"cost.electricity_usd_per_kwh", "Electricity"},
    {"cost.own_facility", "Own data center"},
    {"cost.onprem_utilization", "On-prem utilization"},
    {"cost.horizon_months", "Horizon"},
    {"storage.tier", "Storage tier"},
    {"storage.data_tier", "Data on"},
    {"storage.cache_tier", "Data cache"},
    {"storage.checkpoint_tier", "Checkpoints to"},
    {"storage.archive_tier", "Archive on"},
    {"data.kind", "Training data"},
    {"data.resolution_px", "Image size"},
    {"data.clip_frames", "Frames per clip"},
    {"data.bytes_per_sample", "Bytes per sample"},
    {"data.decode_cpu_ms_per_sample", "Decode CPU per sample"},
    {"data.gpu_decode_ms_per_sample", "GPU decode per sample"},
    {"data.prefetch_factor", "Prefetch batches"},
    {"reliability.elastic", "Elastic training"},
    {"reliability.elastic_min_nodes", "Elastic min nodes"},
    {"reliability.elastic_max_nodes", "Elastic max nodes"},
};

struct EnumLabel
{
    const char *type;
    const char *name;
    const char *label;
};

// Only names whose file spelling reads badly in a window; the rest are shown as written.
const EnumLabel kEnumLabels[] = {
    {"mode", "training", "Training"},
    {"mode", "inference", "Inference"},
    {"finetune", "none", "Full training"},
    {"finetune", "lora", "LoRA"},
    {"finetune", "qlora", "QLoRA"},
    {"optimizer", "adamw", "AdamW"},
    {"optimizer", "adam8bit", "Adam 8-bit"},
    {"optimizer", "sgd_momentum", "SGD + momentum"},
    {"optimizer", "lion", "Lion"},
    {"optimizer", "adafactor", "Adafactor"},
    {"optimizer", "sgd", "SGD"},
    {"recompute", "none", "None"},
    {"recompute", "selective", "Selective"},
    {"recompute", "full", "Full"},
    {"recompute", "selective_op", "Selective (op-level)"},
    {"recompute", "every_n_layers", "Every N layers"},
    {"framework", "generic", "Generic"},
    {"framework", "megatron", "Megatron-LM"},
    {"framework", "deepspeed", "DeepSpeed"},
    {"framework", "fsdp1", "PyTorch FSDP1"},
    {"framework", "fsdp2", "FSDP2 (torchtitan)"},
    {"framework", "torchtune", "torchtune"},
    {"framework", "hf", "HF Transformers / PEFT"},
    {"loss", "standard", "Standard (fp32 logits)"},
    {"loss", "chunked", "Chunked"},
    {"loss", "fused", "Fused linear + cross-entropy"},
    {"offload", "paged", "Paged (unified memory)"},
    {"optimizer", "adam4bit", "Adam 4-bit"},
    {"offload", "none", "None"},
    {"offload", "cpu", "CPU memory"},
    {"offload", "nvme", "NVMe"},
    {"schedule", "1f1b", "1F1B"},
    {"schedule", "interleaved", "Interleaved 1F1B"},
    {"schedule", "gpipe", "GPipe"},
    {"schedule", "dualpipe", "DualPipe"},
    {"fp8 recipe", "delayed", "Delayed scaling"},
    {"fp8 recipe", "tensorwise", "Current (tensorwise) scaling"},
    {"fp8 recipe", "blockwise", "Blockwise (1×128 / 128×128)"},
    {"fp8 recipe", "mxfp8", "MXFP8"},
    {"fp8 recipe", "nvfp4", "NVFP4"},
    {"sharding", "deepspeed", "DeepSpeed ZeRO"},
    {"sharding", "fsdp", "PyTorch FSDP"},
    {"sharding", "megatron", "Megatron distributed optimizer"},
    {"engine", "generic", "Generic"},
    {"engine", "vllm", "vLLM"},
    {"engine", "tgi", "TGI"},
    {"engine", "tensorrt-llm", "TensorRT-LLM"},
    {"engine", "triton", "Triton"},
    {"engine", "hf-transformers", "HF Transformers"},
    {"cloud_pricing", "on_demand", "On demand"},
    {"cloud_pricing", "reserved_1y", "Reserved 1 year"},
    {"cloud_pricing", "reserved_3y", "Reserved 3 years"},
    {"cloud_pricing", "spot", "Spot"},
    {"data kind", "tokens", "Tokenized text"},
    {"data kind", "images", "Images"},
    {"data kind", "video", "Video clips"},
    {"storage tier", "same", "Same as storage tier"},
    {"storage tier", "none", "None"},
    {"storage tier", "local_nvme", "Local NVMe"},
    {"storage tier", "sata_ssd", "SATA SSD"},
    {"storage tier", "nas_nfs", "NAS (NFS)"},
    {"storage tier", "parallel_fs", "Parallel file system"},
    {"storage tier", "object_store", "Object storage"},
};

QString prettifyLastComponent(std::string_view path)
{
    const std::size_t dot = path.rfind('.');
    QString s = QString::fromUtf8(path.substr(dot == std::string_view::npos ? 0 : dot + 1));
    s.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!s.isEmpty())
        s[0] = s[0].toUpper();
    return s;
}

} // namespace

QString fieldLabel(std::string_view path)
{
    for (const Label &l : kLabels) {
        if (path == l.path)
            return QString::fromUtf8(l.label);
    }
    return prettifyLastComponent(path);
}

QString enumDisplayName(const EnumNameTable &table, int value)
{
    const char *name = enumName(table, value);
    for (const EnumLabel &l : kEnumLabels) {
        if (std::strcmp(l.type, table.typeName) == 0 && std::strcmp(l.name, name) == 0)
            return QString::fromUtf8(l.label);
    }
    return QString::fromUtf8(name);
}

QString formatFieldValue(const FieldSpec &field, double value)
{
    switch (field.type) {
    case FieldType::Bool: return value != 0.0 ? QStringLiteral("on") : QStringLiteral("off");
    case FieldType::Enum: return enumDisplayName(field.enumTable(), static_cast<int>(value));
    case FieldType::Text: return {};
    case FieldType::Int:
    case FieldType::Real: break;
    }
    if (field.hasSentinel && value == field.sentinel)
        return QString::fromUtf8(field.sentinelMeaning);
    QString text;
    if (std::fabs(value) >= 1e7)
        text = countText(value);
    else if (value == std::round(value))
        text = groupedText(static_cast<long long>(value));
    else
        text = boundText(value);
    if (field.unit && *field.unit && std::strcmp(field.unit, "characters") != 0)
        text += QLatin1Char(' ') + QString::fromUtf8(field.unit);
    return text;
}

QString fieldToolTip(const FieldSpec &field)
{
    return QStringLiteral("<b>%1</b><br>%2<br><i>%3: %4</i>")
        .arg(fieldLabel(field.path).toHtmlEscaped(), QString::fromUtf8(field.help).toHtmlEscaped(),
             QString::fromUtf8(field.path), QString::fromStdString(describeAllowed(field)).toHtmlEscaped());
}

} // namespace gpuplan::ui
