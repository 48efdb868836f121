// SPDX-License-Identifier: GPL-3.0-or-later
// Inference validation: every row of an inference CSV predicted from its configuration columns
// (validate/InferenceRowPlan.h), one report row per id and metric the configuration implies.
#include "validate/Validators.h"

#include "validate/InferenceCases.h"

namespace gpuplan {

ValidationReport validateInference(const CsvTable &table, const Catalog &catalog)
{
    ValidationReport report;
    report.kind = "inference";
    for (const auto &c : loadInferenceCases(table, catalog)) {
        if (c->metrics == 0) {   // output_len unusable: the metrics are unknown
            report.rows.push_back({c->id, "", "", 0, false, 0, c->skipped});
            continue;
        }
        std::array<double, kInferenceMetricCount> predicted{};
        if (c->skipped.empty())
            predicted = predictInferenceCase(*c, *c->row.engine);
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
                r.predicted = predicted[i];
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
