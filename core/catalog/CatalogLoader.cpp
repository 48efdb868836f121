// SPDX-License-Identifier: GPL-3.0-or-later
// Loading catalog files: document checks (format, version, limits), id/alias handling, the
// override-by-id merge and provenance defaults. The fields of each kind are read in
// CatalogHardwareJson.cpp and CatalogOtherJson.cpp; the format is documented in docs/catalogs.md.
#include "catalog/CatalogLoader.h"

#include "catalog/CatalogKinds.h"
#include "catalog/EmbeddedCatalogs.h"
#include "common/TextFile.h"
#include "plan/PlanIo.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <unordered_map>

namespace gpuplan {

namespace {

using Json = nlohmann::json;

// Kinds in the order they are applied within one layer (bundled, then user): efficiency
// parameters attach to GPUs, so they come after every file's GPUs whatever the file names.
enum class Kind { Gpus, Nodes, Fabrics, Clouds, Models, Engines, StorageTiers, GpuEfficiency, Count };
const char *const kKindNames[] = {"gpus",   "nodes",   "fabrics",       "clouds",
                                  "models", "engines", "storage_tiers", "gpu_efficiency"};
static_assert(std::size(kKindNames) == static_cast<std::size_t>(Kind::Count));

struct Document
{
    std::string file;
    Json json;
};

// Per-layer state shared by the documents of the layer.
struct MergeContext
{
    std::vector<CatalogIssue> &issues;
    bool userLayer = false;                       // entries without a source get "user catalog <file>"
    std::map<std::string, std::string> *origins;  // "kind/id" -> file that last defined it (may be null)
};

std::string baseName(const std::string &path)
{
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

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

bool parseDocument(std::string_view text, const std::string &file, Document &out, std::vector<CatalogIssue> &issues)
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
        if (std::find(std::begin(kKindNames), std::end(kKindNames), it.key()) == std::end(kKindNames)) {
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

Provenance entryDefaults(const Json &entry, const std::string &file, bool userLayer, EntryError &error)
{
    Provenance p;
    for (const char *key : {"source", "date", "note"}) {
        auto it = entry.find(key);
        if (it == entry.end())
            continue;
        if (!it->is_string()) {
            error = {key, "expected text, found " + catalogJsonTypeName(*it)};
            return p;
        }
        (key == std::string("source") ? p.source : key == std::string("date") ? p.date : p.note) = it->get<std::string>();
    }
    if (auto it = entry.find("estimate"); it != entry.end()) {
        if (!it->is_boolean())
            error = {"estimate", "expected true or false, found " + catalogJsonTypeName(*it)};
        else
            p.estimate = it->get<bool>();
    }
    if (p.source.empty() && userLayer)
        p.source = "user catalog " + baseName(file);
    return p;
}

// Normalized id and alias keys of one kind's entries -> index; aliases flagged.
struct KeyIndex
{
    std::unordered_map<std::string, std::pair<std::size_t, bool>> keys;   // key -> (index, isAlias)

    template <typename T>
    explicit KeyIndex(const std::vector<T> &items)
    {
        for (std::size_t i = 0; i < items.size(); ++i)
            add(items[i], i);
    }
    template <typename T>
    void add(const T &item, std::size_t i)
    {
        keys.insert({catalogKey(item.id), {i, false}});
        for (const std::string &a : item.aliases)
            keys.insert({catalogKey(a), {i, true}});
    }
    const std::pair<std::size_t, bool> *find(const std::string &key) const
    {
        auto it = keys.find(key);
        return it == keys.end() ? nullptr : &it->second;
    }
};

bool readEntryId(const Json &entry, std::size_t index, std::string &id, CatalogIssue &issue)
{
    issue.entry = "#" + std::to_string(index + 1);
    if (!entry.is_object()) {
        issue.message = "expected an object, found " + catalogJsonTypeName(entry);
        return false;
    }
    auto it = entry.find("id");
    if (it == entry.end() || !it->is_string() || catalogKey(it->get<std::string>()).empty() ||
        it->get_ref<const std::string &>().size() > 100) {
        issue.field = "id";
        issue.message = "expected an id (text of 1 to 100 characters with a letter or digit), found " +
                        (it == entry.end() ? std::string("none") : catalogJsonTypeName(*it));
        return false;
    }
    id = it->get<std::string>();
    issue.entry = id;
    return true;
}

// Reads "aliases": a new entry takes the list, an override adds to it. An alias that names a
// different entry would make lookups ambiguous and is refused; one that only repeats a name of
// the entry itself (same normalized key) is dropped.
bool mergeAliases(const Json &entry, const KeyIndex &index, std::size_t self, const std::string &id,
                  std::vector<std::string> &aliases, EntryError &error)
{
    auto it = entry.find("aliases");
    if (it == entry.end())
        return true;
    if (!it->is_array()) {
        error = {"aliases", "expected a list of names, found " + catalogJsonTypeName(*it)};
        return false;
    }
    for (const Json &a : *it) {
        if (!a.is_string() || catalogKey(a.get_ref<const std::string &>()).empty() ||
            a.get_ref<const std::string &>().size() > 100) {
            error = {"aliases", "expected names of 1 to 100 characters, found " + catalogJsonTypeName(a)};
            return false;
        }
        const std::string &name = a.get_ref<const std::string &>();
        if (const auto *hit = index.find(catalogKey(name)); hit && hit->first != self) {
            error = {"aliases", "\"" + name + "\" already names another entry"};
            return false;
        }
        const std::string key = catalogKey(name);
        const bool known = key == catalogKey(id) ||
                           std::any_of(aliases.begin(), aliases.end(),
                                       [&](const std::string &a) { return catalogKey(a) == key; });
        if (!known)
            aliases.push_back(name);
    }
    return true;
}

template <typename T, typename Read>
void mergeList(std::vector<T> &items, Kind kind, const Json &list, const std::string &file, MergeContext &ctx,
               Read read)
{
    KeyIndex index(items);
    std::set<std::string> seenInFile;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json &entry = list[i];
        CatalogIssue issue{file, "", "", ""};
        std::string id;
        if (!readEntryId(entry, i, id, issue)) {
            ctx.issues.push_back(issue);
            continue;
        }
        const std::string key = catalogKey(id);
        if (!seenInFile.insert(key).second) {
            ctx.issues.push_back({file, id, "id", "expected each id once per file, found it again; entry skipped"});
            continue;
        }
        const auto *hit = index.find(key);
        if (hit && hit->second) {
            ctx.issues.push_back({file, id, "id",
                                  "\"" + id + "\" is an alias of \"" + items[hit->first].id +
                                      "\"; use that id to override it, or choose another id for a new entry; entry skipped"});
            continue;
        }
        const bool isNew = hit == nullptr;
        const std::size_t self = isNew ? items.size() : hit->first;
        T item = isNew ? T{} : items[self];
        if (isNew)
            item.id = id;
        EntryError error;
        const Provenance defaults = entryDefaults(entry, file, ctx.userLayer, error);
        bool ok = error.field.empty() && mergeAliases(entry, index, self, item.id, item.aliases, error);
        if (ok) {
            CatalogEntryReader reader(entry, defaults, item.sources, isNew);
            if constexpr (requires { item.name; }) {
                ok = reader.label("name", item.name);
                if (ok && item.name.empty())
                    item.name = item.id;
            }
            ok = ok && read(reader, item);
            if (!ok)
                error = reader.error();
        }
        if (!ok) {
            ctx.issues.push_back({file, id, error.field, error.message + "; entry skipped"});
            continue;
        }
        if (ctx.origins)
            (*ctx.origins)[std::string(kKindNames[static_cast<int>(kind)]) + "/" + item.id] = file;
        if (isNew) {
            index.add(item, self);
            items.push_back(std::move(item));
        } else {
            items[self] = std::move(item);
        }
    }
}

// gpu_efficiency entries name a GPU ("gpu": id or alias) and merge into its fitted parameters.
void mergeEfficiency(Catalog &catalog, const Json &list, const std::string &file, MergeContext &ctx)
{
    std::set<std::string> seenInFile;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json &entry = list[i];
        const std::string label = "#" + std::to_string(i + 1);
        auto gpuIt = entry.is_object() ? entry.find("gpu") : entry.end();
        if (!entry.is_object() || gpuIt == entry.end() || !gpuIt->is_string()) {
            ctx.issues.push_back({file, label, "gpu", "expected an object naming its GPU (\"gpu\": id), found " +
                                                          catalogJsonTypeName(entry.is_object() && gpuIt != entry.end()
                                                                                  ? *gpuIt : entry)});
            continue;
        }
        const std::string name = gpuIt->get<std::string>();
        const GpuSpec *found = catalog.findGpu(name);
        if (!found) {
            ctx.issues.push_back({file, name, "gpu", "expected a GPU id or alias of the catalog, found \"" + name +
                                                         "\"; entry skipped"});
            continue;
        }
        if (!seenInFile.insert(found->id).second) {
            ctx.issues.push_back({file, name, "gpu", "expected each GPU once per file, found it again; entry skipped"});
            continue;
        }
        GpuSpec &gpu = catalog.gpus[static_cast<std::size_t>(found - catalog.gpus.data())];
        EntryError error;
        const Provenance defaults = entryDefaults(entry, file, ctx.userLayer, error);
        GpuEfficiency efficiency = gpu.efficiency;
        ProvenanceMap sources = gpu.sources;
        CatalogEntryReader reader(entry, defaults, sources, false);
        reader.take("gpu");
        if (error.field.empty() && parseGpuEfficiency(entry, efficiency, error) && reader.recordRemaining("efficiency.")) {
            gpu.efficiency = efficiency;
            gpu.sources = std::move(sources);
            continue;
        }
        if (error.field.empty())
            error = reader.error();
        ctx.issues.push_back({file, name, error.field, error.message + "; entry skipped"});
    }
}

void mergeKind(Catalog &catalog, Kind kind, const Document &doc, MergeContext &ctx)
{
    auto it = doc.json.find(kKindNames[static_cast<int>(kind)]);
    if (it == doc.json.end())
        return;
    if (!it->is_array()) {
        ctx.issues.push_back({doc.file, "", it.key(), "expected a list of entries, found " + catalogJsonTypeName(*it)});
        return;
    }
    const Json &list = *it;
    switch (kind) {
    case Kind::Gpus: mergeList(catalog.gpus, kind, list, doc.file, ctx, readGpuEntry); break;
    case Kind::Nodes: mergeList(catalog.nodes, kind, list, doc.file, ctx, readNodeEntry); break;
    case Kind::Fabrics: mergeList(catalog.fabrics, kind, list, doc.file, ctx, readFabricEntry); break;
    case Kind::Clouds: mergeList(catalog.clouds, kind, list, doc.file, ctx, readCloudEntry); break;
    case Kind::Models: mergeList(catalog.models, kind, list, doc.file, ctx, readModelEntry); break;
    case Kind::Engines: mergeList(catalog.engines, kind, list, doc.file, ctx, readEngineEntry); break;
    case Kind::StorageTiers: mergeList(catalog.storageTiers, kind, list, doc.file, ctx, readStorageTierEntry); break;
    case Kind::GpuEfficiency: mergeEfficiency(catalog, list, doc.file, ctx); break;
    case Kind::Count: break;
    }
}

// Applies the documents of one layer kind by kind, each kind in file order.
void mergeLayer(Catalog &catalog, const std::vector<Document> &docs, MergeContext &ctx)
{
    for (int k = 0; k < static_cast<int>(Kind::Count); ++k) {
        for (const Document &doc : docs)
            mergeKind(catalog, static_cast<Kind>(k), doc, ctx);
    }
}

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
        return baseName(a) < baseName(b);
    });
    return files;
}

