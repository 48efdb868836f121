// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli portfolio PLAN [PLAN...] [--deadline-days D] [--deadline-days-of N=D ...]
//                      [--json | --cluster-config slurm|k8s [--out DIR]]
#include "CliCommon.h"
#include "Commands.h"

#include "export/ClusterConfig.h"
#include "export/TextEscape.h"
#include "portfolio/PortfolioJobs.h"
#include "portfolio/PortfolioJson.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <iostream>

namespace gpuplan::cli {

namespace {

constexpr const char *kDeadlineOf = "--deadline-days-of";

// Deadline in days per plan (index = position among the PLAN arguments); negative = none.
// given[i]: plan i's deadline came from --deadline-days-of.
bool parseDeadlines(const CliArgs &args, std::size_t plans, std::vector<double> &deadlines, std::vector<bool> &given,
                    std::string &error)
{
    double all = -1;
    if (const auto text = args.value("--deadline-days");
        text && !parseNumberInRange("--deadline-days", *text, kMinPortfolioDeadlineDays, kMaxPortfolioDeadlineDays,
                                    "days", all, error))
        return false;
    deadlines.assign(plans, all);
    given.assign(plans, false);
    for (const std::string &item : args.values(kDeadlineOf)) {
        const std::size_t eq = item.find('=');
        std::size_t n = 0;
        const char *end = item.data() + (eq == std::string::npos ? item.size() : eq);
        const auto [ptr, ec] = std::from_chars(item.data(), end, n);
        if (eq == std::string::npos || ec != std::errc() || ptr != end || n < 1 || n > plans) {
            error = std::string(kDeadlineOf) + " \"" + item + "\": expected N=DAYS with N the position of a plan (1 to " +
                    std::to_string(plans) + ")";
            return false;
        }
        if (given[n - 1]) {
            error = std::string(kDeadlineOf) + " \"" + item + "\": plan " + std::to_string(n) + " has a deadline already";
            return false;
        }
        given[n - 1] = true;
        if (!parseNumberInRange(std::string(kDeadlineOf) + " " + item.substr(0, eq), item.substr(eq + 1),
                                kMinPortfolioDeadlineDays, kMaxPortfolioDeadlineDays, "days", deadlines[n - 1], error))
            return false;
    }
    return true;
}

// The cluster configuration files: into DIR (created when missing; each path printed), or to
// standard output, each file after a "==> NAME <==" line as head(1) separates files.
bool writeClusterConfig(const std::vector<ClusterConfigFile> &files, const std::string &dir)
{
    if (dir.empty() || dir == "-") {
        std::string text;
        for (std::size_t i = 0; i < files.size(); ++i)
            text += (i ? "\n==> " : "==> ") + files[i].fileName + " <==\n" + files[i].text;
        return writeOutput("portfolio", "", text);
    }
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir)) {
        printError("portfolio: --out \"" + dir + "\": cannot create the folder" + (ec ? ": " + ec.message() : std::string()));
        return false;
    }
    for (const ClusterConfigFile &f : files) {
        const std::filesystem::path path = std::filesystem::path(dir) / f.fileName;
        if (!writeOutput("portfolio", path.string(), f.text))
            return false;
        // Scripts are run as they are: node-labels.sh, the sbatch files.
        if (path.extension() == ".sh" || path.extension() == ".sbatch")
            std::filesystem::permissions(path, std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec,
                                         std::filesystem::perm_options::add, ec);
        std::cout << path.string() << "\n";
    }
    return true;
}

} // namespace

