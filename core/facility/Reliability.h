// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"
#include "facility/FacilityInputs.h"

// Failures, checkpoint interval and goodput (docs/formulas.md §11): cluster MTBF M = M_node / nodes,
// Daly's higher-order optimum interval, and the expected wall time with exponential failures.
namespace gpuplan {

// Daly (2006) optimum compute time between checkpoints for blocking time delta and MTBF m
// (same time unit): sqrt(2δM)·[1 + ⅓·sqrt(δ/(2M)) + δ/(18M)] − δ for δ < 2M, else M.
double dalyInterval(double delta, double mtbf);

// Useful share of wall time with checkpoints every tau (blocking delta), restart r and MTBF m,
// from Daly's expected wall time T_w = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·T_s/τ. To first order this is
// 1 − δ/τ − (τ+δ)/(2M) − R/M, the form in docs/formulas.md §11.
double checkpointGoodput(double tau, double delta, double restart, double mtbf);

// Smallest k with P(Poisson(lambda) <= k) >= 0.95.
int poissonQuantile95(double lambda);

// `storage` gets drainLimited set when an asynchronous write outlasts the optimal interval.
ReliabilityResult computeReliability(const FacilityInputs &in, StorageResult &storage);

} // namespace gpuplan
