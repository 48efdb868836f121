// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "plan/Plan.h"
#include "search/LayoutSearch.h"

#include <QObject>

#include <atomic>
#include <memory>

class QThread;

namespace gpuplan::ui {

// Runs the core layout search (searchLayouts) for one plan on a worker thread, so the window
// stays responsive while thousands of layouts are evaluated. The search works on its own copies
// of the plan and the catalog: the user may keep editing (or reload the catalog) meanwhile.
// Progress and the result come back as signals on the thread that owns this object.
class AutoPlanRunner : public QObject
{
    Q_OBJECT
public:
    explicit AutoPlanRunner(QObject *parent = nullptr);
    ~AutoPlanRunner() override;   // cancels a running search and waits for it

    // False (with the reason in *error) when a search is already running or the plan does not
    // resolve against the catalog; progress/finished callbacks in options are replaced.
    bool start(const Plan &plan, const Catalog &catalog, SearchOptions options, QString *error = nullptr);
    void cancel();                 // asks the search to stop; finished() still follows
    bool isRunning() const { return m_job != nullptr; }

    const SearchResult &result() const { return m_result; }   // of the last finished search
    const Plan &searchedPlan() const { return m_searchedPlan; }

signals:
    void progress(qint64 done, qint64 total);
    void finished();               // result() holds the outcome (cancelled or not)

private:
    struct Job;
    void jobDone();

    std::unique_ptr<Job> m_job;
    QThread *m_thread = nullptr;
    SearchResult m_result;
    Plan m_searchedPlan;
};

} // namespace gpuplan::ui
