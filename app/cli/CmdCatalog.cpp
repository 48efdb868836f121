// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli catalog KIND [--json]      lists the entries of one kind with their key figures;
// gpuplan-cli catalog show ID [--json]   one entry of any kind with every field and its source;
// gpuplan-cli catalog check DIR          loads a user catalog folder and reports every issue;
// gpuplan-cli catalog coverage [--json]  the support matrix: GPU x precision x workload against the
//                                        bundled validation measurements.
#include "CatalogEntryJson.h"
#include "CliCommon.h"
#include "Commands.h"

#include "catalog/CatalogLoader.h"
#include "common/Format.h"
#include "common/TextFile.h"
#include "report/TextReport.h"
#include "validate/Coverage.h"
#include "validate/CsvTable.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

namespace gpuplan::cli {

namespace {

using Json = nlohmann::ordered_json;

const char *const kKindList = "gpus, nodes, fabrics, clouds, models, engines, storage_tiers, api_prices or error_bands";

std::string line(const char *format, auto... args)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, format, args...);
    return buf;
}

// A figure right-aligned in a column of the listing: widths count characters, not bytes ("µs").
std::string right(const std::string &text, int width)
{
    int chars = 0;
    for (const char ch : text)
        chars += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    return std::string(static_cast<std::size_t>(std::max(width - chars, 0)), ' ') + text;
}

// The listing's figures in the formats of every other output (common/Format.h).
std::string textLine(const GpuSpec &g)
{
    return line("%-18s %-44s %s %s %s TFLOPS bf16/fp16 %s\n", g.id.c_str(), g.name.c_str(),
                right(formatSoldGb(g.memoryBytes), 7).c_str(), right(formatStorage(g.memoryBandwidth) + "/s", 10).c_str(),
                right(formatFixed(std::max(g.peak(Dtype::BF16), g.peak(Dtype::FP16)) / 1e12, 0), 6).c_str(),
                right(formatPower(g.tdpW), 7).c_str());
}

std::string textLine(const NodeSpec &n)
{
    return line("%-16s %-56s %s %s  %s\n", n.id.c_str(), n.name.c_str(), right(counted(n.gpusPerNode, "GPU", "GPUs"), 8).c_str(),
                right(formatPower(n.maxPowerW), 8).c_str(), n.defaultFabric.c_str());
}

std::string textLine(const FabricSpec &f)
{
    return line("%-12s %-34s %s Gb/s  busbw %s  %s\n", f.id.c_str(), f.name.c_str(), right(formatFixed(f.linkGbps, 0), 5).c_str(),
                formatFixed(f.busBwFraction, 2).c_str(), right(formatDuration(f.latencyS), 7).c_str());
}

std::string textLine(const CloudOffer &c)
{
    const std::string price = c.onDemandPerGpuHour >= 0 ? formatCurrencyExact(c.onDemandPerGpuHour, "USD") + "/GPU-h"
                                                         : formatCurrencyExact(c.spotPerGpuHour, "USD") + "/GPU-h spot";
    return line("%-28s %-10s %-16s %-19s %s\n", c.id.c_str(), c.provider.c_str(), c.gpu.c_str(), price.c_str(),
                c.date.c_str());
}

std::string textLine(const ModelPreset &m)
{
    return line("%-14s %-30s %s parameters, %s\n", m.id.c_str(), m.arch.name.c_str(),
                formatCount(m.publishedParams).c_str(), counted(m.defaultSeqLen, "token", "tokens").c_str());
}

std::string textLine(const EnginePreset &e)
{
    return line("%-16s %-56s\n", e.id.c_str(), e.name.c_str());
}

std::string textLine(const StorageTierSpec &t)
{
    return line("%-14s %-48s read %s, write %s per node\n", t.id.c_str(), t.name.c_str(),
                right(formatStorage(t.readPerNode) + "/s", 10).c_str(), right(formatStorage(t.writePerNode) + "/s", 10).c_str());
}