std::vector<Document> readFolder(const std::string &dir, bool mustExist, std::vector<CatalogIssue> &issues)
{
    std::vector<Document> docs;
    for (const std::string &path : jsonFilesIn(dir, mustExist, issues)) {
        std::string text, error;
        if (!readTextFile(path, kMaxPlanFileBytes, text, error)) {
            issues.push_back({path, "", "", error.starts_with(path + ": ") ? error.substr(path.size() + 2) : error});
            continue;
        }
        Document doc;
        if (parseDocument(text, path, doc, issues))
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
    std::vector<Document> bundled;
    if (sources.bundledDir.empty()) {
        for (const EmbeddedFile &f : embeddedCatalogFiles()) {
            Document doc;
            if (parseDocument(std::string_view(f.data, f.size), f.name, doc, issues))
                bundled.push_back(std::move(doc));
        }
    } else {
        bundled = readFolder(sources.bundledDir, true, issues);
    }
    MergeContext bundledCtx{issues, false, &origins};
    mergeLayer(catalog, bundled, bundledCtx);
    if (sources.loadUser && !sources.userDir.empty()) {
        MergeContext userCtx{issues, true, &origins};
        mergeLayer(catalog, readFolder(sources.userDir, false, issues), userCtx);
    }
    checkReferences(catalog, origins, issues);
    return catalog;
}

void mergeCatalogText(Catalog &catalog, std::string_view text, const std::string &fileName,
                      std::vector<CatalogIssue> &issues)
{
    Document doc;
    if (!parseDocument(text, fileName, doc, issues))
        return;
    MergeContext ctx{issues, true, nullptr};
    mergeLayer(catalog, {doc}, ctx);
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
