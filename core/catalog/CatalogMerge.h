// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <string_view>
#include <vector>

// The steps of catalog loading below the public API (CatalogLoader.h): one file's text to a
// checked document, and the documents of one layer (bundled or user) merged into a catalog.
namespace gpuplan {

// Kinds in the order they are applied within one layer (bundled, then user): efficiency
// parameters attach to GPUs, so they come after every file's GPUs whatever the file names.
enum class CatalogKind { Gpus, Nodes, Fabrics, Clouds, Models, Engines, StorageTiers, GpuEfficiency, ApiPrices, ErrorBands, Count };
inline constexpr const char *kCatalogKindNames[] = {"gpus",   "nodes",   "fabrics",       "clouds",        "models",
                                                    "engines", "storage_tiers", "gpu_efficiency", "api_prices",
                                                    "error_bands"};
static_assert(std::size(kCatalogKindNames) == static_cast<std::size_t>(CatalogKind::Count));

struct CatalogDocument
{
    std::string file;
    nlohmann::json json;
};

// Text -> document with the format, version and limit checks; false (and one issue) when the
// file is unusable.
bool parseCatalogDocument(std::string_view text, const std::string &file, CatalogDocument &out,
                          std::vector<CatalogIssue> &issues);

// Per-layer state shared by the documents of the layer.
struct CatalogMergeContext
{
    std::vector<CatalogIssue> &issues;
    bool userLayer = false;                       // entries without a source get "user catalog <file>"
    std::map<std::string, std::string> *origins;  // "kind/id" -> file that last defined it (may be null)
};

// Applies the documents of one layer kind by kind, each kind in file order.
void mergeCatalogLayer(Catalog &catalog, const std::vector<CatalogDocument> &docs, CatalogMergeContext &ctx);

// The file name without its folder.
std::string catalogBaseName(const std::string &path);

} // namespace gpuplan
