// SPDX-License-Identifier: GPL-3.0-or-later
// One catalog file's text to a checked document: size and nesting limits, JSON syntax, format,
// version, known kinds and the entry limit (docs/catalogs.md, "Limits" and "Errors").
#include "catalog/CatalogMerge.h"

#include "catalog/CatalogEntryReader.h"
#include "catalog/CatalogLoader.h"
#include "plan/PlanIo.h"

#include <algorithm>

namespace gpuplan {

namespace {

using Json = nlohmann::json;

// Deepest nesting of objects and arrays, counted on the text (strings skipped) so the limit holds
// before parsing. Not parseJsonText's parse callback: nlohmann's callback parser takes time
// quadratic in the number of values, about 25 s for a file at the 100,000-entry limit.
int jsonNestingDepth(std::string_view text)
{
    int depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            deepest = std::max(deepest, ++depth);
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return deepest;
}

std::string lineAndColumn(std::string_view text, std::size_t byte)
{
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        column = text[i] == '\n' ? 1 : column + 1;
        line += text[i] == '\n' ? 1 : 0;
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// JSON text -> document, with the size and nesting limits of plan files (plan/PlanIo.h).
bool parseCatalogJson(std::string_view text, const std::string &file, Json &out, std::vector<CatalogIssue> &issues)
{
    if (text.size() > kMaxPlanFileBytes) {
        issues.push_back({file, "", "", "file of " + std::to_string(text.size()) + " bytes exceeds the " +
                                            std::to_string(kMaxPlanFileBytes / (1024 * 1024)) + " MiB limit"});
        return false;
    }
    if (jsonNestingDepth(text) > kMaxJsonDepth) {
        issues.push_back({file, "", "", "JSON nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels"});
        return false;
    }
    try {
        out = Json::parse(text);
    } catch (const Json::parse_error &e) {
        // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..." -> the
        // explanation after the position, which is given again in the message's own words.
        std::string what = e.what();
        const std::size_t column = what.find("column");
        const std::size_t colon = what.find(": ", column == std::string::npos ? 0 : column);
        what = colon != std::string::npos ? what.substr(colon + 2) : what;
        issues.push_back({file, "", "", "not valid JSON at " + lineAndColumn(text, e.byte > 0 ? e.byte - 1 : 0) + ": " + what});
        return false;
    } catch (const Json::exception &e) {
        // e.g. a number too large for a double ("number overflow parsing '1e999'")
        std::string what = e.what();
        const std::size_t bracket = what.find("] ");
        issues.push_back({file, "", "", "not a usable JSON document: " + (bracket != std::string::npos ? what.substr(bracket + 2) : what)});
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
                                                  "engines, storage_tiers or gpu_efficiency"});
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
