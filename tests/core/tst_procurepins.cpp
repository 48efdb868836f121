// SPDX-License-Identifier: GPL-3.0-or-later
// The procurement planner's answers on the bundled training examples, pinned: every option (GPU,
// count, way of paying, offer, term, the chosen layout, its time, cash and cost of ownership), the
// best, the estimated best and the Pareto front of `procure` with $30 M and 240 days (each
// explored count's layout in words, the options by a hash of their lines). A change
// that only speeds up the per-count layout searches (docs/performance.md, "Procurement planner")
// must leave these files as they are. The reject and evaluation counts are not pinned: pruning
// more changes them and nothing else.
//
// After a deliberate change of the models or catalogs, rewrite the pins with
// GPUPLAN_WRITE_PROCURE_PINS=1 and review the diff.
#include "catalog/CatalogLoader.h"
#include "plan/PlanIo.h"
#include "procure/Procurement.h"

#include <QTest>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace gpuplan;

namespace {

std::string pinPath(const QString &example)
{
    return std::string(GPUPLAN_SOURCE_DIR "/tests/data/procure_pins/") + example.toStdString() + ".txt";
}

// Nine significant digits: the same layouts give the same figures; a different layout at a count
// changes the time and cash far more than that.
std::string num(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string layoutText(const Layout &l)
{
    std::ostringstream s;
    s << "n" << l.numGpus << " tp" << l.tp << " pp" << l.pp << " dp" << l.dp << " cp" << l.cp << " ep" << l.ep << " etp"
      << l.expertTp << " vp" << l.vp << " sp" << l.sp << " mb" << l.microBatch << " zero" << l.zero << " impl"
      << static_cast<int>(l.sharding) << " rc" << static_cast<int>(l.recompute) << " offo"
      << static_cast<int>(l.offloadOptimizer) << " offp" << static_cast<int>(l.offloadParams) << " sched"
      << static_cast<int>(l.schedule);
    return s.str();
}

// FNV-1a: the options' lines are too many to keep as text (about 1,200 per example), so they are
// pinned by their hash beside the readable list of each explored count's layout.
std::uint64_t fnv1a(const std::string &text)
{
    std::uint64_t h = 1469598103934665603ull;
    for (const char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ull;
    }
    return h;
}

std::string digest(const ProcureResult &r)
{
    std::ostringstream s, options;
    s << "gpus";
    for (const std::string &g : r.gpusExplored)
        s << ' ' << g;
    s << "\n";
    // Each explored count once: its buy option, else its first cloud option.
    std::set<std::pair<std::string, int>> counts;
    for (const ProcureOption &o : r.options) {
        if (o.acquisition != Acquisition::Hybrid && counts.insert({o.gpu, o.numGpus}).second)
            s << o.gpu << ' ' << o.numGpus << " | " << layoutText(o.layout) << " | days " << num(o.timeToTrainDays)
              << " tok/s " << num(o.tokensPerS) << "\n";
    }
    for (std::size_t i = 0; i < r.options.size(); ++i) {
        const ProcureOption &o = r.options[i];
        options << i << ' ' << o.gpu << ' ' << o.numGpus << ' ' << acquisitionName(o.acquisition) << ' ' << o.offer
                << ' ' << static_cast<int>(o.term) << " | " << layoutText(o.layout) << " | " << num(o.timeToTrainDays)
                << ' ' << num(o.finishDays) << ' ' << num(o.cashUsd) << ' ' << num(o.tcoUsd) << ' ' << o.feasible
                << "\n";
        for (const HybridPart &p : o.parts)
            options << "  " << acquisitionName(p.acquisition) << ' ' << p.numGpus << ' ' << p.offer << " | "
                    << layoutText(p.layout) << " | " << num(p.tokenShare) << ' ' << num(p.days) << "\n";
    }
    char hash[32];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(options.str())));
    s << "options " << r.options.size() << " hash " << hash << "\nbest " << r.best << " estimated " << r.bestEstimated
      << "\npareto";
    for (const int i : r.pareto)
        s << ' ' << i;
    s << "\n";
    return s.str();
}

}   // namespace

class TestProcurePins final : public QObject
{
    Q_OBJECT

private slots:
    void answersArePinned_data() const
    {
        QTest::addColumn<QString>("example");
        QTest::newRow("llama3-70b") << QStringLiteral("llama3-70b-training");
        QTest::newRow("llama3-70b-h200") << QStringLiteral("llama3-70b-training-h200");
        QTest::newRow("deepseek-v3") << QStringLiteral("deepseek-v3-training");
    }

    void answersArePinned() const
    {
        QFETCH(QString, example);
        const Catalog &catalog = bundledCatalog();
        Plan plan;
        std::vector<PlanError> errors;
        const std::string file = std::string(GPUPLAN_SOURCE_DIR "/examples/") + example.toStdString() + ".gpuplan";
        QVERIFY(loadPlanFile(file, &catalog, plan, errors));
        ProcureRequest request;
        request.budgetUsd = 30e6;
        request.deadlineDays = 240;
        ProcureResult result;
        std::string error;
        QVERIFY2(procure(plan, catalog, request, result, error), error.c_str());
        QVERIFY(!result.options.empty());
        const std::string got = digest(result);
        if (std::getenv("GPUPLAN_WRITE_PROCURE_PINS")) {
            std::ofstream(pinPath(example)) << got;
            return;
        }
        std::ifstream in(pinPath(example));
        QVERIFY2(in, pinPath(example).c_str());
        std::stringstream want;
        want << in.rdbuf();
        // Line by line, so a failure names the first option that changed.
        std::istringstream a(got), b(want.str());
        std::string la, lb;
        int line = 0;
        while (true) {
            const bool ha = static_cast<bool>(std::getline(a, la)), hb = static_cast<bool>(std::getline(b, lb));
            ++line;
            if (!ha && !hb)
                break;
            const std::string where = "line " + std::to_string(line) + " of " + pinPath(example) + ": got \"" + la +
                                      "\", pinned \"" + lb + "\"";
            QVERIFY2(ha == hb && la == lb, where.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestProcurePins)
#include "tst_procurepins.moc"
