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

const CatalogField<B> kErrorBandFields[] = {
    // The regime's words (metric, GPU class, framework or engine, model kind) are checked against
    // the key's own word lists (catalog/ErrorBand.cpp) once the entry is read, so they stand in one
    // place; the framework against the metric's enumeration.
    {.key = "metric", .type = F::Text, .required = true, .maxLength = 40, .text = &B::metricName},
    {.key = "gpu_class", .type = F::Text, .required = true, .maxLength = 40, .text = &B::gpuClassName},
    {.key = "framework", .type = F::Text, .required = true, .maxLength = 40, .text = &B::frameworkName},
    {.key = "model_kind", .type = F::Text, .required = true, .maxLength = 40, .text = &B::modelKindName},
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
