// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "procure/Procurement.h"

// Compute-optimal model size for a budget and a deadline (Hoffmann et al. 2022, "Training
// Compute-Optimal Large Language Models": about 20 training tokens per parameter).
namespace gpuplan {

inline constexpr double kChinchillaTokensPerParam = 20.0;

// Training compute of a dense model: C = 6·N·D (formulas.md §5), so at D = 20·N, C = 120·N².
double computeOptimalParams(double computeFlops);

// The option that trains the most compute within the budget and the deadline, each option's
// cash and time taken as proportional to compute at its GPU count (measured on the plan's run of
// `planFlops`), and the largest compute-optimal model that compute trains. Unknown without a
// budget and a deadline.
ComputeOptimal computeOptimalModel(const ProcureRequest &request, const std::vector<ProcureOption> &options,
                                   double planFlops);

} // namespace gpuplan
