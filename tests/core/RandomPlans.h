// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Seeded random plans for the property tests (tst_properties.cpp, docs/robustness.md). Values
// come from the field registry's bounds: most draws from a typical sub-range (so many plans are
// valid layouts that fit), the rest from the whole registry range (so the extremes are covered).
// The generator uses its own integer-to-range mapping rather than <random>'s distributions,
// whose output differs between standard libraries: a seed gives the same plans everywhere.
#include "catalog/Catalog.h"
#include "common/EnumNames.h"
#include "plan/Plan.h"
#include "plan/PlanFields.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>

namespace gpuplan::test {

class RandomPlans
{
public:
    RandomPlans(const Catalog &catalog, std::uint64_t seed) : m_catalog(catalog), m_rng(seed) {}

    double unit() { return static_cast<double>(m_rng() >> 11) * 0x1.0p-53; }   // [0, 1)
    bool chance(double p) { return unit() < p; }
    int pick(int n) { return static_cast<int>(unit() * n); }
    int intIn(int lo, int hi) { return lo + pick(hi - lo + 1); }
    double logIn(double lo, double hi) { return std::exp(std::log(lo) + unit() * (std::log(hi) - std::log(lo))); }
    // A power of two in [lo, hi], each one equally likely.
    int powerOfTwoIn(int lo, int hi)
    {
        int first = 1;
        while (first < lo)
            first *= 2;
        int count = 0;
        for (long long n = first; n <= hi; n *= 2)
            ++count;
        int n = first;
        for (int i = pick(std::max(count, 1)); i > 0; --i)
            n *= 2;
        return n;
    }

    // A number for a registry field: typical range [lo, hi] most of the time, the field's whole
    // range otherwise (log-uniform where the range spans decades); integers round.
    double field(const char *path, double lo, double hi)
    {
        const FieldSpec &f = spec(path);
        const bool full = chance(0.15);
        double a = full ? f.min : std::max(lo, f.min);
        double b = full ? f.max : std::min(hi, f.max);
        double v = (a > 0 && b / a > 20) ? logIn(a, b) : a + unit() * (b - a);
        if (f.type == FieldType::Int)
            v = std::clamp(std::round(v), std::ceil(f.min), std::floor(f.max));
        std::string message;
        if (!checkFieldValue(f, v, message))
            throw std::logic_error("generator out of bounds: " + message);
        return v;
    }
    int intField(const char *path, int lo, int hi) { return static_cast<int>(field(path, lo, hi)); }
    // An integer field drawn as a power of two (layout degrees, batch sizes) within its bounds.
    int pow2Field(const char *path, int hi)
    {
        const FieldSpec &f = spec(path);
        return powerOfTwoIn(static_cast<int>(f.min), std::min(hi, static_cast<int>(f.max)));
    }
    template <typename E>
    E enumOf(const EnumNameTable &table)
    {
        return static_cast<E>(table.names[static_cast<std::size_t>(pick(static_cast<int>(table.names.size())))].value);
    }

    Plan next()
    {
        Plan p;
        p.name = "random plan";
        randomModel(p.model);
        randomWorkload(p);
        randomSystem(p);
        randomFacility(p);
        return p;
    }

private:
    static const FieldSpec &spec(const char *path)
    {
        const FieldSpec *f = findPlanField(path);
        if (!f)
            throw std::logic_error(std::string("no plan field ") + path);
        return *f;
    }

    void randomModel(ModelArch &m)
    {
        if (!m_catalog.models.empty() && chance(0.5)) {
            const ModelPreset &preset = m_catalog.models[static_cast<std::size_t>(pick(static_cast<int>(m_catalog.models.size())))];
            m = preset.arch;
            m.preset = preset.id;
            return;
        }
        m = ModelArch{};
        m.layers = intField("model.layers", 2, 128);
        m.heads = pow2Field("model.heads", 128);
        m.hidden = m.heads * intIn(1, 4) * 32;
        m.kvHeads = chance(0.5) ? 0 : std::max(1, m.heads / powerOfTwoIn(1, 16));
        m.ffnHidden = chance(0.3) ? 0 : intField("model.ffn_hidden", 256, 65536);
        m.gatedMlp = chance(0.5);
        m.vocab = intField("model.vocab", 1000, 256000);
        m.tiedEmbeddings = chance(0.3);
        m.bias = chance(0.2);
        m.norm = enumOf<NormKind>(normNames());
        m.position = enumOf<PositionKind>(positionNames());
        if (chance(0.25)) {
            m.moeExperts = pow2Field("model.moe_experts", 256);
            m.moeTopK = std::min(m.moeExperts, intIn(1, 8));
            m.moeSharedExperts = intIn(0, 2);
            m.moeDenseLayers = std::min(m.layers - 1, intIn(0, 3));
        }
        if (chance(0.1))
            m.slidingWindow = intField("model.sliding_window", 128, 8192);
    }

