// SPDX-License-Identifier: GPL-3.0-or-later
#include "procure/GrowthJson.h"

#include "common/Format.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace gpuplan {

using Json = nlohmann::ordered_json;

namespace {

constexpr const char *kHeld[] = {"the GPU type and its node, fabric and storage",
                                 "GPU, server and network prices, cloud rates",
                                 "the price of electricity and the PUE",
                                 "the efficiency of the GPU and of the training or serving stack",
                                 nullptr};

Json num(double v)
{
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

Json columnJson(const GrowthColumn &c, bool serving)
{
    Json j{{"layers", c.layers}, {"params", num(c.params)}, {"gpus", c.gpus}};
    j["layout"] = {{"tp", c.layout.tp}, {"pp", c.layout.pp}, {"dp", c.layout.dp}, {"cp", c.layout.cp}, {"ep", c.layout.ep}};
    if (serving) {
        j["request_rate"] = num(c.requestRate);
        j["replicas"] = c.replicas;
        j["ttft_p99_ms"] = num(c.ttftP99Ms);
        j["tpot_p99_ms"] = num(c.tpotP99Ms);
    } else {
        j["tokens"] = num(c.tokens);
        j["time_to_train_days"] = num(c.timeToTrainDays);
    }
    j["facility_kw"] = num(c.facilityKw);
    j["cost_usd"] = num(c.costUsd);
    return j;
}

void row(std::string &out, const char *name, const std::string &today, const std::string &grown)
{
    char line[256];
    std::snprintf(line, sizeof line, "  %-26s %18s %18s\n", name, today.c_str(), grown.c_str());
    out += line;
}

} // namespace

const char *const *growthHeldConstant()
{
    return kHeld;
}

Json growthToJson(const GrowthResult &r)
{
    Json held = Json::array();
    for (const char *const *h = kHeld; *h; ++h)
        held.push_back(*h);
    return {{"mode", r.serving ? "inference" : "training"},
            {"years", r.request.years},
            {"model_scale", r.request.modelScale},
            {"traffic_scale", r.request.trafficScale},
            {"tokens_scale", r.request.tokensScale},
            {"today", columnJson(r.today, r.serving)},
            {"grown", columnJson(r.grown, r.serving)},
            {"meets_target", r.meetsTarget},
            {"counts_tried", r.countsTried},
            {"held_constant", held}};
}

std::string growthTextReport(const GrowthResult &r)
{
    std::string out;
    out += "The plan today and in " + counted(r.request.years, "year", "years") + ": model x" +
           formatBound(r.request.modelScale) + ", " + (r.serving ? "traffic" : "tokens") + " x" +
           formatBound(r.serving ? r.request.trafficScale : r.request.tokensScale) + "\n";
    row(out, "", "today", "grown");
    row(out, "layers", grouped(r.today.layers), grouped(r.grown.layers));
    row(out, "parameters", formatCount(r.today.params), formatCount(r.grown.params));
    if (r.serving) {
        row(out, "request rate (req/s)", formatFixed(r.today.requestRate, 2), formatFixed(r.grown.requestRate, 2));
        row(out, "replicas", grouped(r.today.replicas), grouped(r.grown.replicas));
        row(out, "GPUs per replica (TP x PP)", grouped(r.today.layout.tp * r.today.layout.pp),
            grouped(r.grown.layout.tp * r.grown.layout.pp));
        row(out, "GPUs", grouped(r.today.gpus), grouped(r.grown.gpus));
        row(out, "P99 TTFT at the rate (ms)", formatFixed(r.today.ttftP99Ms, 0), formatFixed(r.grown.ttftP99Ms, 0));
        row(out, "P99 TPOT at the rate (ms)", formatFixed(r.today.tpotP99Ms, 1), formatFixed(r.grown.tpotP99Ms, 1));
    } else {
        row(out, "training tokens", formatCount(r.today.tokens), formatCount(r.grown.tokens));
        row(out, "GPUs", grouped(r.today.gpus), grouped(r.grown.gpus));
        char layout[2][64];
        for (int i = 0; i < 2; ++i) {
            const Layout &l = i == 0 ? r.today.layout : r.grown.layout;
            std::snprintf(layout[i], sizeof layout[i], "TP%d PP%d DP%d CP%d", l.tp, l.pp, l.dp, l.cp);
        }
        row(out, "layout", layout[0], layout[1]);
        row(out, "time to train (days)", formatFixed(r.today.timeToTrainDays, 1), formatFixed(r.grown.timeToTrainDays, 1));
    }
    row(out, "facility power running (kW)", grouped(std::llround(r.today.facilityKw)), grouped(std::llround(r.grown.facilityKw)));
    row(out, r.serving ? "cost over the horizon" : "cost per run", formatUsd(r.today.costUsd), formatUsd(r.grown.costUsd));
    out += r.meetsTarget ? (r.serving ? "The grown fleet meets today's P99 targets at the grown request rate.\n"
                                      : "The grown run trains within today's time to train.\n")
                         : (r.serving ? "NO replica count meets the P99 targets at the grown request rate.\n"
                                      : "NO GPU count trains the grown run within today's time; the fastest found is shown.\n");
    out += "Held as today (the catalog has no trend for them):";
    for (const char *const *h = kHeld; *h; ++h)
        out += std::string(h == kHeld ? " " : "; ") + *h;
    out += ".\n";
    return out;
}

} // namespace gpuplan
