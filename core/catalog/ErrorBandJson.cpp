// SPDX-License-Identifier: GPL-3.0-or-later
// Fields of catalogs/error_bands.json (docs/catalogs.md): the regime as words, its test-half
// mean absolute error and row count, as `gpuplan-cli validate KIND CSV --bands` prints them.
#include "catalog/CatalogEntryReader.h"
#include "catalog/CatalogFields.h"
#include "catalog/CatalogKinds.h"

namespace gpuplan {

namespace {

using B = ErrorBandEntry;
using F = CatalogFieldType;

constexpr const char *kMetricWords[] = {"training_time", "memory", "serving_throughput", "serving_ttft",
                                        "serving_tpot"};
constexpr const char *kGpuClassWords[] = {"any", "fp4", "fp8", "bf16", "older"};
constexpr const char *kModelKindWords[] = {"any", "dense", "moe"};

const CatalogField<B> kErrorBandFields[] = {
    {.key = "metric", .type = F::Word, .required = true, .words = kMetricWords, .text = &B::metricName},
    {.key = "gpu_class", .type = F::Word, .required = true, .words = kGpuClassWords, .text = &B::gpuClassName},
    // A framework (training, memory) or engine (serving) name, or "any"; checked against the
    // metric's enumeration once the entry is read.
    {.key = "framework", .type = F::Text, .required = true, .maxLength = 40, .text = &B::frameworkName},
    {.key = "model_kind", .type = F::Word, .required = true, .words = kModelKindWords, .text = &B::modelKindName},
    {.key = "mape_pct", .min = 0, .max = 1000, .required = true, .number = &B::mapePct},
    {.key = "rows", .type = F::Integer, .min = 0, .max = 1000000, .required = true, .integer = &B::rows},
};

} // namespace

std::span<const CatalogField<ErrorBandEntry>> errorBandFields()
{
    return kErrorBandFields;
}

bool readErrorBandEntry(CatalogEntryReader &r, ErrorBandEntry &band)
{
    if (!requireCatalogFields(r, errorBandFields()) || !readCatalogFields(r, errorBandFields(), band) ||
        !r.rejectUnknownKeys())
        return false;
    std::string field, message;
    return errorBandKeyFromWords(band, field, message) || r.fail(field, message);
}

} // namespace gpuplan
