// SPDX-License-Identifier: GPL-3.0-or-later
// INTERIM: replaced by the catalog loader.
#include "catalog/CatalogLoader.h"

#include "catalog/EmbeddedCatalogs.h"

#include <cstdlib>

namespace gpuplan {

Catalog loadCatalog(const CatalogSources &, std::vector<CatalogIssue> &)
{
    return {};
}

void mergeCatalogText(Catalog &, std::string_view, const std::string &, std::vector<CatalogIssue> &)
{
}

std::string defaultUserCatalogDir()
{
    return {};
}

const Catalog &bundledCatalog()
{
    static const Catalog c;
    return c;
}

} // namespace gpuplan
