// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <map>
#include <string>

namespace gpuplan {

// Where one catalog figure comes from. Every figure in catalogs/*.json carries one.
struct Provenance
{
    std::string source;     // citation: document, URL, repository path at a commit
    std::string date;       // date of the figure or price (YYYY, YYYY-MM or YYYY-MM-DD; free text allowed)
    bool estimate = false;  // ESTIMATE / third-party / derived: shown with a marker
    // The source is a third party's report of the figure (a blog, reseller, news site, wiki or
    // aggregator), not the vendor's or the cloud's own page, a paper or a measurement record:
    // shown as "secondary source". Unlike estimate it changes no result (docs/catalogs.md).
    bool secondary = false;
    std::string note;       // derivation or caveat
};

// Field name (as in the catalog file) -> provenance.
using ProvenanceMap = std::map<std::string, Provenance>;

} // namespace gpuplan
