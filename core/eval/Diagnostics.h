// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <string>

// Problems with a plan found while evaluating it. Stored as codes with numbers so the evaluation
// path does no string work; describe() turns one into a sentence for people.
namespace gpuplan {

enum class Severity : std::uint8_t { Info, Warning, Error };

enum class DiagCode : std::uint16_t {
    GpusNotDivisible,        // numGpus not divisible by tp*pp*cp; value=numGpus, limit=tp*pp*cp
    DpMismatch,              // explicit dp != numGpus/(tp*pp*cp); value=dp, limit=derived
    TpNotDivideHeads,        // value=tp, limit=heads
    TpNotDivideKvHeads,      // value=tp, limit=kv heads (KV heads replicated: warning)
    TpNotDivideFfn,          // value=tp, limit=ffn
    TpNotDivideVocab,        // value=tp, limit=vocab (padded: info)
    PpExceedsLayers,         // value=pp, limit=layers
    PpUnevenLayers,          // value=pp, limit=layers (warning: last stage lighter)
    VpNeedsPp,               // value=vp
    VpNotDivideLayers,       // value=vp*pp, limit=layers
    CpNotDivideSeq,          // value=cp, limit=seq (needs 2*cp chunks for load balance)
    EpNotDivideExperts,      // value=ep, limit=experts
    EpExceedsGroup,          // value=ep, limit=dp*cp*tp
    EpWithoutMoe,            // value=ep
    BatchNotDivisible,       // value=globalBatch, limit=dp*microBatch
    MicroBatchTooLarge,      // value=microBatch, limit=globalBatch/dp
    TpExceedsNode,           // value=tp, limit=gpusPerNode (TP across nodes: warning)
    SpWithoutTp,             // value=tp (sequence parallel needs tp > 1: info)
    ZeroStageInvalid,        // value=zero, limit=3
    Zero3WithPp,             // value=pp (ZeRO-3 with pipeline parallelism: warning)
    DoesNotFit,              // value=per-GPU bytes, limit=capacity
    NoFlopsForDtype,         // value=dtype index (GPU lacks that compute dtype)
    InferenceTpNotDivide,    // value=tp, limit=heads
    ConcurrencyTooHigh,      // value=concurrency, limit=max that fits
    TtftTargetMissed,        // value=ttft ms, limit=target
    TpotTargetMissed,        // value=tpot ms, limit=target
    UtilizationLow,          // value=utilization, limit=0.3
    UtilizationHigh,         // value=utilization, limit=0.95
    RackBelowNode,           // value=rack kW limit, limit=node kW
    LiquidCoolingRequired,   // value=rack kW, limit=air limit
    FinetuneWithOffload,     // reserved for plans the memory model cannot express
    EfficiencyNotFitted,     // value=error band % (the GPU's time-model efficiencies are derived, not fitted)
    ReplicasWithoutWork,     // value=globalBatch, limit=dp (fewer sequences per step than data-parallel replicas)
    StorageLimitsStep,       // value=data-path step s, limit=GPU step s (facility/DataPath.h)
    NetworkLimitsStep,       // value=data-path step s, limit=GPU step s
    HostCpuLimitsStep,       // value=data-path step s, limit=GPU step s
    AverageRateAbovePeak,    // value=average_request_rate, limit=request_rate (the day's mean above its peak)
    ExpertTpNotDivideTp,     // value=expert tp, limit=tp
    PoolsExceedGpus,         // value=hardware.num_gpus, limit=GPUs of the disaggregated pools
    PoolNotDivideTp,         // value=a pool's attention DP or EP (field), limit=the pool's TP
    Count
};

struct Diagnostic
{
    DiagCode code = DiagCode::Count;
    Severity severity = Severity::Info;
    const char *field = "";   // plan JSON path the problem is about (static string)
    double value = 0;
    double limit = 0;
};

class Diagnostics
{
public:
    static constexpr int kCapacity = 24;

    void add(DiagCode code, Severity severity, const char *field, double value, double limit);
    int count() const { return m_count; }
    const Diagnostic &operator[](int i) const { return m_items[static_cast<std::size_t>(i)]; }
    bool hasErrors() const;
    bool has(DiagCode code) const;
    const Diagnostic *begin() const { return m_items.data(); }
    const Diagnostic *end() const { return m_items.data() + m_count; }

private:
    std::array<Diagnostic, kCapacity> m_items{};
    int m_count = 0;
};

// A sentence for people, e.g. "TP must divide the 64 attention heads (TP = 6)".
std::string describe(const Diagnostic &d);
const char *severityName(Severity s);
// A stable identifier for scripts, e.g. "gpus_not_divisible" (the --json "code").
const char *diagCodeId(DiagCode code);

} // namespace gpuplan
