// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"

#include <cstdint>
#include <string>
#include <vector>

// Error bands from validation (catalogs/error_bands.json, docs/accuracy.md "How bands are chosen"):
// the test-half mean absolute % error of the validation rows of one regime. A regime is a small
// enumerated key — metric, GPU class, framework or engine, dense or MoE — computed from the plan
// without text, so that the evaluation can look its band up. `gpuplan-cli validate KIND CSV --bands`
// prints the figures the catalog holds; tests/core/tst_errorbands.cpp recomputes them.
namespace gpuplan {

struct GpuSpec;

enum class BandMetric : std::uint8_t { TrainingTime, Memory, ServingThroughput, ServingTtft, ServingTpot, Count };

// The catalog has no architecture field: the generation of a GPU is read from the narrowest tensor
// format it has a peak for (FP4: Blackwell class; FP8: Hopper, Ada, MI300 class; BF16: Ampere,
// MI200 class; none of these: older).
enum class GpuClass : std::uint8_t { Any, Fp4, Fp8, Bf16, Older, Count };
enum class ModelKind : std::uint8_t { Any, Dense, Moe, Count };

struct RegimeKey
{
    BandMetric metric = BandMetric::TrainingTime;
    GpuClass gpu = GpuClass::Any;
    // 0 = any; otherwise the Framework (training, memory) or ServingEngine (serving) value + 1.
    std::uint8_t framework = 0;
    ModelKind model = ModelKind::Any;

    bool operator==(const RegimeKey &) const = default;
};

// Regimes with fewer rows fall back to the next coarser one (GPU class and model kind, GPU class
// only, then all rows).
inline constexpr int kMinBandRows = 5;

struct ErrorBandEntry
{
    std::string id;                       // "training_time/fp8/megatron/dense"
    std::vector<std::string> aliases;     // unused; the catalog merge reads it
    std::string metricName;               // file words of the key
    std::string gpuClassName;
    std::string frameworkName;
    std::string modelKindName;
    double mapePct = 0;                   // test-half mean absolute % error
    int rows = 0;                         // test-half rows compared
    RegimeKey key;                        // the words above as a key (set when read)
    ProvenanceMap sources;
};

GpuClass gpuClassOf(const GpuSpec &gpu);
// A plan's regime for a metric; framework is a Framework value (training, memory) or a
// ServingEngine value (serving).
RegimeKey regimeKey(BandMetric metric, const GpuSpec &gpu, int framework, bool moe);
bool isServingMetric(BandMetric metric);

// The finest entry with at least kMinBandRows rows: the key itself, then the GPU class and model
// kind with any framework, then the GPU class with any framework and model, then every row of the
// metric. nullptr when none applies (the caller keeps
// its residual_mape band).
const ErrorBandEntry *findErrorBand(const std::vector<ErrorBandEntry> &bands, const RegimeKey &key);

// File words of each part of a key.
const char *bandMetricWord(BandMetric m);
const char *gpuClassWord(GpuClass g);
const char *modelKindWord(ModelKind k);
std::string frameworkWord(BandMetric m, std::uint8_t framework);   // "any", "megatron", "vllm", ...
std::string errorBandId(const RegimeKey &key);

// Words -> key; false with a message naming the field, the value and what is allowed.
bool errorBandKeyFromWords(ErrorBandEntry &entry, std::string &field, std::string &message);

// "MoE on FP4-class GPUs (Blackwell), megatron: ±25.9% over 40 test-half rows" (plus "fallback
// from ..." when the entry is coarser than the regime asked for).
std::string errorBandBasis(const ErrorBandEntry &entry, const RegimeKey &asked);

} // namespace gpuplan