std::string textLine(const ApiPrice &a)
{
    return line("%-44s %-30s %s in %s out per M tokens  %s\n", a.id.c_str(), a.model.c_str(),
                right(formatUsd(a.inputUsdPerMtok), 7).c_str(), right(formatUsd(a.outputUsdPerMtok), 7).c_str(),
                a.provider.c_str());
}

std::string textLine(const ErrorBandEntry &b)
{
    return line("%-44s +/-%s over %s\n", b.id.c_str(), right(formatPercent(b.mapePct / 100.0, 1), 6).c_str(),
                right(counted(b.rows, "test-half row", "test-half rows"), 19).c_str());
}

// Calls f(kindName, entries) for every kind, in file-format order.
template <typename F>
void forEachKind(const Catalog &c, F f)
{
    f("gpus", c.gpus);
    f("nodes", c.nodes);
    f("fabrics", c.fabrics);
    f("clouds", c.clouds);
    f("models", c.models);
    f("engines", c.engines);
    f("storage_tiers", c.storageTiers);
    f("api_prices", c.apiPrices);
    f("error_bands", c.errorBands);
}

int list(const Catalog &catalog, const std::string &kind, bool json)
{
    bool known = false;
    Json out = Json::array();
    forEachKind(catalog, [&](const char *name, const auto &items) {
        if (kind != name)
            return;
        known = true;
        for (const auto &item : items) {
            if (json)
                out.push_back(entryJson(item));
            else
                std::cout << textLine(item);
        }
    });
    if (!known) {
        printError("catalog: unknown kind \"" + kind + "\"; expected " + kKindList + ", show ID or check DIR");
        return kUsage;
    }
    if (json)
        printJson(out);
    return kOk;
}

std::string plainValue(const Json &v)
{
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_array()) {
        std::string s;
        for (const Json &item : v)
            s += (s.empty() ? "" : ", ") + plainValue(item);
        return s;
    }
    if (v.is_number_float())
        return formatBound(v.get<double>());
    return v.dump();
}

void printEntryText(const char *kind, const Json &entry)
{
    std::cout << kind << " " << entry["id"].get<std::string>();
    if (entry.contains("name"))
        std::cout << ": " << entry["name"].get<std::string>();
    std::cout << "\n  (internal units: bytes, bytes/s one direction, FLOP/s, W, USD)\n";
    for (auto it = entry.begin(); it != entry.end(); ++it) {
        if (it.key() == "kind" || it.key() == "id" || it.key() == "name" || it.key() == "sources")
            continue;
        if (it->is_object()) {
            for (auto sub = it->begin(); sub != it->end(); ++sub)
                std::cout << "  " << it.key() << "." << sub.key() << ": " << plainValue(*sub) << "\n";
        } else {
            std::cout << "  " << it.key() << ": " << plainValue(*it) << "\n";
        }
    }
    std::cout << "sources (catalog-file field names, file units):\n";
    for (auto it = entry["sources"].begin(); it != entry["sources"].end(); ++it) {
        const Json &p = *it;
        std::cout << "  " << it.key() << ": " << p["source"].get<std::string>() << " ("
                  << (p["date"].get<std::string>().empty() ? "undated" : p["date"].get<std::string>()) << ")"
                  << (p["estimate"].get<bool>() ? " ESTIMATE" : "")
                  << (p["secondary"].get<bool>() ? " (secondary source)" : "");
        if (p.contains("note"))
            std::cout << " - " << p["note"].get<std::string>();
        std::cout << "\n";
    }
}

int show(const Catalog &catalog, const std::string &name, bool json)
{
    // The name may be an id or alias of any kind; each kind it names is shown.
    Json out = Json::array();
    forEachKind(catalog, [&](const char *kind, const auto &items) {
        const std::string key = catalogKey(name);
        for (const auto &item : items) {
            const bool match = catalogKey(item.id) == key ||
                               std::any_of(item.aliases.begin(), item.aliases.end(),
                                           [&](const std::string &a) { return catalogKey(a) == key; });
            if (!match)
                continue;
            Json entry = {{"kind", kind}};
            entry.update(entryJson(item));
            out.push_back(std::move(entry));
        }
    });
    if (out.empty()) {
        printError("catalog show: no catalog entry is named \"" + name + "\" (see gpuplan-cli catalog KIND)");
        return kBadInput;
    }
    if (json) {
        printJson(out);
        return kOk;
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (i > 0)
            std::cout << "\n";
        printEntryText(out[i]["kind"].get_ref<const std::string &>().c_str(), out[i]);
    }
    return kOk;
}

