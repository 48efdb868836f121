// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli catalog KIND [--json]: lists catalog entries with their key figures.
#include "CliCommon.h"
#include "Commands.h"

#include "report/TextReport.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace gpuplan::cli {

namespace {

nlohmann::ordered_json sourcesJson(const ProvenanceMap &sources)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const auto &[field, p] : sources)
        out[field] = {{"source", p.source}, {"date", p.date}, {"estimate", p.estimate}};
    return out;
}

} // namespace

int runCatalog(const std::vector<std::string> &argv)
{
    auto specs = catalogOptions();
    specs.push_back({"--json", false, false, "print entries as JSON, with sources"});
    CliArgs args(specs);
    std::string error;
    if (!args.parse(argv, error)) {
        printError("catalog: " + error);
        return kUsage;
    }
    if (args.flag("--help"))
        return printHelp("gpuplan-cli catalog gpus|nodes|fabrics|clouds|models|engines [--json]",
                         "Lists the entries of the bundled and user catalogs. Problems in catalog files are\n"
                         "reported on stderr with file, entry and field.",
                         args);
    if (args.positional().size() != 1) {
        printError("catalog: expected one of gpus, nodes, fabrics, clouds, models, engines");
        return kUsage;
    }
    const std::string kind = args.positional()[0];
    Catalog catalog;
    if (!loadCatalogFromArgs(args, catalog))
        return kBadInput;
    const bool json = args.flag("--json");
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    char buf[512];
    if (kind == "gpus") {
        for (const GpuSpec &g : catalog.gpus) {
            if (json) {
                out.push_back({{"id", g.id}, {"name", g.name}, {"aliases", g.aliases}, {"memory_bytes", g.memoryBytes},
                               {"memory_bandwidth", g.memoryBandwidth}, {"bf16_flops", g.peak(Dtype::BF16)},
                               {"fp16_flops", g.peak(Dtype::FP16)}, {"fp8_flops", g.peak(Dtype::FP8)},
                               {"tdp_w", g.tdpW}, {"price_usd", g.priceUsd}, {"default_node", g.defaultNode},
                               {"sources", sourcesJson(g.sources)}});
            } else {
                std::snprintf(buf, sizeof buf, "%-22s %-34s %7.0f GB %6.2f TB/s %7.0f TFLOPS bf16/fp16 %5.0f W\n",
                              g.id.c_str(), g.name.c_str(), g.memoryBytes / 1e9, g.memoryBandwidth / 1e12,
                              std::max(g.peak(Dtype::BF16), g.peak(Dtype::FP16)) / 1e12, g.tdpW);
                std::cout << buf;
            }
        }
    } else if (kind == "nodes") {
        for (const NodeSpec &n : catalog.nodes) {
            if (json)
                out.push_back({{"id", n.id}, {"name", n.name}, {"gpus", n.gpus}, {"gpus_per_node", n.gpusPerNode},
                               {"max_power_w", n.maxPowerW}, {"price_usd", n.priceUsd}, {"sources", sourcesJson(n.sources)}});
            else {
                std::snprintf(buf, sizeof buf, "%-22s %-40s %4d GPUs %6.1f kW\n", n.id.c_str(), n.name.c_str(),
                              n.gpusPerNode, n.maxPowerW / 1000.0);
                std::cout << buf;
            }
        }
    } else if (kind == "fabrics") {
        for (const FabricSpec &f : catalog.fabrics) {
            if (json)
                out.push_back({{"id", f.id}, {"name", f.name}, {"kind", f.kind}, {"link_gbps", f.linkGbps},
                               {"sources", sourcesJson(f.sources)}});
            else {
                std::snprintf(buf, sizeof buf, "%-22s %-40s %6.0f Gb/s\n", f.id.c_str(), f.name.c_str(), f.linkGbps);
                std::cout << buf;
            }
        }
    } else if (kind == "clouds") {
        for (const CloudOffer &c : catalog.clouds) {
            if (json)
                out.push_back({{"id", c.id}, {"provider", c.provider}, {"instance", c.instance}, {"gpu", c.gpu},
                               {"on_demand_per_gpu_hour", c.onDemandPerGpuHour}, {"date", c.date},
                               {"sources", sourcesJson(c.sources)}});
            else {
                std::snprintf(buf, sizeof buf, "%-28s %-12s %-22s $%6.2f/GPU-h  %s\n", c.id.c_str(), c.provider.c_str(),
                              c.gpu.c_str(), c.onDemandPerGpuHour, c.date.c_str());
                std::cout << buf;
            }
        }
    } else if (kind == "models") {
        for (const ModelPreset &m : catalog.models) {
            if (json)
                out.push_back({{"id", m.id}, {"name", m.arch.name}, {"published_params", m.publishedParams},
                               {"sources", sourcesJson(m.sources)}});
            else {
                std::snprintf(buf, sizeof buf, "%-22s %-34s %s parameters\n", m.id.c_str(), m.arch.name.c_str(),
                              formatCount(m.publishedParams).c_str());
                std::cout << buf;
            }
        }
    } else if (kind == "engines") {
        for (const EnginePreset &e : catalog.engines) {
            if (json)
                out.push_back({{"id", e.id}, {"name", e.name}, {"sources", sourcesJson(e.sources)}});
            else
                std::cout << e.id << "  " << e.name << "\n";
        }
    } else {
        printError("catalog: unknown kind \"" + kind + "\"; expected gpus, nodes, fabrics, clouds, models or engines");
        return kUsage;
    }
    if (json)
        printJson(out);
    return kOk;
}

} // namespace gpuplan::cli
