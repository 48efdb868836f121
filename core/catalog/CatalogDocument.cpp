// SPDX-License-Identifier: GPL-3.0-or-later
// One catalog file's text to a checked document: size and nesting limits, JSON syntax, format,
// version, known kinds and the entry limit (docs/catalogs.md, "Limits" and "Errors").
#include "catalog/CatalogMerge.h"

#include "catalog/CatalogEntryReader.h"
#include "catalog/CatalogLoader.h"
#include "common/JsonText.h"

#include <algorithm>

namespace gpuplan {

namespace {

using Json = nlohmann::json;

// JSON text -> document, with the size and nesting limits shared with plan files.
bool parseCatalogJson(std::string_view text, const std::string &file, Json &out, std::vector<CatalogIssue> &issues)
{
    std::string error;
    if (!parseLimitedJson(text, out, error)) {
        issues.push_back({file, "", "", error});
        return false;
    }
    return true;
}

} // namespace

std::string catalogBaseName(const std::string &path)
{
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}


bool parseCatalogDocument(std::string_view text, const std::string &file, CatalogDocument &out, std::vector<CatalogIssue> &issues)
{
    out.file = file;
    if (!parseCatalogJson(text, file, out.json, issues))
        return false;
    const Json &doc = out.json;
    auto fail = [&](const std::string &field, const std::string &message) {
        issues.push_back({file, "", field, message});
        return false;
    };
    if (!doc.is_object())
        return fail("", "expected a JSON object {\"format\": \"" + std::string(kCatalogFormatName) +
                            "\", ...}, found " + catalogJsonTypeName(doc));
    auto format = doc.find("format");
    if (format == doc.end() || !format->is_string() || format->get<std::string>() != kCatalogFormatName)
        return fail("format", "expected \"" + std::string(kCatalogFormatName) + "\", found " +
                                  (format == doc.end() ? std::string("none") : format->dump()));
    auto version = doc.find("version");
    if (version == doc.end() || !version->is_number_integer())
        return fail("version", "expected the format version as an integer (this build reads " +
                                   std::to_string(kCatalogFormatVersion) + ")");
    const long long v = version->get<long long>();
    if (v > kCatalogFormatVersion)
        return fail("version", "the file is written for a newer gpuplan (catalog format version " + std::to_string(v) +
                                   "); this build reads version " + std::to_string(kCatalogFormatVersion));
    if (v < 1)
        return fail("version", "catalog format version " + std::to_string(v) + " does not exist");
    std::size_t entries = 0;
    for (auto it = doc.begin(); it != doc.end(); ++it) {
        if (it.key() == "format" || it.key() == "version" || it.key() == "note")
            continue;
        if (std::find(std::begin(kCatalogKindNames), std::end(kCatalogKindNames), it.key()) == std::end(kCatalogKindNames)) {
            // Reported, but the kinds the file does hold still load.
            issues.push_back({file, "", it.key(), "unknown catalog kind; expected gpus, nodes, fabrics, clouds, models, "
                                                  "engines, storage_tiers, gpu_efficiency, api_prices or error_bands"});
            continue;
        }
        if (it->is_array())
            entries += it->size();
    }
    if (entries > kMaxCatalogEntriesPerFile)
        return fail("", "file holds " + std::to_string(entries) + " entries; at most " +
                            std::to_string(kMaxCatalogEntriesPerFile) + " are allowed");
    return true;
}

} // namespace gpuplan
