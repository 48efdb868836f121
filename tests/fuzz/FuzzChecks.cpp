// SPDX-License-Identifier: GPL-3.0-or-later
#include "FuzzChecks.h"

#include "evaluator/EvaluationJson.h"
#include "evaluator/Evaluator.h"
#include "report/TextReport.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace gpuplan::fuzz {

void fail(const std::string &what)
{
    std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

namespace {

bool isNullable(const std::string &key, std::initializer_list<const char *> nullable)
{
    for (const char *k : nullable) {
        if (key == k)
            return true;
    }
    return false;
}

template <typename Json>
void walk(const Json &j, const std::string &key, const std::string &path, const std::string &where,
          std::initializer_list<const char *> nullable)
{
    switch (j.type()) {
    case nlohmann::json::value_t::null:
        if (!isNullable(key, nullable))
            fail(where + ": null (a non-finite number) at " + path);
        break;
    case nlohmann::json::value_t::number_float:
        if (!std::isfinite(j.template get<double>()))
            fail(where + ": non-finite number at " + path);
        break;
    case nlohmann::json::value_t::object:
        for (auto it = j.begin(); it != j.end(); ++it)
            walk(*it, it.key(), path + "." + it.key(), where, nullable);
        break;
    case nlohmann::json::value_t::array:
        for (std::size_t i = 0; i < j.size(); ++i)
            walk(j[i], key, path + "[" + std::to_string(i) + "]", where, nullable);
        break;
    default: break;
    }
}

} // namespace

void requireFiniteJson(const nlohmann::ordered_json &doc, const std::string &where,
                       std::initializer_list<const char *> nullable)
{
    walk(doc, "", "$", where, nullable);
    (void)doc.dump();
}

void requireFiniteJson(const nlohmann::json &doc, const std::string &where, std::initializer_list<const char *> nullable)
{
    walk(doc, "", "$", where, nullable);
    (void)doc.dump();
}

std::string evaluateAndCheck(const ResolvedPlan &plan, const std::string &where)
{
    const Evaluation e = evaluate(plan);
    const nlohmann::ordered_json json = evaluationToJson(plan, e);
    requireFiniteJson(json, where + " evaluation JSON");
    const std::string report = textReport(plan, e);
    if (report.empty())
        fail(where + ": empty text report");
    return json.dump();
}

} // namespace gpuplan::fuzz