int check(const CliArgs &args, const std::string &dir)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        printError("catalog check: " + dir + ": no such folder");
        return kBadInput;
    }
    std::size_t files = 0;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        files += it->path().extension() == ".json" ? 1 : 0;
    CatalogSources sources;
    sources.bundledDir = args.value("--catalog-dir").value_or("");
    sources.userDir = dir;
    std::vector<CatalogIssue> issues;
    const Catalog catalog = loadCatalog(sources, issues);
    for (const CatalogIssue &issue : issues)
        std::cout << issue.text() << "\n";
    std::cout << dir << ": " << files << " catalog file" << (files == 1 ? "" : "s") << ", " << issues.size() << " issue"
              << (issues.size() == 1 ? "" : "s") << "; the merged catalog has " << catalog.gpus.size() << " GPUs, "
              << catalog.nodes.size() << " nodes, " << catalog.clouds.size() << " cloud offers, "
              << catalog.models.size() << " models\n";
    return issues.empty() ? kOk : kBadInput;
}

// Where the bundled validation CSVs are: --validation-dir, $GPUPLAN_VALIDATION_DIR, the installed
// share/gpuplan/validation beside the executable, else the source tree (a build folder).
std::string validationDir(const CliArgs &args)
{
    namespace fs = std::filesystem;
    if (auto dir = args.value("--validation-dir"))
        return *dir;
    if (const char *env = std::getenv("GPUPLAN_VALIDATION_DIR"); env && *env)
        return env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path().parent_path() / "share" / "gpuplan" / "validation";
        if (fs::exists(installed / "training_public.csv", ec))
            return installed.string();
    }
    return GPUPLAN_SOURCE_VALIDATION_DIR;
}

int coverage(const CliArgs &args, const Catalog &catalog, bool json)
{
    const std::string dir = validationDir(args);
    ValidationCounts counts;
    const std::pair<const char *, const char *> files[] = {
        {"training", "training_public.csv"}, {"inference", "inference_public.csv"}, {"memory", "memory_public.csv"}};
    for (const auto &[workload, name] : files) {
        const std::string path = dir + "/" + name;
        std::string text, error;
        if (!readTextFile(path, CsvTable::kMaxBytes, text, error)) {
            printError("catalog coverage: " + error + " (the bundled validation files; --validation-dir DIR)");
            return kBadInput;
        }
        if (!countValidationRows(text, workload, catalog, counts, error)) {
            printError("catalog coverage: " + path + ": " + error);
            return kBadInput;
        }
    }
    const std::vector<CoverageCell> cells = computeCoverage(catalog, counts);
    const std::string only = args.value("--gpu").value_or("");
    const GpuSpec *onlyGpu = only.empty() ? nullptr : catalog.findGpu(only);
    if (!only.empty() && !onlyGpu) {
        printError("catalog coverage: unknown GPU \"" + only + "\"");
        return kBadInput;
    }
    if (json) {
        Json out = Json::array();
        for (const CoverageCell &c : cells) {
            if (onlyGpu && c.gpu != onlyGpu->id)
                continue;
            out.push_back({{"gpu", c.gpu}, {"precision", c.precision}, {"workload", c.workload},
                           {"status", coverageStatusName(c.status)}, {"rows", c.rows}, {"sources", c.sources},
                           {"basis", c.basis}});
        }
        printJson(Json{{"validation_dir", dir}, {"cells", std::move(out)}, {"unknown_gpus", counts.unknownGpus}});
        return kOk;
    }
    std::cout << "Support matrix: each GPU x precision x workload against the measurements in " << dir << "\n"
              << "(validated = compared with measurements of that GPU at that precision; extrapolated = the model\n"
              << "carries over from other measurements and is not validated there; not covered = nothing to rest on)\n\n";
    std::cout << line("%-18s %-5s  %-22s %-22s %-22s\n", "GPU", "prec", "training", "inference", "memory");
    // Cells come three at a time: training, inference, memory of one GPU and precision.
    for (std::size_t i = 0; i + 2 < cells.size(); i += 3) {
        const CoverageCell &t = cells[i];
        if (onlyGpu && t.gpu != onlyGpu->id)
            continue;
        const auto cellText = [](const CoverageCell &c) {
            return c.status == CoverageStatus::Validated ? "validated (" + std::to_string(c.rows) + ")"
                                                         : std::string(coverageStatusName(c.status));
        };
        std::cout << line("%-18s %-5s  %-22s %-22s %-22s\n", t.gpu.c_str(), t.precision.c_str(), cellText(t).c_str(),
                          cellText(cells[i + 1]).c_str(), cellText(cells[i + 2]).c_str());
    }
    int validated = 0, extrapolated = 0, none = 0;
    for (const CoverageCell &c : cells) {
        validated += c.status == CoverageStatus::Validated;
        extrapolated += c.status == CoverageStatus::Extrapolated;
        none += c.status == CoverageStatus::NotCovered;
    }
    std::cout << "\n" << validated << " validated, " << extrapolated << " extrapolated, " << none
              << " not covered; --json gives the basis of each cell.\n";
    if (!counts.unknownGpus.empty())
        std::cout << counts.unknownGpus.size() << " GPU name(s) in the measurements are not in the catalog and were not counted.\n";
    return kOk;
}

} // namespace

