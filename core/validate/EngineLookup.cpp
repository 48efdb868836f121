// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/EngineLookup.h"

#include "catalog/Catalog.h"
#include "catalog/EnginePreset.h"
#include "validate/RowPlan.h"

#include <cmath>

namespace gpuplan {

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }
// What benchmark tables put between an engine's name and its version.
bool isVersionSeparator(char c) { return c == ' ' || c == '=' || c == ':' || c == '/' || c == '-'; }

// "1.3.0rc5" -> 1003.0: major x 1000 + minor + patch / 1000, from the leading digits and dots; -1
// when the version does not start with a number ("unknown(...)").
double versionNumber(std::string_view v)
{
    double parts[3] = {0, 0, 0};
    int n = 0;
    std::size_t i = 0;
    while (n < 3 && i < v.size() && isDigit(v[i])) {
        double x = 0;
        while (i < v.size() && isDigit(v[i]))
            x = 10 * x + (v[i++] - '0');
        parts[n++] = x;
        if (i < v.size() && v[i] == '.')
            ++i;
        else
            break;
    }
    return n == 0 ? -1.0 : parts[0] * 1000 + parts[1] + parts[2] / 1000;
}

// The preset "engine@version" whose version is nearest `version` (the higher on a tie).
const EnginePreset *nearestVersion(const Catalog &catalog, std::string_view engine, double version)
{
    const EnginePreset *best = nullptr;
    double bestGap = 0, bestVersion = 0;
    for (const EnginePreset &e : catalog.engines) {
        const std::string_view id = e.id;
        if (id.size() <= engine.size() + 1 || id.substr(0, engine.size()) != engine || id[engine.size()] != '@')
            continue;
        const double v = versionNumber(id.substr(engine.size() + 1));
        if (v < 0)
            continue;
        const double gap = std::fabs(v - version);
        if (!best || gap < bestGap || (gap == bestGap && v > bestVersion)) {
            best = &e;
            bestGap = gap;
            bestVersion = v;
        }
    }
    return best;
}

} // namespace

std::string normalizedEngineColumn(std::string_view column)
{
    std::string s = lowerCell(column);
    const std::size_t first = s.find_first_not_of(' ');
    s.erase(0, first == std::string::npos ? s.size() : first);
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    // NVIDIA Dynamo serves through the engine it wraps (its workers run that engine's scheduler).
    for (const char *wrapper : {"ai-dynamo", "nvidia-dynamo", "dynamo"}) {
        const std::string_view w(wrapper);
        if (s.size() > w.size() + 1 && s.compare(0, w.size(), w) == 0 &&
            (s[w.size()] == '-' || s[w.size()] == '_' || s[w.size()] == '/' || s[w.size()] == '+' ||
             s[w.size()] == ' ')) {
            s.erase(0, w.size() + 1);
            break;
        }
    }
    std::size_t at = s.find('@');
    if (at == std::string::npos) {
        // The first run of separators followed by a version number ("v" optional) becomes '@'.
        for (std::size_t i = 1; i < s.size(); ++i) {
            if (!isVersionSeparator(s[i]))
                continue;
            std::size_t j = i;
            while (j < s.size() && isVersionSeparator(s[j]))
                ++j;
            if (j < s.size() && s[j] == 'v' && j + 1 < s.size() && isDigit(s[j + 1]))
                ++j;
            if (j < s.size() && isDigit(s[j])) {
                s = s.substr(0, i) + '@' + s.substr(j);
                at = i;
                break;
            }
            i = j - 1;   // past the run: each character is looked at once
        }
    } else if (at + 2 < s.size() && s[at + 1] == 'v' && isDigit(s[at + 2])) {
        s.erase(at + 1, 1);   // "vllm@v0.12.0"
    }
    return s;
}

const EnginePreset *findEnginePreset(const Catalog &catalog, std::string_view column)
{
    const std::string name = column.empty() ? std::string("generic") : normalizedEngineColumn(column);
    if (const EnginePreset *e = catalog.findEngine(name))
        return e;
    const std::size_t at = name.find('@');
    if (at == std::string::npos)
        return catalog.findEngine("generic");
    // Trailing version components dropped ("0.6.1" -> "0.6" -> "0"); a major version alone only
    // as a preset's own id: an alias such as "tensorrt-llm@1" names what one benchmark of that
    // major version ran, and a fitted preset of a nearer version says more.
    const std::string engine = name.substr(0, at);
    const std::string version = name.substr(at + 1);
    std::string trial = name;
    for (std::size_t dot = trial.find_last_of('.'); dot != std::string::npos && dot > at;
         dot = trial.find_last_of('.')) {
        trial.resize(dot);
        const EnginePreset *e = catalog.findEngine(trial);
        if (e && (trial.find('.', at) != std::string::npos || e->id == trial))
            return e;
    }
    // The name's own preset says which engine it is ("trtllm" is TensorRT-LLM). Where that preset
    // is an engine's bare one (its id has no version), another version of the engine gets the
    // fitted preset of the nearest version (defaults and kernels change less between versions
    // than between engines); an alias of one versioned preset ("fastertransformer") is that preset.
    const EnginePreset *family = catalog.findEngine(engine);
    const double v = versionNumber(version);
    if (family && v >= 0 && family->id.find('@') == std::string::npos) {
        if (const EnginePreset *e = nearestVersion(catalog, family->id, v))
            return e;
    }
    if (family)
        return family;
    return catalog.findEngine("generic");
}

} // namespace gpuplan
