// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

#include <string>
#include <string_view>
#include <vector>

// "Why this number": a key result taken apart into its formula, the plan's values substituted
// into it and the source of the formula (docs/teaching.md). Every value shown is read from the
// evaluation or from the core functions the models themselves call, never recomputed with a
// separate copy of the physics. Built on demand for the explanation pane, outside the evaluation
// path, so it may allocate.
namespace gpuplan {

enum class ExplainTopic : int {
    MemoryPerGpu,
    StepTime,
    Throughput,
    Mfu,
    TimeToTrain,
    FacilityPower,
    CostPerRun,
    BreakEven,
    DataPath,
    Count
};
inline constexpr int kExplainTopicCount = static_cast<int>(ExplainTopic::Count);

// One input of the formula: its symbol, what it is and its value for this plan, with its unit.
struct ExplainTerm
{
    std::string symbol;
    std::string meaning;
    std::string value;
};

// One line of the calculation: a part of the result, its formula, the formula with the plan's
// numbers in it, and the value the model produced for it.
struct ExplainStep
{
    std::string label;
    std::string formula;
    std::string substituted;
    std::string value;
};

struct Explanation
{
    ExplainTopic topic = ExplainTopic::MemoryPerGpu;
    bool available = false;             // false: no result for this plan; notes say why
    std::string title;
    std::string formula;                // the headline formula in symbols
    std::vector<ExplainTerm> terms;
    std::vector<ExplainStep> steps;
    std::string result;                 // the key result as the strip shows it, with its unit
    std::vector<std::string> notes;     // what the formula leaves out and the model includes
    std::string source;                 // papers, tables, reference sections
};

std::string_view explainTopicTitle(ExplainTopic topic);

Explanation explain(ExplainTopic topic, const ResolvedPlan &plan, const Evaluation &evaluation);

// The explanation as plain text (terminals, tests, copy to clipboard).
std::string explanationText(const Explanation &explanation);

} // namespace gpuplan
