// SPDX-License-Identifier: GPL-3.0-or-later
// Loading the catalogs: the bundled files (compiled in, or a folder), then the user's folder,
// then the check of references between kinds. File parsing is in CatalogDocument.cpp, the
// override-by-id merge in CatalogMerge.cpp; the format is documented in docs/catalogs.md.
#include "catalog/CatalogLoader.h"

#include "catalog/CatalogMerge.h"
#include "catalog/EmbeddedCatalogs.h"
#include "common/TextFile.h"
#include "common/JsonText.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>

namespace gpuplan {

namespace {

// *.json files of a folder, sorted by name. A missing user folder is normal (nothing to add).
std::vector<std::string> jsonFilesIn(const std::string &dir, bool mustExist, std::vector<CatalogIssue> &issues)
{
    namespace fs = std::filesystem;
    std::vector<std::string> files;
    std::error_code ec;
    if (!fs::exists(dir, ec)) {
        if (mustExist)
            issues.push_back({dir, "", "", "catalog folder does not exist"});
        return files;
    }
    if (!fs::is_directory(dir, ec)) {
        issues.push_back({dir, "", "", "expected a catalog folder, found a file"});
        return files;
    }
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path &p = it->path();
        if (p.extension() == ".json" && it->is_regular_file(ec))
            files.push_back(p.string());
    }
    if (ec)
        issues.push_back({dir, "", "", "cannot list the folder: " + ec.message()});
    std::sort(files.begin(), files.end(), [](const std::string &a, const std::string &b) {
        return catalogBaseName(a) < catalogBaseName(b);
    });
    return files;
}

// A folder's files together: the parsed documents take several times their text in memory, so a
// folder of many large files is refused by its total before it is read (the bundled catalogs
// are 0.2 MiB). Files beyond the limit are skipped with an issue each.
constexpr std::uintmax_t kMaxCatalogFolderBytes = 32u * 1024u * 1024u;
constexpr std::size_t kMaxCatalogFolderFiles = 256;

std::vector<CatalogDocument> readFolder(const std::string &dir, bool mustExist, std::vector<CatalogIssue> &issues)
{
    std::vector<CatalogDocument> docs;
    std::uintmax_t total = 0;
    std::size_t count = 0;
    for (const std::string &path : jsonFilesIn(dir, mustExist, issues)) {
        std::error_code ec;
        const std::uintmax_t size = std::filesystem::file_size(path, ec);
        if (++count > kMaxCatalogFolderFiles || (!ec && (total += size) > kMaxCatalogFolderBytes)) {
            issues.push_back({path, "", "",
                              "skipped: the folder's catalog files exceed " +
                                  (count > kMaxCatalogFolderFiles
                                       ? std::to_string(kMaxCatalogFolderFiles) + " files"
                                       : std::to_string(kMaxCatalogFolderBytes / (1024 * 1024)) + " MiB together")});
            continue;
        }
        std::string text, error;
        if (!readTextFile(path, kMaxJsonFileBytes, text, error)) {
            issues.push_back({path, "", "", error.starts_with(path + ": ") ? error.substr(path.size() + 2) : error});
            continue;
        }
        CatalogDocument doc;
        if (parseCatalogDocument(text, path, doc, issues))
            docs.push_back(std::move(doc));
    }
    return docs;
}

// References between kinds are checked once everything is loaded; a dangling one is reported
// but the entry stays (a plan can still name the node or fabric explicitly).
void checkReferences(const Catalog &c, const std::map<std::string, std::string> &origins,
                     std::vector<CatalogIssue> &issues)
{
    auto fileOf = [&](const char *kind, const std::string &id) {
        auto it = origins.find(std::string(kind) + "/" + id);
        return it == origins.end() ? std::string("catalog") : it->second;
    };
    for (const GpuSpec &g : c.gpus) {
        if (!g.defaultNode.empty() && !c.findNode(g.defaultNode))
            issues.push_back({fileOf("gpus", g.id), g.id, "default_node", "no node \"" + g.defaultNode + "\" in the catalog"});
    }
    for (const NodeSpec &n : c.nodes) {
        for (const std::string &gpu : n.gpus) {
            if (!c.findGpu(gpu))
                issues.push_back({fileOf("nodes", n.id), n.id, "gpus", "no GPU \"" + gpu + "\" in the catalog"});
        }
        if (!n.defaultFabric.empty() && !c.findFabric(n.defaultFabric))
            issues.push_back({fileOf("nodes", n.id), n.id, "default_fabric",
                              "no fabric \"" + n.defaultFabric + "\" in the catalog"});
    }
    for (const CloudOffer &o : c.clouds) {
        if (!c.findGpu(o.gpu))
            issues.push_back({fileOf("clouds", o.id), o.id, "gpu", "no GPU \"" + o.gpu + "\" in the catalog"});
    }
}

} // namespace

Catalog loadCatalog(const CatalogSources &sources, std::vector<CatalogIssue> &issues)
{
    Catalog catalog;
    std::map<std::string, std::string> origins;
    std::vector<CatalogDocument> bundled;
    if (sources.bundledDir.empty()) {
        for (const EmbeddedFile &f : embeddedCatalogFiles()) {
            CatalogDocument doc;
            if (parseCatalogDocument(std::string_view(f.data, f.size), f.name, doc, issues))
                bundled.push_back(std::move(doc));
        }
    } else {
        bundled = readFolder(sources.bundledDir, true, issues);
    }
    CatalogMergeContext bundledCtx{issues, false, &origins};
    mergeCatalogLayer(catalog, bundled, bundledCtx);
    if (sources.loadUser && !sources.userDir.empty()) {
        CatalogMergeContext userCtx{issues, true, &origins};
        mergeCatalogLayer(catalog, readFolder(sources.userDir, false, issues), userCtx);
    }
    checkReferences(catalog, origins, issues);
    return catalog;
}

void mergeCatalogText(Catalog &catalog, std::string_view text, const std::string &fileName,
                      std::vector<CatalogIssue> &issues)
{
    CatalogDocument doc;
    if (!parseCatalogDocument(text, fileName, doc, issues))
        return;
    CatalogMergeContext ctx{issues, true, nullptr};
    mergeCatalogLayer(catalog, {doc}, ctx);
}

std::string defaultUserCatalogDir()
{
    if (const char *dir = std::getenv("GPUPLAN_USER_CATALOG_DIR"); dir && *dir)
        return dir;
    if (const char *xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::string(xdg) + "/gpuplan/catalogs";
    if (const char *home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.config/gpuplan/catalogs";
    return {};
}

const Catalog &bundledCatalog()
{
    // A function-local static is initialized once, thread-safely (C++11 "magic statics").
    static const Catalog catalog = [] {
        std::vector<CatalogIssue> issues;
        return loadCatalog({"", "", false}, issues);
    }();
    return catalog;
}

} // namespace gpuplan