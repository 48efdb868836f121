// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

// Loading the catalogs: the bundled files (compiled in, or a directory) and then the user's own
// folder. Each file is a JSON object {"format": "gpuplan-catalog", "version": 1, "<kind>": [...]}
// with kind one of gpus, nodes, fabrics, clouds, models, engines, storage_tiers, gpu_efficiency
// (docs/catalogs.md). A bad file is reported once and the other files still load; a bad entry is
// reported (file, entry, field) and skipped, and the rest loads. A user entry whose id matches an
// existing entry changes only the fields it gives; a new id must be complete.
namespace gpuplan {

inline constexpr const char *kCatalogFormatName = "gpuplan-catalog";
inline constexpr int kCatalogFormatVersion = 1;
inline constexpr std::size_t kMaxCatalogEntriesPerFile = 100000;
// File size (16 MiB) and JSON nesting (32) limits are those of plan files (plan/PlanIo.h).

struct CatalogSources
{
    std::string bundledDir;     // empty = the copies compiled into the binary
    std::string userDir;        // empty = none; see defaultUserCatalogDir()
    bool loadUser = true;
};

Catalog loadCatalog(const CatalogSources &sources, std::vector<CatalogIssue> &issues);

// Adds (or overrides by id) the entries of one catalog document, with the rules of a user file:
// an entry without "source" is attributed to "user catalog <file name>".
void mergeCatalogText(Catalog &catalog, std::string_view text, const std::string &fileName,
                      std::vector<CatalogIssue> &issues);

// $GPUPLAN_USER_CATALOG_DIR, else $XDG_CONFIG_HOME/gpuplan/catalogs, else ~/.config/gpuplan/catalogs.
std::string defaultUserCatalogDir();

// The bundled catalog alone, loaded once (tests, benchmarks, validation).
const Catalog &bundledCatalog();

} // namespace gpuplan