CommandHelp portfolioHelp()
{
    auto specs = catalogOptions();
    specs.push_back({"--deadline-days", true, false,
                     "days every training job has from the start of the schedule (0.01 to 36,500; default: none)"});
    specs.push_back({kDeadlineOf, true, true,
                     "N=DAYS: deadline of the Nth plan on the command line (a training job), overriding "
                     "--deadline-days (repeatable)"});
    specs.push_back({"--json", false, false, "print the pools as JSON (docs/cli.md lists the fields)"});
    specs.push_back({"--cluster-config", true, false,
                     "slurm: gres.conf, slurm.conf lines and each job's sbatch resource lines; k8s: NVIDIA GPU "
                     "Operator MIG settings, node labels, a Namespace and ResourceQuota per job (docs/exports.md)"});
    specs.push_back({"--out", true, false,
                     "with --cluster-config: write the files into DIR (created when missing) instead of printing "
                     "them"});
    return {"gpuplan-cli portfolio PLAN [PLAN...] [--deadline-days D | --deadline-days-of N=D ...] "
            "[--json | --cluster-config slurm|k8s [--out DIR]]",
            "Places several plans on one shared cluster, one pool per GPU type: serving fleets (replicas needed x\n"
            "GPUs per replica) hold their GPUs all the time; training jobs run at their own GPU count for their\n"
            "time to train with failures, earliest deadline first, each starting when enough GPUs are free. Prints\n"
            "the smallest pool in whole nodes at which every job meets its deadline (a heuristic schedule, not an\n"
            "optimal one), each job's start and end, the makespan, the fleet's utilization over the first week and\n"
            "the whole schedule, peak facility power and total cost. At most 64 plans. Exit codes: 0 done (deadlines\n"
            "met or not: see meets_deadlines), 1 bad input (file, field, catalog), 2 usage, 3 a plan that cannot\n"
            "run. With --cluster-config, the cluster operator's files for the pools instead: Slurm or Kubernetes\n"
            "with the NVIDIA GPU Operator, MIG fleets as MIG instances (docs/exports.md). Details: docs/cli.md.",
            specs};
}

int runPortfolio(const std::vector<std::string> &argv)
{
    const CommandHelp help = portfolioHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("portfolio", help, argv, args, done))
        return done;
    const std::vector<std::string> &files = args.positional();
    if (files.empty() || files.size() > static_cast<std::size_t>(kMaxPortfolioPlans)) {
        printError("portfolio: expected 1 to " + std::to_string(kMaxPortfolioPlans) + " plan files, got " +
                   std::to_string(files.size()) + " (see --help)");
        return kUsage;
    }
    std::optional<ClusterConfigFormat> clusterFormat;
    if (const auto format = args.value("--cluster-config")) {
        if (!(clusterFormat = parseClusterConfigFormat(*format))) {
            printError("portfolio: --cluster-config \"" + *format + "\": expected " + kClusterConfigFormatNames);
            return kUsage;
        }
        if (args.flag("--json")) {
            printError("portfolio: --cluster-config prints files, not JSON: give one of --json and --cluster-config");
            return kUsage;
        }
    } else if (args.value("--out")) {
        printError("portfolio: --out names the folder of the --cluster-config files; give --cluster-config slurm|k8s");
        return kUsage;
    }
    std::vector<double> deadlines;
    std::vector<bool> deadlineGiven;
    std::string error;
    if (!parseDeadlines(args, files.size(), deadlines, deadlineGiven, error)) {
        printError("portfolio: " + error);
        return kUsage;
    }
    Catalog catalog;
    if (!loadCatalogFromArgs(args, catalog))
        return kBadInput;
    std::vector<PortfolioJob> jobs(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        Plan plan;
        if (!loadPlanFromArgs(args, files[i], catalog, plan))
            return kBadInput;
        const JobProblem problem = portfolioJob(files[i], plan, catalog, deadlines[i], jobs[i], error);
        if (problem != JobProblem::None) {
            printError("portfolio: " + files[i] + ": " + error);
            return problem == JobProblem::BadInput ? kBadInput : kInvalidPlan;
        }
        // --deadline-days covers the training jobs; a deadline named for a serving fleet is a mistake.
        if (jobs[i].serving && deadlineGiven[i]) {
            printError("portfolio: " + std::string(kDeadlineOf) + " " + std::to_string(i + 1) + ": " + files[i] +
                       " is a serving fleet (always on); deadlines apply to training jobs");
            return kUsage;
        }
    }
    const PortfolioResult result = planPortfolio(jobs);
    if (clusterFormat) {
        for (const PoolResult &p : result.pools) {
            if (!p.schedule.meetsDeadlines)
                std::fprintf(stderr, "gpuplan-cli: note: pool %s: no size meets every deadline; the files hold the "
                             "pool that runs every job at once\n", p.gpu.c_str());
        }
        const auto files = clusterConfigFiles(result, catalog, *clusterFormat, std::string("gpuplan ") + GPUPLAN_VERSION);
        return writeClusterConfig(files, args.value("--out").value_or("")) ? kOk : kBadInput;
    }
    if (args.flag("--json"))
        printJson(portfolioToJson(result));
    else
        std::cout << terminalText(portfolioTextReport(result));
    return kOk;
}

} // namespace gpuplan::cli
