// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "plan/Plan.h"

#include <QString>

#include <vector>

namespace gpuplan {
struct Catalog;
}

namespace gpuplan::ui {

class PlanController;

// The key results compared across scenarios, in display order.
enum class ComparisonRow : int {
    Fits,
    MemoryPerGpu,
    TimeToTrain,
    ServingCapacity,
    TokensPerS,
    OutputTokensPerGpu,
    Mfu,
    Gpus,
    Nodes,
    FacilityPower,
    CloudCost,
    OnpremCost,
    BreakEven,
    Count
};
inline constexpr int kComparisonRowCount = static_cast<int>(ComparisonRow::Count);

// Which way a difference is an improvement.
enum class Better { Lower, Higher };

struct ComparisonCell
{
    QString text;              // with its unit; "—" when the scenario has no such result
    double value = 0;          // the number compared between scenarios
    bool hasValue = false;
};

// Scenarios side by side: column 0 is always the open plan (live), the others are plans loaded
// from files or snapshots of the open plan taken earlier. Every column is evaluated by the core
// with the controller's catalog; nothing here computes a result.
class ScenarioComparison
{
public:
    struct Scenario
    {
        QString name;
        QString origin;        // file path, or empty for a snapshot
        Plan plan;
    };

    // Loads a .gpuplan file as an extra column; on failure nothing changes.
    bool addFile(const QString &path, const Catalog &catalog, QString &error);
    void addSnapshot(const Plan &plan, const QString &name);
    bool remove(int scenarioIndex);                 // index into scenarios(), not the column
    const std::vector<Scenario> &scenarios() const { return m_scenarios; }

    // Re-evaluates every column: the open plan and each scenario.
    void refresh(const PlanController &controller);

    int columnCount() const { return static_cast<int>(m_columns.size()); }
    QString columnTitle(int column) const;
    const ComparisonCell &cell(ComparisonRow row, int column) const;
    // Relative difference of a column to column 0 (0 when either has no value).
    double difference(ComparisonRow row, int column) const;
    // Rows with a value in at least one column (training-only rows vanish for serving plans).
    bool rowUsed(ComparisonRow row) const;

    static QString rowLabel(ComparisonRow row);
    static Better better(ComparisonRow row);

private:
    struct Column
    {
        QString title;
        std::array<ComparisonCell, kComparisonRowCount> cells;
    };
    static Column evaluateColumn(const QString &title, const Plan &plan, const Catalog &catalog);

    std::vector<Scenario> m_scenarios;
    std::vector<Column> m_columns;
};

} // namespace gpuplan::ui
