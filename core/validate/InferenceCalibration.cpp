// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/InferenceCalibration.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace gpuplan {

bool inferenceFitHalf(std::string_view id)
{
    std::size_t end = id.size();
    std::size_t begin = end;
    while (begin > 0 && std::isdigit(static_cast<unsigned char>(id[begin - 1])))
        --begin;
    long n = 0;
    for (std::size_t i = begin; i < end && i < begin + 9; ++i)
        n = n * 10 + (id[i] - '0');
    return n % 4 == 0 || n % 4 == 1;
}

std::array<double, kInferenceMetricCount> inferenceMape(const std::vector<std::unique_ptr<InferenceCase>> &cases,
                                                        const EnginePreset &engine, Half half)
{
    std::array<double, kInferenceMetricCount> sum{};
    std::array<int, kInferenceMetricCount> count{};
    for (const auto &c : cases) {
        if (!c->skipped.empty() || !c->row.engine || c->row.engine->id != engine.id)
            continue;
        if (half != Half::All && inferenceFitHalf(c->id) != (half == Half::Fit))
            continue;
        const auto predicted = predictInferenceCase(*c, engine);
        for (std::size_t k = 0; k < sum.size(); ++k) {
            if ((c->metrics & inferenceMetrics()[k].bit) && c->hasMeasured[k]) {
                sum[k] += std::fabs(predicted[k] - c->measured[k]) / c->measured[k] * 100.0;
                ++count[k];
            }
        }
    }
    std::array<double, kInferenceMetricCount> mape{};
    for (std::size_t k = 0; k < sum.size(); ++k)
        mape[k] = count[k] > 0 ? sum[k] / count[k] : -1.0;
    return mape;
}

double inferenceObjective(const std::vector<std::unique_ptr<InferenceCase>> &cases, const EnginePreset &engine,
                          Half half)
{
    double sum = 0;
    int metrics = 0;
    for (const double m : inferenceMape(cases, engine, half)) {
        if (m >= 0) {
            sum += m;
            ++metrics;
        }
    }
    return metrics > 0 ? sum / metrics : 0.0;
}

const std::vector<FittedEngineParameter> &fittedEngineParameters()
{
    // Upper bound of decode_bw_fraction: streaming kernels reach about 90-93 % of the HBM
    // specification; above 0.95 a fit would be explaining something else.
    static const std::vector<FittedEngineParameter> params{
        {"prefill_flops_fraction", &EnginePreset::prefillFlopsFraction, 0.05, 1.0, false},
        {"attention_flops_fraction", &EnginePreset::attentionFlopsFraction, 0.05, 1.0, false},
        {"decode_bw_fraction", &EnginePreset::decodeBwFraction, 0.3, 0.95, false},
        {"kernel_latency_s", &EnginePreset::kernelLatencyS, 1e-7, 1e-4, true},
        {"gqa_kv_reuse", &EnginePreset::gqaKvReuse, 0.0, 1.0, false},
        {"allreduce_bus_fraction", &EnginePreset::allReduceBusFraction, 0.05, 1.0, false},
        {"step_overhead_s", &EnginePreset::stepOverheadS, 1e-6, 0.05, true},
        {"prefill_overhead_s", &EnginePreset::prefillOverheadS, 1e-6, 0.1, true},
    };
    return params;
}

const std::vector<FittedEngineParameter> &inflightEngineParameters()
{
    // Saturated in-flight runs print throughput only: the GEMM and HBM fractions and the host
    // work per pass and per sequence are what they constrain; the kernel, attention and
    // all-reduce parameters stay those fitted on the static runs of the same kernel families.
    static const std::vector<FittedEngineParameter> params{
        {"prefill_flops_fraction", &EnginePreset::prefillFlopsFraction, 0.05, 1.0, false},
        {"decode_bw_fraction", &EnginePreset::decodeBwFraction, 0.3, 0.95, false},
        {"step_overhead_s", &EnginePreset::stepOverheadS, 1e-6, 0.05, true},
        {"sequence_step_overhead_s", &EnginePreset::sequenceStepOverheadS, 1e-9, 1e-4, true},
    };
    return params;
}

const std::vector<FittedEngineParameter> &steadyLoadEngineParameters()
{
    static const std::vector<FittedEngineParameter> params{
        {"prefill_flops_fraction", &EnginePreset::prefillFlopsFraction, 0.05, 0.9, false},
        {"decode_bw_fraction", &EnginePreset::decodeBwFraction, 0.3, 0.95, false},
        {"allreduce_bus_fraction", &EnginePreset::allReduceBusFraction, 0.05, 1.0, false},
        {"step_overhead_s", &EnginePreset::stepOverheadS, 1e-6, 0.05, true},
        {"prefill_overhead_s", &EnginePreset::prefillOverheadS, 1e-6, 0.1, true},
        {"sequence_step_overhead_s", &EnginePreset::sequenceStepOverheadS, 1e-9, 1e-4, true},
        // A kernel replayed in a CUDA graph: from about the GPU's own launch gap to the eager cost.
        {"graph_kernel_latency_s", &EnginePreset::graphKernelLatencyS, 5e-7, 1e-5, true},
    };
    return params;
}

