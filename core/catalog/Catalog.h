// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/ApiPriceSpec.h"
#include "catalog/CloudOffer.h"
#include "catalog/EnginePreset.h"
#include "catalog/ErrorBand.h"
#include "catalog/FabricSpec.h"
#include "catalog/GpuSpec.h"
#include "catalog/ModelPreset.h"
#include "catalog/NodeSpec.h"
#include "catalog/StorageTierSpec.h"
#include "plan/ModelPresetLookup.h"

#include <string>
#include <string_view>
#include <vector>

namespace gpuplan {

// One problem found while loading catalog files. Loading goes on: the entry is skipped (or the
// field left at its default, for optional fields) and the rest still loads.
struct CatalogIssue
{
    std::string file;       // file path or bundled file name
    std::string entry;      // entry id (or "#index" when it has none)
    std::string field;      // field name; empty for whole-file problems
    std::string message;    // what is wrong: expected vs found
    std::string text() const;   // "file: entry 'x', field 'y': message"
};

// The bundled catalogs plus the user's own entries. A user entry with the id of a bundled one
// replaces it (a negotiated price, a corrected figure); other entries are added.
class Catalog final : public ModelPresetLookup
{
public:
    std::vector<GpuSpec> gpus;
    std::vector<NodeSpec> nodes;
    std::vector<FabricSpec> fabrics;
    std::vector<CloudOffer> clouds;
    std::vector<ModelPreset> models;
    std::vector<EnginePreset> engines;
    std::vector<StorageTierSpec> storageTiers;
    std::vector<ApiPrice> apiPrices;
    std::vector<ErrorBandEntry> errorBands;   // validation error per regime (catalog/ErrorBand.h)

    // Lookups by id or alias; case, '-', '_', ' ' and '.' are ignored ("h100 sxm 80gb" finds
    // "H100-SXM-80GB"). nullptr when unknown. A GPU is also found by the name the driver reports
    // or a vendor's table prints: without the vendor ("NVIDIA", "AMD", "Intel"), the memory type
    // ("HBM3", "HBM3e") and the rack it sits in ("NVL72", "NVL36"), and a Grace-Blackwell
    // superchip's GPU as aiconfigurator's "gb200_sxm" names it ("NVIDIA H100 80GB HBM3" is
    // H100-SXM-80GB by its alias "H100 80GB"; "GB200 NVL72" is GB200-186GB).
    const GpuSpec *findGpu(std::string_view name) const;
    const NodeSpec *findNode(std::string_view name) const;
    const FabricSpec *findFabric(std::string_view name) const;
    const CloudOffer *findCloud(std::string_view name) const;
    const ModelPreset *findModel(std::string_view name) const;
    const EnginePreset *findEngine(std::string_view name) const;
    const StorageTierSpec *findStorageTier(std::string_view name) const;
    const ApiPrice *findApiPrice(std::string_view name) const;

    // Plan reading's view of the models: presetArchitecture() of the preset named.
    bool findModelPreset(std::string_view name, ModelArch &arch, std::string &id) const override;

    // Offers for one GPU, cheapest on-demand first.
    std::vector<const CloudOffer *> offersFor(const GpuSpec &gpu) const;
};

// Normalized key used for id/alias matching.
std::string catalogKey(std::string_view name);

} // namespace gpuplan
