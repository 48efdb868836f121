// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "facility/Cost.h"

// The hand-computed cost case of tst_cost and tst_cashview.
namespace gpuplan::test {

// One 8-GPU node used for 1,000 h of a training run; round numbers so the expected values can be
// computed by hand in the comments.
struct CostCase
{
    FacilityInputs in;
    PowerResult power;
    BillOfMaterials bom;
    ReliabilityResult reliability;

    CostCase()
    {
        in.jobGpus = 8;
        in.gpusPerNode = 8;
        in.jobNodes = 1;
        in.totalTokens = 1e9;
        in.idealRunS = 1000 * 3600.0;
        in.onpremUtilization = 0.5;
        in.cloudGpuHourUsd = 6;
        in.cloudOverheadFraction = 0.25;
        in.spotPenalty = 0.15;
        in.residualFraction = 0.1;
        in.depreciationYears = 5;
        in.financingRate = 0;
        in.electricityUsdPerKwh = 0.1;
        in.coloUsdPerKwMonth = 184.06;   // CBRE North America H2 2024
        in.supportFraction = 0.1;
        in.staffFte = 0.5;
        in.staffSalaryUsd = 200000;
        in.horizonMonths = 36;
        power.energyPerYearMwh = 100;
        power.peakItKw = 10;
        power.energyMwh = 12;            // the run's facility energy
        bom.capexUsd = 300000;
        reliability.effectiveTimeToTrainS = 1000 * 3600.0;
        reliability.goodput = 1;
    }
    CostResult cost() const { return computeCost(in, power, bom, reliability); }
};

} // namespace gpuplan::test