    void randomWorkload(Plan &p)
    {
        p.workload.mode = chance(0.6) ? Mode::Training : Mode::Inference;
        TrainingWorkload &t = p.workload.training;
        t.seqLen = pow2Field("workload.training.seq_len", 131072);
        t.microBatch = pow2Field("workload.training.micro_batch", 16);
        t.globalBatch = pow2Field("workload.training.global_batch", 16384);
        t.tokens = field("workload.training.tokens", 1e9, 2e13);
        t.fineTune = chance(0.8) ? FineTune::None : enumOf<FineTune>(fineTuneNames());
        t.loraRank = pow2Field("workload.training.lora_rank", 256);
        InferenceWorkload &i = p.workload.inference;
        i.promptLen = intField("workload.inference.prompt_len", 16, 32768);
        i.outputLen = intField("workload.inference.output_len", 1, 4096);
        i.concurrency = pow2Field("workload.inference.concurrency", 1024);
        i.requestRate = chance(0.5) ? 0.0 : field("workload.inference.request_rate", 0.1, 1000);
        i.ttftTargetMs = chance(0.5) ? 0.0 : field("workload.inference.ttft_target_ms", 10, 10000);
        i.tpotTargetMs = chance(0.5) ? 0.0 : field("workload.inference.tpot_target_ms", 5, 500);
        i.engine = enumOf<ServingEngine>(engineNames());
        i.batching = enumOf<Batching>(batchingNames());
        i.memoryUtilization = field("workload.inference.memory_utilization", 0.5, 0.95);
        i.flashAttention = chance(0.8);
    }

    void randomSystem(Plan &p)
    {
        const GpuSpec &gpu = m_catalog.gpus[static_cast<std::size_t>(pick(static_cast<int>(m_catalog.gpus.size())))];
        p.hardware.gpu = gpu.id;
        Parallelism &l = p.parallelism;
        l.tp = pow2Field("parallelism.tp", 8);
        l.pp = chance(0.6) ? 1 : pow2Field("parallelism.pp", 16);
        l.cp = chance(0.8) ? 1 : pow2Field("parallelism.cp", 8);
        l.ep = p.model.moeExperts > 0 && chance(0.5) ? pow2Field("parallelism.ep", 64) : 1;
        l.vp = l.pp > 1 && chance(0.3) ? intIn(2, 4) : 1;
        l.sp = l.tp > 1 && chance(0.5);
        l.dp = 0;
        const int dp = pow2Field("parallelism.dp", 512);
        p.hardware.numGpus = std::clamp(l.tp * l.pp * l.cp * dp, 1, 1000000);
        if (chance(0.1))
            p.hardware.numGpus = intField("hardware.num_gpus", 1, 100000);
        l.zero = intIn(0, 3);
        l.sharding = enumOf<ShardingImpl>(shardingImplNames());
        l.recompute = enumOf<Recompute>(recomputeNames());
        l.offloadOptimizer = chance(0.8) ? Offload::None : enumOf<Offload>(offloadNames());
        l.offloadParams = chance(0.9) ? Offload::None : enumOf<Offload>(offloadNames());
        l.schedule = enumOf<PipelineSchedule>(scheduleNames());
        l.flashAttention = chance(0.8);
        l.overlapGradReduce = chance(0.7);
        Precision &pr = p.precision;
        if (chance(0.3)) {
            pr.weights = enumOf<Dtype>(dtypeNames());
            pr.compute = enumOf<Dtype>(dtypeNames());
            pr.kvCache = enumOf<Dtype>(dtypeNames());
            pr.optimizer = enumOf<Optimizer>(optimizerNames());
        }
        pr.masterWeights = chance(0.8);
    }

    void randomFacility(Plan &p)
    {
        p.facility.pue = field("facility.pue", 1.05, 2.0);
        p.facility.gpuUtilization = field("facility.gpu_utilization", 0.3, 1.0);
        p.facility.rackPowerLimitKw = field("facility.rack_power_limit_kw", 10, 150);
        CostAssumptions &c = p.cost;
        c.electricityUsdPerKwh = field("cost.electricity_usd_per_kwh", 0.03, 0.4);
        c.gpuPriceUsd = chance(0.5) ? -1.0 : field("cost.gpu_price_usd", 1000, 60000);
        c.cloudGpuHourUsd = chance(0.5) ? -1.0 : field("cost.cloud_gpu_hour_usd", 0.5, 15);
        c.cloudPricing = enumOf<CloudPricing>(cloudPricingNames());
        c.ownFacility = chance(0.3);
        c.horizonMonths = field("cost.horizon_months", 6, 60);
        c.depreciationYears = field("cost.depreciation_years", 3, 6);
        p.reliability.nodeMtbfHours = field("reliability.node_mtbf_hours", 1000, 100000);
        p.reliability.spareNodes = intField("reliability.spare_nodes", 0, 8);
        p.storage.tier = enumOf<StorageTier>(storageTierNames());
    }

    const Catalog &m_catalog;
    std::mt19937_64 m_rng;   // the engine's output sequence is fixed by the standard
};

} // namespace gpuplan::test
