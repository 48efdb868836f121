// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"

#include <string_view>

// The rule that sorts a catalog citation into primary and secondary sources (docs/catalogs.md,
// "Primary and secondary sources"). It is stated as kinds of source and hosts, not as a list of
// the citations in the bundled files, so that a new figure is judged by the same rule.
// Not on the evaluation path: the catalog tests and `gpuplan-cli catalog` use it.
namespace gpuplan {

// Primary: every citation of the source (the parts separated by ';' outside parentheses, less
// pointers to gpuplan's own docs/) is of a primary kind (the vendor's or the cloud's own page
// or document, a paper, a model's own config, a public measurement record, a standard, gpuplan's
// fits on the bundled validation data or its own stated presets) and names no third party.
bool isPrimarySource(std::string_view source);

// A citation names a third party: a host other than the vendors', the clouds' and the public
// repositories' (github.com, huggingface.co, arxiv.org), a page on any host that is of no primary
// kind (a repository that is neither the vendor's nor a measurement), or says that it relays the
// original (a copy, a quote, a blog, an aggregator, a reseller, ...).
bool namesThirdParty(std::string_view source);

// What the provenance of one figure is, in the words the catalog views use.
enum class SourceKind { Primary, Secondary, Estimate, Unclassified };

// Estimate wins (the figure is not the source's own), then the secondary flag, then the rule;
// Unclassified: a published figure whose source is neither primary by the rule nor flagged.
SourceKind sourceKindOf(const Provenance &p);

} // namespace gpuplan
