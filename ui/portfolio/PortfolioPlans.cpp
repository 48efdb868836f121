// SPDX-License-Identifier: GPL-3.0-or-later
#include "portfolio/PortfolioPlans.h"

#include "document/PlanController.h"

#include "portfolio/PortfolioJobs.h"

#include "NumberText.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QObject>

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

bool PortfolioOutcome::serving(std::size_t entry) const
{
    const PortfolioJob *j = job(entry);
    return j && j->serving;
}

const PortfolioJob *PortfolioOutcome::job(std::size_t entry) const
{
    if (entry >= where.size() || where[entry].pool < 0)
        return nullptr;
    return &result.pools[static_cast<std::size_t>(where[entry].pool)].jobs[static_cast<std::size_t>(where[entry].job)];
}

const JobPlacement *PortfolioOutcome::placement(std::size_t entry) const
{
    if (entry >= where.size() || where[entry].pool < 0)
        return nullptr;
    const PoolResult &pool = result.pools[static_cast<std::size_t>(where[entry].pool)];
    return &pool.schedule.placements[static_cast<std::size_t>(where[entry].job)];
}

bool loadPortfolioEntry(const QString &path, const Catalog &catalog, PortfolioEntry &out, QString &error)
{
    Plan plan;
    if (!PlanController::readPlanFile(path, catalog, plan, error))
        return false;
    out = PortfolioEntry{};
    out.name = QFileInfo(path).fileName();
    out.path = QFileInfo(path).absoluteFilePath();
    out.plan = std::move(plan);
    return true;
}

PortfolioOutcome computePortfolio(const std::vector<PortfolioEntry> &entries, const Catalog &catalog)
{
    QElapsedTimer timer;
    timer.start();
    PortfolioOutcome out;
    out.errors.resize(entries.size());
    out.where.resize(entries.size());
    std::vector<PortfolioJob> jobs;
    std::vector<std::size_t> entryOfJob;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        PortfolioJob job;
        std::string error;
        if (portfolioJob(entries[i].name.toStdString(), entries[i].plan, catalog, entries[i].deadlineDays, job, error) !=
            JobProblem::None) {
            out.errors[i] = QString::fromStdString(error);
            continue;
        }
        jobs.push_back(std::move(job));
        entryOfJob.push_back(i);
    }
    out.result = planPortfolio(jobs);
    // planPortfolio keeps the input order within a pool and orders pools by first appearance, so
    // an entry's job is the next unclaimed one of its GPU's pool.
    std::vector<int> taken(out.result.pools.size(), 0);
    for (std::size_t k = 0; k < jobs.size(); ++k) {
        for (std::size_t p = 0; p < out.result.pools.size(); ++p) {
            if (out.result.pools[p].gpu == jobs[k].gpu) {
                out.where[entryOfJob[k]] = {static_cast<int>(p), taken[p]++};
                break;
            }
        }
    }
    out.computeMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    return out;
}

bool parseDeadlineDays(const QString &text, const QString &planName, double &days, QString &error)
{
    const QString t = text.trimmed();
    if (t.isEmpty() || t.compare(QLatin1String("none"), Qt::CaseInsensitive) == 0) {
        days = -1;
        return true;
    }
    bool ok = false;
    const double v = QLocale::c().toDouble(t, &ok);
    if (!ok || !std::isfinite(v) || v < kMinPortfolioDeadlineDays || v > kMaxPortfolioDeadlineDays) {
        error = QObject::tr("Deadline of %1: \"%2\"; expected a number of days from %3 to %4, or empty for none")
                    .arg(planName, t)
                    .arg(boundText(kMinPortfolioDeadlineDays), boundText(kMaxPortfolioDeadlineDays));
        return false;
    }
    days = v;
    return true;
}

bool applyDeadlineOptions(std::vector<PortfolioEntry> &entries, const QString &allDays, const QStringList &perPlan,
                          QString &error)
{
    std::vector<double> days(entries.size(), -1.0);
    std::vector<bool> given(entries.size(), false);
    if (!allDays.isEmpty()) {
        double all = -1;
        if (!parseDeadlineDays(allDays, QStringLiteral("--deadline-days"), all, error) || all < 0) {
            if (all < 0 && error.isEmpty())
                error = QObject::tr("--deadline-days: \"%1\"; expected a number of days from %2 to 36,500")
                            .arg(allDays)
                            .arg(kMinPortfolioDeadlineDays);
            return false;
        }
        std::fill(days.begin(), days.end(), all);
    }
    for (const QString &item : perPlan) {
        const int eq = item.indexOf(QLatin1Char('='));
        bool ok = false;
        const int n = eq < 0 ? 0 : item.left(eq).toInt(&ok);
        if (eq < 0 || !ok || n < 1 || n > static_cast<int>(entries.size())) {
            error = QObject::tr("--deadline-days-of \"%1\": expected N=DAYS with N the position of a plan (1 to %2)")
                        .arg(item)
                        .arg(entries.size());
            return false;
        }
        const std::size_t i = static_cast<std::size_t>(n - 1);
        if (given[i]) {
            error = QObject::tr("--deadline-days-of \"%1\": plan %2 has a deadline already").arg(item).arg(n);
            return false;
        }
        if (entries[i].plan.workload.mode == Mode::Inference) {
            error = QObject::tr("--deadline-days-of %1: %2 is a serving fleet (always on); deadlines apply to training "
                                "jobs")
                        .arg(n)
                        .arg(entries[i].name);
            return false;
        }
        given[i] = true;
        double d = -1;
        if (!parseDeadlineDays(item.mid(eq + 1), QStringLiteral("--deadline-days-of %1").arg(n), d, error) || d < 0) {
            if (d < 0 && error.isEmpty())
                error = QObject::tr("--deadline-days-of \"%1\": expected N=DAYS").arg(item);
            return false;
        }
        days[i] = d;
    }
    for (std::size_t i = 0; i < entries.size(); ++i)
        entries[i].deadlineDays = entries[i].plan.workload.mode == Mode::Inference ? -1.0 : days[i];
    return true;
}

} // namespace gpuplan::ui
