// SPDX-License-Identifier: GPL-3.0-or-later
// Merging catalog documents: id and alias handling, the override-by-id rule, provenance defaults
// and the efficiency entries that attach to GPUs. The fields of each kind are read in
// CatalogHardwareJson.cpp and CatalogOtherJson.cpp.
#include "catalog/CatalogMerge.h"

#include "catalog/CatalogKinds.h"

#include <algorithm>
#include <set>
#include <unordered_map>

namespace gpuplan {

namespace {

using Json = nlohmann::json;
using Kind = CatalogKind;

Provenance entryDefaults(const Json &entry, const std::string &file, bool userLayer, EntryError &error)
{
    Provenance p;
    const std::pair<const char *, std::string Provenance::*> texts[] = {
        {"source", &Provenance::source}, {"date", &Provenance::date}, {"note", &Provenance::note}};
    for (const auto &[key, member] : texts) {
        auto it = entry.find(key);
        if (it == entry.end())
            continue;
        if (!it->is_string()) {
            error = {key, "expected text, found " + catalogJsonTypeName(*it)};
            return p;
        }
        p.*member = it->get<std::string>();
    }
    const std::pair<const char *, bool Provenance::*> flags[] = {{"estimate", &Provenance::estimate},
                                                                 {"secondary", &Provenance::secondary}};
    for (const auto &[key, member] : flags) {
        auto it = entry.find(key);
        if (it == entry.end())
            continue;
        if (!it->is_boolean())
            error = {key, "expected true or false, found " + catalogJsonTypeName(*it)};
        else
            p.*member = it->get<bool>();
    }
    if (p.source.empty() && userLayer)
        p.source = "user catalog " + catalogBaseName(file);
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
        const std::string key = catalogKey(name);
        if (const auto *hit = index.find(key); hit && hit->first != self) {
            error = {"aliases", "\"" + name + "\" already names another entry"};
            return false;
        }
        const bool known = key == catalogKey(id) ||
                           std::any_of(aliases.begin(), aliases.end(),
                                       [&](const std::string &a) { return catalogKey(a) == key; });
        if (!known)
            aliases.push_back(name);
    }
    return true;
}

template <typename T, typename Read>
void mergeList(std::vector<T> &items, Kind kind, const Json &list, const std::string &file, CatalogMergeContext &ctx,
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
            (*ctx.origins)[std::string(kCatalogKindNames[static_cast<int>(kind)]) + "/" + item.id] = file;
        index.add(item, self);   // a new entry, or aliases an override added
        if (isNew)
            items.push_back(std::move(item));
        else
            items[self] = std::move(item);
    }
}

// gpu_efficiency entries name a GPU ("gpu": id or alias) and merge into its fitted parameters.
void mergeEfficiency(Catalog &catalog, const Json &list, const std::string &file, CatalogMergeContext &ctx)
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

void mergeKind(Catalog &catalog, Kind kind, const CatalogDocument &doc, CatalogMergeContext &ctx)
{
    auto it = doc.json.find(kCatalogKindNames[static_cast<int>(kind)]);
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
    case Kind::ApiPrices: mergeList(catalog.apiPrices, kind, list, doc.file, ctx, readApiPriceEntry); break;
    case Kind::ErrorBands: mergeList(catalog.errorBands, kind, list, doc.file, ctx, readErrorBandEntry); break;
    case Kind::Count: break;
    }
}

} // namespace

void mergeCatalogLayer(Catalog &catalog, const std::vector<CatalogDocument> &docs, CatalogMergeContext &ctx)
{
    for (int k = 0; k < static_cast<int>(Kind::Count); ++k) {
        for (const CatalogDocument &doc : docs)
            mergeKind(catalog, static_cast<Kind>(k), doc, ctx);
    }
}

} // namespace gpuplan

