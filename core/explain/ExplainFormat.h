// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explain/Explanation.h"

#include <string>

// Number formatting and the per-topic builders shared by the explain/*.cpp files.
namespace gpuplan::explainimpl {

std::string num(double value, int significant = 3);      // "2.20", "0.0412", "1.02e+03" never: "1,024"
std::string fixed(double value, int decimals);           // "1.30"
std::string integer(double value);                       // "1,024"
std::string percent(double fraction, int decimals = 1);  // "41.2%"
std::string bytesPerParam(double bytes);                 // "2 B", "0.5625 B"
std::string countText(double count);                     // "2.2 G", "15 T", "512"
std::string params(double count);                        // "2.20 G parameters"
std::string flops(double count);                         // "8.64 PFLOP"
std::string flopRate(double perSecond);                  // "989 TFLOP/s"
std::string seconds(double s);                           // "12.3 s", "350 ms"
std::string kw(double kilowatts);                        // "1,360 kW", "1.36 MW"

// True when a and b agree within a relative tolerance (formula vs the model's figure).
bool close(double a, double b, double relative = 0.01);

void explainMemory(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainStepTime(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainThroughput(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainMfu(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainTimeToTrain(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainFacilityPower(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainCostPerRun(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainBreakEven(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainDataPath(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);

} // namespace gpuplan::explainimpl
