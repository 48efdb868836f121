// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/ResultsExport.h"

#include "evaluator/EvaluationJson.h"
#include "evaluator/Evaluator.h"
#include "export/TextEscape.h"
#include "facility/FacilityModel.h"
#include "search/ElasticJson.h"
#include "search/Scaling.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <utility>

namespace gpuplan {

namespace {

using Json = nlohmann::ordered_json;

bool endsWith(const std::string &s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool startsWith(const std::string &s, std::string_view prefix)
{
    return s.compare(0, prefix.size(), prefix) == 0;
}

std::string valueText(const Json &v)
{
    if (v.is_null())
        return "";
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_boolean())
        return v.get<bool>() ? "true" : "false";
    // Whole numbers without the JSON writer's ".0" (1024, not 1024.0), for spreadsheets and people.
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (d == std::floor(d) && std::fabs(d) < 1e15)
            return std::to_string(static_cast<long long>(d));
    }
    return v.dump();
}

// Name of one list entry: its item or assumption when it has one, else its index.
std::string entryName(const Json &entry, std::size_t index)
{
    for (const char *key : {"item", "assumption"}) {
        if (entry.is_object() && entry.contains(key) && entry[key].is_string())
            return entry[key].get<std::string>();
    }
    return std::to_string(index);
}

void flatten(const std::string &section, const std::string &name, const Json &v, std::string &out)
{
    if (v.is_object()) {
        for (const auto &[key, child] : v.items())
            flatten(section, name.empty() ? key : name + "." + key, child, out);
        return;
    }
    if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i)
            flatten(section, name.empty() ? entryName(v[i], i) : name + "." + entryName(v[i], i), v[i], out);
        return;
    }
    out += csvField(section, true) + "," + csvField(name, true) + "," + csvField(valueText(v), v.is_string()) + "," +
           csvField(resultUnit(section, name), true) + "\r\n";
}

} // namespace

Evaluation evaluateWithSensitivity(const ResolvedPlan &plan)
{
    Evaluation e = evaluate(plan);
    estimateCostSensitivity(plan, e.layout, e);
    return e;
}

ExportResults evaluateForExport(const ResolvedPlan &plan)
{
    ExportResults r{evaluateWithSensitivity(plan), {}};
    r.scaling = computeScaling(plan);
    r.elastic = computeElastic(plan, r.evaluation);
    return r;
}

Json resultsJson(const ResolvedPlan &plan, const ExportResults &results)
{
    Json json = evaluationToJson(plan, results.evaluation);
    json["scaling"] = scalingToJson(results.scaling);
    if (results.elastic.enabled)   // only elastic plans: the documents of other plans stay as they were
        json["elastic"] = elasticToJson(results.elastic);
    return json;
}

std::string resultsCsv(const Json &document)
{
    std::string out = "section,name,value,unit\r\n";
    for (const auto &[key, value] : document.items()) {
        if (value.is_object() || value.is_array())
            flatten(key, "", value, out);
        else
            flatten("plan", key, value, out);
    }
    return out;
}

std::string resultUnit(const std::string &section, const std::string &name)
{
    // Where the name alone does not say it.
    if (section == "memory" && startsWith(name, "breakdown."))
        return "bytes";
    if (section == "training" && startsWith(name, "breakdown."))
        return "s";
    if (section == "inference" && startsWith(name, "batching."))
        return "tokens/s per GPU";
    if (section == "bom")
        return endsWith(name, "_usd") ? "USD" : endsWith(name, "storage.quantity") ? "TB" : endsWith(name, ".quantity") ? "units" : "";
    // First match wins: the longer, more specific endings come first.
    static const std::pair<const char *, const char *> kSuffixes[] = {
        {"tokens_per_s_per_gpu", "tokens/s per GPU"}, {"tokens_per_s_per_replica", "tokens/s per replica"},
        {"requests_per_s_per_replica", "requests/s per replica"}, {"tokens_per_s", "tokens/s"},
        {"tokens_per_step", "tokens"},           {"flops_per_step", "FLOPs"},
        {"flops_per_token", "FLOPs per token"},  {"tflops_per_gpu", "TFLOP/s per GPU"},
        {"bytes_per_param", "bytes per parameter"}, {"bytes_per_sequence", "bytes"},
        {"gpu_hours", "GPU-hours"},              {"kw_per_rack", "kW"},
        {"_btu_per_hour", "BTU/h"},              {"_kwh", "kWh"},
        {"_mwh", "MWh"},                         {"_kw", "kW"},
        {"_w", "W"},                             {"_usd", "USD"},
        {"_bytes", "bytes"},                     {"_gib", "GiB"},
        {"_gbps", "GB/s"},                       {"_gb", "GB"},
        {"_tb", "TB"},                           {"_ms", "ms"},
        {"_s", "s"},                             {"_days", "days"},
        {"_hours", "h"},                         {"_months", "months"},
        {"_tonnes", "t CO2"},                    {"tons", "refrigeration tons"},
        {"_fte", "FTE"},                         {"endpoints", "ports"},
        {"mfu", "fraction"},                     {"hfu", "fraction"},
        {"goodput", "fraction"},                 {"efficiency", "fraction"},
        {"_fraction", "fraction"},               {"error_band", "fraction"},
        {"_utilization", "fraction"},
    };
    for (const auto &[suffix, unit] : kSuffixes) {
        if (endsWith(name, suffix))
            return unit;
    }
    return "";
}

} // namespace gpuplan
