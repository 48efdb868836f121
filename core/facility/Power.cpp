// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/Power.h"

#include "common/Units.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

double servingCurveFraction(const std::vector<ServingPowerPoint> &curve, double inFlight, double idleFraction)
{
    if (curve.empty())
        return idleFraction;
    const ServingPowerPoint &first = curve.front();
    // Below the first measured load the replica idles part of the time: linear towards idle at 0.
    if (!(inFlight > 0))
        return idleFraction;
    if (inFlight <= first.inFlight)
        return idleFraction + (first.tdpFraction - idleFraction) * inFlight / first.inFlight;
    for (std::size_t k = 1; k < curve.size(); ++k) {
        const ServingPowerPoint &a = curve[k - 1], &b = curve[k];
        if (inFlight <= b.inFlight) {
            // The measurements are spaced in powers of two: interpolate in log(load).
            const double t = std::log(inFlight / a.inFlight) / std::log(b.inFlight / a.inFlight);
            return a.tdpFraction + t * (b.tdpFraction - a.tdpFraction);
        }
    }
    return curve.back().tdpFraction;
}

double nodePeakW(const FacilityInputs &in)
{
    // A catalog maximum below the GPUs' own TDPs would be inconsistent data; the GPUs bound it.
    return std::max(in.nodeMaxW, in.gpusPerNode * in.gpuTdpW);
}

PowerResult computePower(const FacilityInputs &in, const FabricSize &fabric, double storageBytes)
{
    PowerResult p;
    const double nodes = totalNodes(in);
    const double gpusBought = nodes * in.gpusPerNode;
    const double idleGpus = std::max(0.0, gpusBought - in.jobGpus);   // spares and unused slots

    // Share of the time the job's GPUs are busy: a training run keeps them busy unless they wait for
    // data (the data path's pace); serving runs at its load. Idle time draws the idle fraction
    // (BudSimulator: idle 12.5% of TDP).
    const double busyShare = in.mode == Mode::Training ? in.trainingBusyShare : in.powerShare();
    const double jobGpuW = in.gpuTdpW * (busyShare * in.busyPowerFraction + (1.0 - busyShare) * in.idlePowerFraction);
    p.gpuW = in.jobGpus * jobGpuW + idleGpus * in.gpuTdpW * in.idlePowerFraction;
    p.nodeOverheadW = nodes * in.nodeOverheadW;
    p.networkW = fabric.switches() * in.switchPowerW;
    p.storageW = storageBytes / units::kTB * in.storageWPerTb;
    const double fixedW = p.nodeOverheadW + p.networkW + p.storageW;
    p.itW = p.gpuW + fixedW;
    p.itKw = p.itW / 1000.0;
    p.facilityKw = p.itKw * in.pue;
    p.peakItKw = (nodes * nodePeakW(in) + p.networkW + p.storageW) / 1000.0;
    p.peakFacilityKw = p.peakItKw * in.pue;
    p.gpuPowerFraction = in.busyPowerFraction;
    p.gpuPowerBasis = in.powerBasis;
    p.gpuPowerInFlight = in.powerInFlight;

    // A year of the owned cluster: GPUs busy for the utilization share of the hours (a serving
    // deployment is busy at its load).
    const double u = in.mode == Mode::Training ? in.gpuUtilization : in.powerShare();
    const double yearGpuW = gpusBought * in.gpuTdpW * (u * in.busyPowerFraction + (1.0 - u) * in.idlePowerFraction);
    p.averageItKw = (yearGpuW + fixedW) / 1000.0;
    p.energyPerYearMwh = p.averageItKw * in.pue * 8760.0 / 1000.0;
    p.co2PerYearTonnes = p.energyPerYearMwh * in.gridKgPerKwh;   // MWh x kg/kWh = t
    return p;
}

void addEnergy(const FacilityInputs &in, double wallS, double tokens, PowerResult &p)
{
    p.energyMwh = p.facilityKw * wallS / units::kHour / 1000.0;
    p.co2Tonnes = p.energyMwh * in.gridKgPerKwh;
    p.energyPerMillionTokensKwh = tokens > 0 ? p.energyMwh * 1000.0 / (tokens / 1e6) : 0.0;
}

double tokensPerJoule(const PowerResult &p)
{
    constexpr double kJoulesPerKwh = 3.6e6;
    return p.energyPerMillionTokensKwh > 0 ? 1e6 / (p.energyPerMillionTokensKwh * kJoulesPerKwh) : 0.0;
}

} // namespace gpuplan
