// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/CatalogEntryReader.h"
#include "catalog/Catalog.h"
#include "plan/PlanFields.h"

// Field readers of each catalog kind (docs/catalogs.md lists every field, its unit and bounds).
// Each reads the fields given into an entry that already holds either defaults (a new entry) or
// the existing entry (an override), and fails with the first bad field.
namespace gpuplan {

bool readGpuEntry(CatalogEntryReader &r, GpuSpec &gpu);
bool readNodeEntry(CatalogEntryReader &r, NodeSpec &node);
bool readFabricEntry(CatalogEntryReader &r, FabricSpec &fabric);
bool readCloudEntry(CatalogEntryReader &r, CloudOffer &offer);
bool readModelEntry(CatalogEntryReader &r, ModelPreset &model);
bool readEngineEntry(CatalogEntryReader &r, EnginePreset &engine);
bool readStorageTierEntry(CatalogEntryReader &r, StorageTierSpec &tier);
bool readApiPriceEntry(CatalogEntryReader &r, ApiPrice &price);
bool readErrorBandEntry(CatalogEntryReader &r, ErrorBandEntry &band);

// The catalog key of a plan field that a model preset holds ("model.layers" -> "layers"); nullptr
// for model.preset, model.name and fields outside model.*. Also used by the CLI's JSON output.
const char *modelPresetFieldKey(const FieldSpec &field);

} // namespace gpuplan
