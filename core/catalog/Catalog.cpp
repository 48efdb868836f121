// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/Catalog.h"

#include <algorithm>
#include <cctype>

namespace gpuplan {

std::string CatalogIssue::text() const
{
    std::string s = file + ": ";
    if (!entry.empty())
        s += "entry '" + entry + "'";
    if (!field.empty())
        s += (entry.empty() ? "field '" : ", field '") + field + "'";
    if (!entry.empty() || !field.empty())
        s += ": ";
    return s + message;
}

std::string catalogKey(std::string_view name)
{
    std::string key;
    key.reserve(name.size());
    for (char c : name) {
        if (c == '-' || c == '_' || c == ' ' || c == '.' || c == '/')
            continue;
        key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return key;
}

namespace {

template <typename T>
const T *findIn(const std::vector<T> &items, std::string_view name)
{
    const std::string key = catalogKey(name);
    if (key.empty())
        return nullptr;
    for (const T &item : items) {
        if (catalogKey(item.id) == key)
            return &item;
    }
    for (const T &item : items) {
        for (const std::string &alias : item.aliases) {
            if (catalogKey(alias) == key)
                return &item;
        }
    }
    return nullptr;
}

} // namespace

namespace {

bool startsWith(std::string_view s, std::string_view p) { return s.size() > p.size() && s.substr(0, p.size()) == p; }
bool endsWith(std::string_view s, std::string_view p) { return s.size() > p.size() && s.substr(s.size() - p.size()) == p; }

// The key of a GPU's name as drivers and vendor tables print it, less the words that do not tell
// one catalog GPU from another (Catalog::findGpu).
std::string bareGpuKey(std::string key)
{
    for (const char *vendor : {"nvidia", "amd", "intel"}) {
        if (startsWith(key, vendor)) {
            key.erase(0, std::string_view(vendor).size());
            break;
        }
    }
    for (const char *suffix : {"hbm3e", "hbm3", "hbm2e", "hbm2", "nvl72", "nvl36"}) {
        if (endsWith(key, suffix)) {
            key.resize(key.size() - std::string_view(suffix).size());
            break;
        }
    }
    // "gb200sxm", "gb300sxm": the superchip's GPU has no SXM module of its own.
    if (startsWith(key, "gb") && endsWith(key, "sxm"))
        key.resize(key.size() - 3);
    return key;
}

} // namespace

const GpuSpec *Catalog::findGpu(std::string_view name) const
{
    if (const GpuSpec *g = findIn(gpus, name))
        return g;
    const std::string key = catalogKey(name);
    const std::string bare = bareGpuKey(key);
    return bare == key || bare.empty() ? nullptr : findIn(gpus, bare);
}
const NodeSpec *Catalog::findNode(std::string_view name) const { return findIn(nodes, name); }
const FabricSpec *Catalog::findFabric(std::string_view name) const { return findIn(fabrics, name); }
const CloudOffer *Catalog::findCloud(std::string_view name) const { return findIn(clouds, name); }
const ModelPreset *Catalog::findModel(std::string_view name) const { return findIn(models, name); }

bool Catalog::findModelPreset(std::string_view name, ModelArch &arch, std::string &id) const
{
    const ModelPreset *preset = findModel(name);
    if (!preset)
        return false;
    arch = presetArchitecture(*preset);
    id = preset->id;
    return true;
}
const EnginePreset *Catalog::findEngine(std::string_view name) const { return findIn(engines, name); }
const StorageTierSpec *Catalog::findStorageTier(std::string_view name) const { return findIn(storageTiers, name); }
const ApiPrice *Catalog::findApiPrice(std::string_view name) const { return findIn(apiPrices, name); }

std::vector<const CloudOffer *> Catalog::offersFor(const GpuSpec &gpu) const
{
    std::vector<const CloudOffer *> out;
    // An offer can name this GPU only by a spelling whose key is the GPU's id or one of its aliases;
    // only those offers take the full look-up (which settles an alias another GPU's id shadows).
    // The keys of the GPU are made once rather than every GPU's for every offer.
    std::vector<std::string> keys{catalogKey(gpu.id)};
    for (const std::string &alias : gpu.aliases)
        keys.push_back(catalogKey(alias));
    for (const CloudOffer &o : clouds) {
        const std::string key = catalogKey(o.gpu);
        if (std::find(keys.begin(), keys.end(), key) != keys.end() && findGpu(o.gpu) == &gpu)
            out.push_back(&o);
    }
    auto price = [](const CloudOffer *o) { return o->onDemandPerGpuHour >= 0 ? o->onDemandPerGpuHour : 1e18; };
    std::stable_sort(out.begin(), out.end(), [&](const CloudOffer *a, const CloudOffer *b) { return price(a) < price(b); });
    return out;
}

} // namespace gpuplan
