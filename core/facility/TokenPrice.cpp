// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/TokenPrice.h"

#include "facility/Power.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

const char *apiClassName(ApiClass c)
{
    switch (c) {
    case ApiClass::None: return "none";
    case ApiClass::SameClass: return "same_class";
    case ApiClass::Nearest: return "nearest";
    }
    return "none";
}

namespace {

// Active parameters per token of a catalog model preset as published (MoE: the active count).
double presetActiveParams(const ModelPreset &m)
{
    return m.publishedActiveParams > 0 ? m.publishedActiveParams : m.publishedParams;
}

// The API prices beside the plan's: entries whose model preset is within kApiClassFactor of the
// plan's active and total parameters, or, when none is, the entries of the nearest size (the larger
// of the two log ratios).
void compareApiPrices(const ResolvedPlan &plan, TokenPrice &t)
{
    if (!plan.catalog || !(t.activeParams > 0) || !(t.totalParams > 0))
        return;
    std::vector<ApiComparison> all;
    for (const ApiPrice &a : plan.catalog->apiPrices) {
        const ModelPreset *m = a.model.empty() ? nullptr : plan.catalog->findModel(a.model);
        if (!m || !(presetActiveParams(*m) > 0) || !(m->publishedParams > 0))
            continue;
        all.push_back({&a, catalogKey(m->id) == catalogKey(plan.plan->model.preset), presetActiveParams(*m), m->publishedParams});
    }
    const auto distance = [&t](const ApiComparison &c) {
        return std::max(std::fabs(std::log(c.activeParams / t.activeParams)), std::fabs(std::log(c.totalParams / t.totalParams)));
    };
    for (const ApiComparison &c : all) {
        if (c.sameModel || distance(c) <= std::log(kApiClassFactor))
            t.api.push_back(c);
    }
    t.apiClass = t.api.empty() ? ApiClass::None : ApiClass::SameClass;
    if (t.api.empty() && !all.empty()) {
        const double nearest = distance(*std::min_element(all.begin(), all.end(), [&](const auto &a, const auto &b) {
            return distance(a) < distance(b);
        }));
        for (const ApiComparison &c : all) {
            if (distance(c) <= nearest + 1e-9)
                t.api.push_back(c);
        }
        t.apiClass = ApiClass::Nearest;
    }
    std::stable_sort(t.api.begin(), t.api.end(), [](const ApiComparison &a, const ApiComparison &b) {
        return a.price->outputUsdPerMtok < b.price->outputUsdPerMtok;
    });
}

} // namespace

void priceTokens(const Plan &plan, const Evaluation &e, double cashUsd, TokenPrice &t)
{
    t.known = false;
    t.inputShare = t.usdPerMillionOutput = t.usdPerMillionInput = t.usdPerMillionOutputAllIn = 0;
    if (plan.workload.mode != Mode::Inference)
        return;
    const InferenceWorkload &w = plan.workload.inference;
    t.outputTokens = e.cost.tokens;
    t.inputTokens = w.outputLen > 0 ? e.cost.tokens * w.promptLen / w.outputLen : 0.0;
    if (!(t.outputTokens > 0) || !(cashUsd > 0) || !std::isfinite(cashUsd))
        return;
    t.known = true;
    // A request holds its replica for TTFT in prefill and the rest of its latency in decode; the
    // fleet's cash is split in that proportion (no timing: by tokens, prompt against output).
    const InferenceResult &r = e.inference;
    t.inputShare = r.valid && r.e2eLatencyMs > 0 ? std::clamp(r.ttftMs / r.e2eLatencyMs, 0.0, 1.0)
                   : t.inputTokens + t.outputTokens > 0 ? t.inputTokens / (t.inputTokens + t.outputTokens)
                                                        : 0.0;
    t.usdPerMillionOutputAllIn = cashUsd / (t.outputTokens / 1e6);
    t.usdPerMillionOutput = cashUsd * (1.0 - t.inputShare) / (t.outputTokens / 1e6);
    t.usdPerMillionInput = t.inputTokens > 0 ? cashUsd * t.inputShare / (t.inputTokens / 1e6) : 0.0;
}

TokenPrice tokenPrice(const ResolvedPlan &plan, const Evaluation &e, const CostVerdict &v)
{
    TokenPrice t;
    if (!plan.plan || plan.plan->workload.mode != Mode::Inference)
        return t;
    t.activeParams = e.shape.activeParams;
    t.totalParams = e.shape.totalParams;
    t.tokensPerJoule = tokensPerJoule(e.power);
    compareApiPrices(plan, t);
    priceTokens(*plan.plan, e, v.decided ? v.cashUsd : 0.0, t);
    return t;
}

} // namespace gpuplan