CommandHelp catalogHelp()
{
    auto specs = catalogOptions();
    specs.push_back({"--json", false, false, "print entries as JSON (internal units), with sources"});
    specs.push_back({"--validation-dir", true, false, "coverage: folder of the validation CSVs (default: the bundled ones)"});
    specs.push_back({"--gpu", true, false, "coverage: only this GPU"});
    return {"gpuplan-cli catalog KIND [--json] | show ID [--json] | check DIR | coverage [--gpu ID] [--json]",
            std::string("KIND lists the entries of one kind: ") + kKindList +
                             ".\nshow ID prints one entry (an id or alias of any kind) with every field and the source,\n"
                             "date, estimate flag and secondary-source flag of each figure\n"
                             "(a third party's report of the figure: check it against the provider's page before a purchase).\n"
                             "check DIR loads a user catalog folder over the bundled catalogs and prints every issue;\n"
                             "it exits with 1 when there is any. The file format is described in docs/catalogs.md.\n"
                             "coverage prints the support matrix: for each GPU x precision x workload (training, inference,\n"
                             "memory) whether the models were checked against the bundled measurements (how many), are\n"
                             "extrapolated (from what: --json) or cover nothing there; counted from the validation CSVs.\n"
                             "Problems in catalog files are otherwise reported on stderr with file, entry and field.",
            specs};
}

int runCatalog(const std::vector<std::string> &argv)
{
    const CommandHelp help = catalogHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("catalog", help, argv, args, done))
        return done;
    const auto &pos = args.positional();
    const bool twoArgs = !pos.empty() && (pos[0] == "show" || pos[0] == "check");
    if (pos.empty() || pos.size() != (twoArgs ? 2u : 1u)) {
        printError(std::string("catalog: expected KIND (") + kKindList + "), show ID, check DIR or coverage");
        return kUsage;
    }
    if (pos[0] == "check")
        return check(args, pos[1]);
    Catalog catalog;
    if (!loadCatalogFromArgs(args, catalog))
        return kBadInput;
    if (pos[0] == "show")
        return show(catalog, pos[1], args.flag("--json"));
    if (pos[0] == "coverage")
        return coverage(args, catalog, args.flag("--json"));
    return list(catalog, pos[0], args.flag("--json"));
}

} // namespace gpuplan::cli
