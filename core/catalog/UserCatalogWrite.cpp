// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/UserCatalogWrite.h"

#include "catalog/CatalogLoader.h"
#include "common/JsonText.h"
#include "common/TextFile.h"

#include <filesystem>
#include <fstream>

namespace gpuplan {

namespace fs = std::filesystem;
using OrderedJson = nlohmann::ordered_json;

bool writeUserCatalogEntry(const std::string &userDir, const std::string &kind, const OrderedJson &entry,
                           UserCatalogWrite &result, std::string &error)
{
    result = {};
    if (userDir.empty()) {
        error = "no user catalog folder (set GPUPLAN_USER_CATALOG_DIR or HOME)";
        return false;
    }
    if (!entry.is_object() || !entry.contains("id") || !entry["id"].is_string() || entry["id"].get<std::string>().empty()) {
        error = "the entry has no id";
        return false;
    }
    const std::string id = entry["id"].get<std::string>();
    const fs::path path = fs::path(userDir) / kUserCatalogFileName;
    result.file = path.string();
    std::error_code ec;
    OrderedJson doc = {{"format", kCatalogFormatName}, {"version", kCatalogFormatVersion}};
    if (fs::exists(path, ec)) {
        std::string text;
        if (!readTextFile(path.string(), kMaxJsonFileBytes, text, error)) {
            error += "; nothing was written";
            return false;
        }
        doc = OrderedJson::parse(text, nullptr, false);
        if (doc.is_discarded() || !doc.is_object() || doc.value("format", std::string()) != kCatalogFormatName) {
            error = path.string() + ": not a gpuplan catalog file; fix or move it first. Nothing was written.";
            return false;
        }
    }
    OrderedJson &items = doc[kind];
    if (items.is_null())
        items = OrderedJson::array();
    if (!items.is_array()) {
        error = path.string() + ": \"" + kind + "\" is not a list; nothing was written";
        return false;
    }
    bool replaced = false;
    for (OrderedJson &e : items) {
        if (e.is_object() && e.value("id", std::string()) == id) {
            e = entry;
            replaced = true;
        }
    }
    if (!replaced)
        items.push_back(entry);
    const std::string text = doc.dump(2) + "\n";

    // The folder as it would load with the new file: the entry must load without a problem.
    std::vector<CatalogIssue> issues;
    Catalog probe = loadCatalog({"", userDir, true}, issues);
    issues.clear();
    mergeCatalogText(probe, text, path.string(), issues);
    for (const CatalogIssue &i : issues) {
        if (i.entry.empty() || i.entry == id) {
            error = i.text() + "; nothing was written";
            return false;
        }
    }
    fs::create_directories(userDir, ec);
    if (ec) {
        error = "cannot create " + userDir + ": " + ec.message() + "; nothing was written";
        return false;
    }
    const fs::path tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        out.flush();
        if (!out) {
            fs::remove(tmp, ec);
            error = "cannot write " + tmp.string() + "; nothing was written";
            return false;
        }
    }
    fs::rename(tmp, path, ec);
    if (ec) {
        const std::string why = ec.message();
        fs::remove(tmp, ec);
        error = "cannot replace " + path.string() + ": " + why + "; nothing was written";
        return false;
    }
    result.replaced = replaced;
    return true;
}

} // namespace gpuplan
