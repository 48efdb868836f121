// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli calibrate CSV --gpu ID [--out FILE]: fits one GPU's efficiency parameters to the
// user's own training measurements and writes them as a user-catalog override.
#include "CliCommon.h"

#include "common/AtomicFile.h"
#include "common/Format.h"
#include "Commands.h"

#include "catalog/CatalogLoader.h"
#include "common/TextFile.h"
#include "validate/CsvTable.h"
#include "validate/TrainingCalibration.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace gpuplan::cli {

namespace {

bool parseSplit(const std::string &text, CalibrationSplit &out)
{
    if (text == "all")
        out = CalibrationSplit::All;
    else if (text == "fit")
        out = CalibrationSplit::Fit;
    else if (text == "test")
        out = CalibrationSplit::Test;
    else
        return false;
    return true;
}

bool parseParams(const std::string &text, std::vector<const EfficiencyParam *> &out, std::string &error)
{
    std::stringstream in(text);
    std::string key;
    while (std::getline(in, key, ',')) {
        const EfficiencyParam *p = findEfficiencyParam(key);
        if (!p) {
            error = "--params: unknown parameter \"" + key + "\"; expected some of";
            for (const EfficiencyParam &q : efficiencyParams())
                error += std::string(" ") + q.key;
            return false;
        }
        out.push_back(p);
    }
    if (out.empty()) {
        error = "--params: expected a comma-separated list of parameter names";
        return false;
    }
    return true;
}

std::string today()
{
    const std::time_t now = std::time(nullptr);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&now));
    return buf;
}

nlohmann::ordered_json efficiencyEntry(const std::string &gpu, const GpuEfficiency &e, const std::string &source,
                                       const std::string &fit)
{
    nlohmann::ordered_json j;
    j["gpu"] = gpu;
    j["source"] = source;
    j["date"] = today();
    j["fitted"] = true;
    j["fit"] = fit;
    for (const EfficiencyParam &p : efficiencyParams())
        j[p.key] = e.*p.member;
    j["residual_mape"] = e.residualMape;
    return j;
}

// The fit's error before and after, in percent as the catalog's error bands are listed.
std::string mapeText(double beforePct, double afterPct)
{
    return formatPercent(beforePct / 100.0, 1) + " before, " + formatPercent(afterPct / 100.0, 1) + " after";
}

} // namespace

CommandHelp calibrateHelp()
{
    auto specs = catalogOptions();
    specs.push_back({"--gpu", true, false, "GPU id or alias whose parameters are fitted (rows of other GPUs are ignored)"});
    specs.push_back({"--out", true, false, "file to write (default: calibration-<GPU>.json in the user catalog folder)"});
    specs.push_back({"--split", true, false, "rows used: all (default), fit or test (the fixed halves of docs/accuracy.md)"});
    specs.push_back({"--params", true, false, "comma-separated parameters to fit (default: the compute, memory and host ones)"});
    specs.push_back({"--exclude-sources", true, false,
                     "comma-separated row-id prefixes left out of the fit (e.g. second-hand measurements)"});
    specs.push_back({"--json", false, false, "print the summary as JSON"});
    return {"gpuplan-cli calibrate CSV --gpu ID [--out FILE]",
            "Fits the efficiency parameters of one GPU (docs/performance-model.md) to measured training\n"
                         "runs in a CSV with the columns of tests/data/validation/training_public.csv, and writes them as a\n"
                         "user-catalog file that later evaluations load. Prints the error before and after; the\n"
                         "remaining error becomes the error band of evaluations on that GPU.",
            specs};
}