const FittedEngineParameter &poolFractionParameter()
{
    static const FittedEngineParameter p{"kv_memory_fraction", &EnginePreset::kvMemoryFraction, 0.6, 0.95, false};
    return p;
}

namespace {

// Unbounded coordinate <-> bounded parameter: a logistic map onto [lo, hi] (of the logarithm for
// log-scale parameters), so the simplex never leaves the physical range.
double toParameter(const FittedEngineParameter &p, double x)
{
    const double s = 1.0 / (1.0 + std::exp(-x));
    if (p.logScale)
        return std::exp(std::log(p.lo) + s * (std::log(p.hi) - std::log(p.lo)));
    return p.lo + s * (p.hi - p.lo);
}

double toCoordinate(const FittedEngineParameter &p, double v)
{
    double s = p.logScale ? (std::log(v) - std::log(p.lo)) / (std::log(p.hi) - std::log(p.lo)) : (v - p.lo) / (p.hi - p.lo);
    s = std::clamp(s, 1e-6, 1.0 - 1e-6);
    return std::log(s / (1.0 - s));
}

EnginePreset withCoordinates(const EnginePreset &base, const std::vector<FittedEngineParameter> &params,
                             const std::vector<double> &x)
{
    EnginePreset e = base;
    for (std::size_t i = 0; i < params.size(); ++i)
        e.*(params[i].field) = toParameter(params[i], x[i]);
    return e;
}

} // namespace

EnginePreset fitEnginePreset(const std::vector<std::unique_ptr<InferenceCase>> &cases, const EnginePreset &start,
                             const std::vector<FittedEngineParameter> &params, int kRestarts, int kIterations)
{
    const std::size_t n = params.size();
    auto f = [&](const std::vector<double> &x) {
        return inferenceObjective(cases, withCoordinates(start, params, x), Half::Fit);
    };

    std::vector<double> best(n);
    for (std::size_t i = 0; i < n; ++i)
        best[i] = toCoordinate(params[i], start.*(params[i].field));
    for (int restart = 0; restart < kRestarts; ++restart) {
        std::vector<std::vector<double>> simplex(n + 1, best);
        for (std::size_t i = 0; i < n; ++i)
            simplex[i + 1][i] += 0.5;
        std::vector<double> value(n + 1);
        for (std::size_t i = 0; i <= n; ++i)
            value[i] = f(simplex[i]);
        for (int it = 0; it < kIterations; ++it) {
            std::vector<std::size_t> order(n + 1);
            for (std::size_t i = 0; i <= n; ++i)
                order[i] = i;
            std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return value[a] < value[b]; });
            const std::size_t worst = order[n], second = order[n - 1], first = order[0];
            std::vector<double> centroid(n, 0.0);
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t j = 0; j < n; ++j)
                    centroid[j] += simplex[order[i]][j] / n;
            auto along = [&](double t) {
                std::vector<double> p(n);
                for (std::size_t j = 0; j < n; ++j)
                    p[j] = centroid[j] + t * (simplex[worst][j] - centroid[j]);
                return p;
            };
            const auto reflected = along(-1.0);
            const double fr = f(reflected);
            if (fr < value[first]) {
                const auto expanded = along(-2.0);
                const double fe = f(expanded);
                simplex[worst] = fe < fr ? expanded : reflected;
                value[worst] = std::min(fe, fr);
            } else if (fr < value[second]) {
                simplex[worst] = reflected;
                value[worst] = fr;
            } else {
                const auto contracted = along(0.5);
                const double fc = f(contracted);
                if (fc < value[worst]) {
                    simplex[worst] = contracted;
                    value[worst] = fc;
                } else {
                    for (std::size_t i = 1; i <= n; ++i) {
                        for (std::size_t j = 0; j < n; ++j)
                            simplex[order[i]][j] = simplex[first][j] + 0.5 * (simplex[order[i]][j] - simplex[first][j]);
                        value[order[i]] = f(simplex[order[i]]);
                    }
                }
            }
        }
        best = simplex[static_cast<std::size_t>(std::min_element(value.begin(), value.end()) - value.begin())];
    }
    return withCoordinates(start, params, best);
}

} // namespace gpuplan
