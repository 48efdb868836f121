// SPDX-License-Identifier: GPL-3.0-or-later
#include "explain/Explanation.h"

#include "common/Format.h"
#include "explain/ExplainFormat.h"
#include "report/TextReport.h"

#include <cmath>

namespace gpuplan {

namespace explainimpl {

bool close(double a, double b, double relative)
{
    return std::fabs(a - b) <= relative * std::max(std::fabs(a), std::fabs(b)) + 1e-12;
}

} // namespace explainimpl

std::string_view explainTopicTitle(ExplainTopic topic)
{
    switch (topic) {
    case ExplainTopic::MemoryPerGpu: return "Memory per GPU";
    case ExplainTopic::StepTime: return "Step time";
    case ExplainTopic::Throughput: return "Tokens per second";
    case ExplainTopic::Mfu: return "Model FLOPs utilization (MFU)";
    case ExplainTopic::TimeToTrain: return "Time to train";
    case ExplainTopic::FacilityPower: return "Facility power";
    case ExplainTopic::CostPerRun: return "Cost per run";
    case ExplainTopic::BreakEven: return "Break-even of owning vs renting";
    case ExplainTopic::DataPath: return "Data path";
    case ExplainTopic::Count: break;
    }
    return "";
}

Explanation explain(ExplainTopic topic, const ResolvedPlan &plan, const Evaluation &evaluation)
{
    using namespace explainimpl;
    Explanation out;
    out.topic = topic;
    out.title = std::string(explainTopicTitle(topic));
    if (!plan.plan || !plan.gpu) {
        out.notes.push_back("The plan does not resolve against the catalog, so there is nothing to explain.");
        return out;
    }
    switch (topic) {
    case ExplainTopic::MemoryPerGpu: explainMemory(out, plan, evaluation); break;
    case ExplainTopic::StepTime: explainStepTime(out, plan, evaluation); break;
    case ExplainTopic::Throughput: explainThroughput(out, plan, evaluation); break;
    case ExplainTopic::Mfu: explainMfu(out, plan, evaluation); break;
    case ExplainTopic::TimeToTrain: explainTimeToTrain(out, plan, evaluation); break;
    case ExplainTopic::FacilityPower: explainFacilityPower(out, plan, evaluation); break;
    case ExplainTopic::CostPerRun: explainCostPerRun(out, plan, evaluation); break;
    case ExplainTopic::BreakEven: explainBreakEven(out, plan, evaluation); break;
    case ExplainTopic::DataPath: explainDataPath(out, plan, evaluation); break;
    case ExplainTopic::Count: break;
    }
    // A plan that cannot run: the arithmetic stays, but its result is what the run would be, not an
    // answer, as the key results say. "Does not fit" is the memory answer itself.
    const PlanValidity &validity = evaluation.validity;
    const bool memoryIsTheAnswer = topic == ExplainTopic::MemoryPerGpu && validity.status == PlanStatus::DoesNotFit;
    if (!validity.valid() && !memoryIsTheAnswer && !out.result.empty()) {
        out.result = "would be " + out.result;
        out.notes.insert(out.notes.begin(), describeValidity(validity) +
                                                ". The result is what the run would be if the plan could run as written.");
    }
    return out;
}

std::string explanationText(const Explanation &x)
{
    std::string out = x.title + "\n";
    if (!x.formula.empty())
        out += "  " + x.formula + "\n";
    if (!x.terms.empty()) {
        out += "Where\n";
        for (const ExplainTerm &t : x.terms)
            out += "  " + t.symbol + " = " + t.value + "  (" + t.meaning + ")\n";
    }
    if (!x.steps.empty()) {
        out += "With this plan\n";
        for (const ExplainStep &s : x.steps) {
            out += "  " + s.label + ": " + s.formula;
            if (!s.substituted.empty())
                out += " = " + s.substituted;
            out += " = " + s.value + "\n";
        }
    }
    if (!x.result.empty())
        out += "Result: " + x.result + "\n";
    for (const std::string &n : x.notes)
        out += "Note: " + n + "\n";
    if (!x.source.empty())
        out += "Source: " + x.source + "\n";
    return out;
}

} // namespace gpuplan