int runCalibrate(const std::vector<std::string> &argv)
{
    const CommandHelp help = calibrateHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("calibrate", help, argv, args, done))
        return done;
    const auto &pos = args.positional();
    if (pos.size() != 1) {
        printError("calibrate: expected one CSV file (see --help)");
        return kUsage;
    }
    const auto gpuName = args.value("--gpu");
    if (!gpuName || gpuName->empty()) {
        printError("calibrate: --gpu is required (a GPU id or alias of the catalog)");
        return kUsage;
    }
    CalibrationSplit split = CalibrationSplit::All;
    if (auto s = args.value("--split"); s && !parseSplit(*s, split)) {
        printError("calibrate: --split expects all, fit or test, found \"" + *s + "\"");
        return kUsage;
    }
    std::vector<const EfficiencyParam *> params = defaultFitParams();
    std::string error;
    if (auto p = args.value("--params")) {
        params.clear();
        if (!parseParams(*p, params, error)) {
            printError("calibrate: " + error);
            return kUsage;
        }
    }
    Catalog catalog;
    if (!loadCatalogFromArgs(args, catalog))
        return kBadInput;
    std::string text;
    if (!readTextFile(pos[0], CsvTable::kMaxBytes, text, error)) {
        printError(error);
        return kBadInput;
    }
    CsvTable table;
    if (!table.parse(text, error)) {
        printError(pos[0] + ": " + error);
        return kBadInput;
    }
    std::vector<std::string> excluded;
    if (auto e = args.value("--exclude-sources")) {
        std::stringstream in(*e);
        for (std::string item; std::getline(in, item, ',');)
            if (!item.empty())
                excluded.push_back(item);
    }
    auto set = CalibrationSet::build(table, catalog, *gpuName, split, error, excluded);
    if (!set) {
        printError("calibrate: " + pos[0] + ": " + error);
        return kBadInput;
    }
    const CalibrationResult r = calibrate(*set, params);

    std::string out;
    if (auto o = args.value("--out")) {
        out = *o;
    } else {
        const std::string dir = args.value("--user-catalog").value_or(defaultUserCatalogDir());
        if (dir.empty()) {
            printError("calibrate: no user catalog folder is known; give --out FILE");
            return kUsage;
        }
        std::error_code ec;
        std::filesystem::create_directories(dir, ec);
        out = (std::filesystem::path(dir) / ("calibration-" + set->gpuId() + ".json")).string();
    }
    const std::string name = std::filesystem::path(pos[0]).filename().string();
    const std::string fit = "gpuplan-cli calibrate on " + counted(static_cast<long long>(set->size()), "row", "rows") +
                            " of " + name + ": MAPE " + mapeText(r.mapeBefore, r.mapeAfter);
    const nlohmann::ordered_json doc = {{"format", kCatalogFormatName},
                                        {"version", kCatalogFormatVersion},
                                        {"gpu_efficiency", {efficiencyEntry(set->gpuId(), r.after, name, fit)}}};
    // The CSV's name may not be UTF-8: replaced, never an exception after the file is opened. The
    // old calibration stays unless the new one is complete (common/AtomicFile.h).
    if (!writeFileAtomically(out, doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n",
                             error)) {
        printError("calibrate: " + error);
        return kBadInput;
    }

    if (args.flag("--json")) {
        nlohmann::ordered_json before, after;
        for (const EfficiencyParam &p : efficiencyParams()) {
            before[p.key] = r.before.*p.member;
            after[p.key] = r.after.*p.member;
        }
        printJson(nlohmann::ordered_json{{"gpu", set->gpuId()}, {"rows", set->size()}, {"skipped", set->skipped()},
                                         {"mape_before", r.mapeBefore}, {"mape_after", r.mapeAfter},
                                         {"before", before}, {"after", after}, {"written", out}});
        return kOk;
    }
    std::printf("Calibrated %s on %zu rows of %s (%zu skipped)\n", set->gpuId().c_str(), set->size(), name.c_str(),
                set->skipped().size());
    std::printf("  MAPE of tokens/s per GPU: %s (%d sweeps)\n", mapeText(r.mapeBefore, r.mapeAfter).c_str(), r.sweeps);
    // The values as the catalog file holds them and the forms show them.
    for (const EfficiencyParam *p : params)
        std::printf("  %-24s %14s -> %14s\n", p->key, formatBound(r.before.*p->member).c_str(),
                    formatBound(r.after.*p->member).c_str());
    for (const std::string &s : set->skipped())
        std::printf("  skipped %s\n", s.c_str());
    std::printf("Written to %s\n", out.c_str());
    return kOk;
}

} // namespace gpuplan::cli
