// SPDX-License-Identifier: GPL-3.0-or-later
// Regime keys and the band lookup (catalog/ErrorBand.h). The lookup compares small integers only:
// it runs in the evaluation path.
#include "catalog/ErrorBand.h"

#include "catalog/GpuSpec.h"
#include "common/EnumNames.h"
#include "common/Format.h"

#include <array>

namespace gpuplan {

namespace {

constexpr std::array<const char *, static_cast<int>(BandMetric::Count)> kMetricWords = {
    "training_time", "memory", "serving_throughput", "serving_ttft", "serving_tpot"};
constexpr std::array<const char *, static_cast<int>(GpuClass::Count)> kGpuClassWords = {"any", "fp4", "fp8", "bf16",
                                                                                        "older"};
constexpr std::array<const char *, static_cast<int>(GpuClass::Count)> kGpuClassText = {
    "any GPU", "FP4-class GPUs (Blackwell)", "FP8-class GPUs (Hopper, Ada, MI300)", "BF16-class GPUs (Ampere, MI200)",
    "pre-BF16 GPUs"};
constexpr std::array<const char *, static_cast<int>(ModelKind::Count)> kModelWords = {"any", "dense", "moe"};
constexpr std::array<const char *, static_cast<int>(ModelKind::Count)> kModelText = {"all models", "Dense", "MoE"};

const EnumNameTable &frameworkTable(BandMetric m)
{
    return isServingMetric(m) ? engineNames() : frameworkNames();
}

template <std::size_t N>
int wordIndex(const std::array<const char *, N> &words, const std::string &w)
{
    for (std::size_t i = 0; i < N; ++i) {
        if (w == words[i])
            return static_cast<int>(i);
    }
    return -1;
}

template <std::size_t N>
std::string wordList(const std::array<const char *, N> &words)
{
    std::string s;
    for (std::size_t i = 0; i < N; ++i)
        s += std::string(i == 0 ? "" : i + 1 == N ? " or " : ", ") + words[i];
    return s;
}

} // namespace

bool isServingMetric(BandMetric m)
{
    return m == BandMetric::ServingThroughput || m == BandMetric::ServingTtft || m == BandMetric::ServingTpot;
}

GpuClass gpuClassOf(const GpuSpec &gpu)
{
    if (gpu.peak(Dtype::NVFP4) > 0 || gpu.peak(Dtype::MXFP4) > 0)
        return GpuClass::Fp4;
    if (gpu.peak(Dtype::FP8) > 0)
        return GpuClass::Fp8;
    if (gpu.peak(Dtype::BF16) > 0)
        return GpuClass::Bf16;
    return GpuClass::Older;
}

RegimeKey regimeKey(BandMetric metric, const GpuSpec &gpu, int framework, bool moe)
{
    return {metric, gpuClassOf(gpu), static_cast<std::uint8_t>(framework + 1), moe ? ModelKind::Moe : ModelKind::Dense};
}

const ErrorBandEntry *findErrorBand(const std::vector<ErrorBandEntry> &bands, const RegimeKey &key)
{
    // The levels, finest first: the key itself, the GPU class and model kind with any framework
    // (dense and MoE rows differ most, docs/accuracy.md: the framework goes first), the GPU class
    // alone, every row of the metric. One pass over the table (every evaluation asks it twice)
    // keeps each level's first entry; the finest level found wins, which is the answer of asking
    // level after level.
    const ErrorBandEntry *first[4] = {};
    auto keep = [&first](int level, const ErrorBandEntry &b) {
        if (!first[level])
            first[level] = &b;
    };
    for (const ErrorBandEntry &b : bands) {
        const RegimeKey &k = b.key;
        if (k.metric != key.metric || b.rows < kMinBandRows)
            continue;
        if (k == key)
            return &b;
        if (k.framework != 0)
            continue;
        if (k.gpu == key.gpu) {
            if (k.model == key.model)
                keep(1, b);
            else if (k.model == ModelKind::Any)
                keep(2, b);
        } else if (k.gpu == GpuClass::Any && k.model == ModelKind::Any) {
            keep(3, b);
        }
    }
    for (const ErrorBandEntry *b : first) {
        if (b)
            return b;
    }
    return nullptr;
}

const char *bandMetricWord(BandMetric m) { return kMetricWords[static_cast<std::size_t>(m)]; }
const char *gpuClassWord(GpuClass g) { return kGpuClassWords[static_cast<std::size_t>(g)]; }
const char *modelKindWord(ModelKind k) { return kModelWords[static_cast<std::size_t>(k)]; }

std::string frameworkWord(BandMetric m, std::uint8_t framework)
{
    if (framework == 0)
        return "any";
    const char *name = enumName(frameworkTable(m), framework - 1);
    return name ? name : "any";
}

std::string errorBandId(const RegimeKey &key)
{
    return std::string(bandMetricWord(key.metric)) + "/" + gpuClassWord(key.gpu) + "/" +
           frameworkWord(key.metric, key.framework) + "/" + modelKindWord(key.model);
}

bool errorBandKeyFromWords(ErrorBandEntry &e, std::string &field, std::string &message)
{
    const int metric = wordIndex(kMetricWords, e.metricName);
    const int gpu = wordIndex(kGpuClassWords, e.gpuClassName);
    const int model = wordIndex(kModelWords, e.modelKindName);
    if (metric < 0) {
        field = "metric";
        message = "expected " + wordList(kMetricWords) + ", found \"" + e.metricName + "\"";
        return false;
    }
    if (gpu < 0) {
        field = "gpu_class";
        message = "expected " + wordList(kGpuClassWords) + ", found \"" + e.gpuClassName + "\"";
        return false;
    }
    if (model < 0) {
        field = "model_kind";
        message = "expected " + wordList(kModelWords) + ", found \"" + e.modelKindName + "\"";
        return false;
    }
    e.key.metric = static_cast<BandMetric>(metric);
    e.key.gpu = static_cast<GpuClass>(gpu);
    e.key.model = static_cast<ModelKind>(model);
    e.key.framework = 0;
    if (e.frameworkName != "any") {
        const auto fw = parseEnum(frameworkTable(e.key.metric), e.frameworkName);
        if (!fw) {
            field = "framework";
            message = "expected any or " + allowedNames(frameworkTable(e.key.metric)) + ", found \"" +
                      e.frameworkName + "\"";
            return false;
        }
        e.key.framework = static_cast<std::uint8_t>(*fw + 1);
    }
    return true;
}

std::string errorBandBasis(const ErrorBandEntry &e, const RegimeKey &asked)
{
    const RegimeKey &k = e.key;
    std::string s = std::string(kModelText[static_cast<std::size_t>(k.model)]) + " on " +
                    kGpuClassText[static_cast<std::size_t>(k.gpu)];
    if (k.framework != 0)
        s += ", " + frameworkWord(k.metric, k.framework);
    s += ": ±" + formatFixed(e.mapePct, 1) + "% over " + counted(e.rows, "test-half row", "test-half rows");
    if (!(k == asked))
        s += " (fewer than " + std::to_string(kMinBandRows) + " rows for " + errorBandId(asked) + ")";
    return s;
}

} // namespace gpuplan
