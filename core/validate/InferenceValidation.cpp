// SPDX-License-Identifier: GPL-3.0-or-later
// Inference validation: every row of an inference CSV predicted from its configuration columns
// (validate/InferenceRowPlan.h), one report row per id and metric the configuration implies.
#include "validate/Validators.h"

#include "catalog/EnginePreset.h"
#include "common/Format.h"
#include "validate/InferenceCases.h"

namespace gpuplan {

namespace {

// The engine preset a versioned engine column fell back to ("engine=sglang@0.5.6 for sglang@0.5.9").
std::string engineDefault(const InferenceCase &c)
{
    const std::string &asked = c.row.engineColumn;
    const std::string &id = c.row.engine ? c.row.engine->id : asked;
    // The same release line ("vllm@0.12" for "vllm@0.12.0", "tensorrt-llm@1.0" for "tensorrt-llm@1.0.0rc3") says nothing.
    if (!c.row.engine || asked == id ||
        (asked.size() > id.size() && asked.compare(0, id.size(), id) == 0 && asked[id.size()] == '.' &&
         id.find('@') != std::string::npos))
        return {};
    for (const std::string &alias : c.row.engine->aliases)
        if (alias == asked)
            return {};
    return "engine=" + c.row.engine->id + (asked.empty() ? std::string() : " for " + asked);
}

std::string overloadNote(const InferenceCase &c, const InferencePrediction &p)
{
    if (!p.overloaded)
        return {};
    const double replicas = std::max(c.row.replicas, 1);
    return "overloaded: request_rate " + formatSignificant(c.row.plan.workload.inference.requestRate / replicas) +
           "/s an instance is above its capacity of " + formatSignificant(p.capacityRequestsPerS) +
           "/s; the queue grows for as long as the run lasts (figures at capacity, TTFT without the queue)";
}

}   // namespace

ValidationReport validateInference(const CsvTable &table, const Catalog &catalog)
{
    ValidationReport report;
    report.kind = "inference";
    for (const auto &c : loadInferenceCases(table, catalog)) {
        if (c->metrics == 0) {   // output_len unusable: the metrics are unknown
            report.rows.push_back({c->id, "", "", 0, false, 0, c->skipped});
            continue;
        }
        InferencePrediction predicted;
        if (c->skipped.empty())
            predicted = predictInferenceCaseDetail(*c, *c->row.engine);
        const std::string defaults = c->skipped.empty() ? engineDefault(*c) : std::string();
        const std::string note = c->skipped.empty() ? overloadNote(*c, predicted) : std::string();
        for (int k = 0; k < kInferenceMetricCount; ++k) {
            const auto i = static_cast<std::size_t>(k);
            if (!(c->metrics & inferenceMetrics()[i].bit))
                continue;
            ValidationRow r;
            r.id = c->id;
            r.metric = inferenceMetrics()[i].name;
            r.skipped = c->skipped;
            if (c->skipped.empty()) {
                r.group = c->row.group;
                r.predicted = predicted.metrics[i];
                r.defaults = defaults;
                r.note = note;
                r.hasMeasured = c->hasMeasured[i];
                r.measured = c->measured[i];
                r.hasRegime = c->resolved.gpu != nullptr && c->row.engine != nullptr;
                if (r.hasRegime) {
                    constexpr BandMetric kMetrics[kInferenceMetricCount] = {
                        BandMetric::ServingThroughput, BandMetric::ServingTtft, BandMetric::ServingTpot};
                    r.regime = regimeKey(kMetrics[i], *c->resolved.gpu, static_cast<int>(c->row.engine->engine),
                                         c->resolved.shape.moeLayers > 0);
                }
            }
            report.rows.push_back(std::move(r));
        }
    }
    return report;
}

} // namespace gpuplan
