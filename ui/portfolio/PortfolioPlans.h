// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "plan/Plan.h"
#include "portfolio/Portfolio.h"

#include <QString>
#include <QStringList>

#include <vector>

// The plans of a portfolio as the Portfolio tab and the portfolio PDF hold them, and the shared
// cluster computed from them (core/portfolio, docs/cli.md "portfolio"): each plan becomes a job as
// `gpuplan-cli portfolio` makes it, a plan that cannot be placed keeps its reason instead of
// stopping the others.
namespace gpuplan::ui {

struct PortfolioEntry
{
    QString name;                 // shown in tables and the chart: the file name, or the open plan's
    QString path;                 // the plan file; empty for the open plan
    bool openPlan = false;        // follows the window's plan (copied in when computed)
    Plan plan;
    double deadlineDays = -1;     // training jobs; negative = none
};

// Where an entry's job landed: pools[pool].jobs[job]; -1 when it was not placed.
struct PortfolioJobRef
{
    int pool = -1;
    int job = -1;
};

struct PortfolioOutcome
{
    PortfolioResult result;
    std::vector<QString> errors;          // per entry: why it is not placed; empty = placed
    std::vector<PortfolioJobRef> where;   // per entry
    double computeMs = 0;                 // jobs and pools, on the worker thread
    bool serving(std::size_t entry) const;
    const PortfolioJob *job(std::size_t entry) const;
    const JobPlacement *placement(std::size_t entry) const;
};

// Reads a plan file into an entry (deadline none); false with the file's problems otherwise.
bool loadPortfolioEntry(const QString &path, const Catalog &catalog, PortfolioEntry &out, QString &error);

// Jobs from the entries (in order), then the pools. Not the slider path: evaluates each plan
// once or twice and schedules up to kMaxPoolSizesTried pool sizes per pool.
PortfolioOutcome computePortfolio(const std::vector<PortfolioEntry> &entries, const Catalog &catalog);

// A deadline as typed: empty or "none" = no deadline, else days from 0.01 to 36,500. On a bad text
// false with a message naming the plan, the value and what is allowed; days is left unchanged.
bool parseDeadlineDays(const QString &text, const QString &planName, double &days, QString &error);

// `gpuplan --deadline-days D` and `--deadline-days-of N=D` for the entries (N counts them from 1):
// the same rules and messages as `gpuplan-cli portfolio`; nothing is set when one is wrong.
bool applyDeadlineOptions(std::vector<PortfolioEntry> &entries, const QString &allDays, const QStringList &perPlan,
                          QString &error);

} // namespace gpuplan::ui
