// SPDX-License-Identifier: GPL-3.0-or-later
// Elastic training in the plan report: the node range, the layout the job falls back to with its
// throughput, time and cost, and the expected time to train (docs/facility-and-cost.md).
#include "report/ReportSections.h"

#include "search/ElasticJson.h"

namespace gpuplan::ui::report {

void addElastic(ReportDocument &doc, const SectionInput &in)
{
    if (!in.elastic.enabled)
        return;
    const ElasticLines l = elasticLines(in.elastic);
    Table t;
    t.id = QStringLiteral("elastic");
    t.columns = {{QObject::tr("Elastic training"), 1.2, false}, {QObject::tr("Value"), 2.8, false}};
    auto row = [&t](const QString &label, const std::string &value) {
        if (!value.empty())
            t.rows.push_back({{label, QString::fromStdString(value)}});
    };
    row(QObject::tr("Node range"), l.range);
    row(QObject::tr("Fallback layout"), l.fallback);
    row(QObject::tr("At the fallback size"), l.degradedRun);
    row(QObject::tr("Expected time to train"), l.expected);
    row(QObject::tr("Fixed size, same spares"), l.fixedSize);
    t.note = QObject::tr("Nodes under repair are Poisson with mean nodes × repair time ÷ node MTBF. While short, the job "
                         "runs the fastest layout the search finds with the plan's global batch on the most nodes at or "
                         "below the floor that can hold one. The time with failures elsewhere in this report assumes a "
                         "replacement node at every restart; the two times here count only the hot spares, so they "
                         "compare elastic and fixed-size training on the same footing.");
    doc.add(std::move(t));
}

} // namespace gpuplan::ui::report
