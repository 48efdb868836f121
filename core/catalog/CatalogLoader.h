// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"

#include <string>
#include <string_view>
#include <vector>

// Loading the catalogs: the bundled files (compiled in, or a directory) and then the user's own
// folder. Each file is a JSON object {"format": "gpuplan-catalog", "version": 1, "<kind>": [...]}
// with kind one of gpus, nodes, fabrics, clouds, models, engines (docs/catalogs.md). A bad entry
// is reported (file, entry, field) and skipped; the rest loads.
namespace gpuplan {

struct CatalogSources
{
    std::string bundledDir;     // empty = the copies compiled into the binary
    std::string userDir;        // empty = none; see defaultUserCatalogDir()
    bool loadUser = true;
};

Catalog loadCatalog(const CatalogSources &sources, std::vector<CatalogIssue> &issues);

// Adds (or replaces by id) the entries of one catalog document.
void mergeCatalogText(Catalog &catalog, std::string_view text, const std::string &fileName,
                      std::vector<CatalogIssue> &issues);

// $GPUPLAN_USER_CATALOG_DIR, else $XDG_CONFIG_HOME/gpuplan/catalogs, else ~/.config/gpuplan/catalogs.
std::string defaultUserCatalogDir();

// The bundled catalog alone, loaded once (tests, benchmarks, validation).
const Catalog &bundledCatalog();

} // namespace gpuplan
