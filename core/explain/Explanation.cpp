// SPDX-License-Identifier: GPL-3.0-or-later
#include "explain/Explanation.h"

#include "common/Format.h"
#include "explain/ExplainFormat.h"
#include "report/TextReport.h"

#include <cmath>
#include <cstdio>

namespace gpuplan {

namespace explainimpl {

namespace {

// "8.000" -> "8", "0.5600" -> "0.56".
std::string trimZeros(std::string s)
{
    if (s.find('.') == std::string::npos)
        return s;
    while (s.back() == '0')
        s.pop_back();
    if (s.back() == '.')
        s.pop_back();
    return s;
}

} // namespace

std::string num(double value, int significant)
{
    if (!std::isfinite(value))
        return "-";
    const double a = std::fabs(value);
    if (a >= 1000.0)
        return formatFixed(value, 0);
    if (a == 0.0)
        return "0";
    // Enough decimals for `significant` digits, no exponent notation.
    const int digits = static_cast<int>(std::floor(std::log10(a))) + 1;
    const int decimals = std::max(0, significant - digits);
    char format[16];
    std::snprintf(format, sizeof format, "%%.%df", decimals);
    return formatPrintf(format, value);
}

std::string fixed(double value, int decimals)
{
    return formatFixed(value, decimals);
}

std::string integer(double value)
{
    return formatFixed(value, 0);
}

std::string percent(double fraction, int decimals)
{
    return fixed(fraction * 100.0, decimals) + "%";
}

std::string bytesPerParam(double bytes)
{
    return trimZeros(num(bytes, 4)) + " B";
}

std::string countText(double count)
{
    std::string s = formatCount(count);
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    return s;
}

std::string params(double count)
{
    return countText(count) + " parameters";
}

std::string flops(double count)
{
    return formatCount(count) + "FLOP";   // "8.24 PFLOP", "512 FLOP"
}

std::string flopRate(double perSecond)
{
    return num(perSecond / 1e12) + " TFLOP/s";
}

std::string seconds(double s)
{
    if (s < 1.0)
        return num(s * 1000.0) + " ms";
    return num(s) + " s";
}

std::string kw(double kilowatts)
{
    if (kilowatts >= 1000.0)
        return fixed(kilowatts / 1000.0, 2) + " MW";
    if (kilowatts < 1.0)
        return num(kilowatts * 1000.0) + " W";
    return num(kilowatts) + " kW";
}

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
