// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/Cooling.h"

#include "common/Units.h"
#include "facility/Power.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Rack units of one scale-out switch (64-port NDR switches such as NVIDIA QM9700 are 1U).
constexpr double kSwitchRackUnits = 1.0;

} // namespace

CoolingResult computeCooling(const FacilityInputs &in, const PowerResult &power, const FabricSize &fabric)
{
    CoolingResult c;
    // Cooling is sized for the peak: every watt of IT load becomes a watt of heat.
    c.heatKw = power.peakItKw;
    c.heatBtuPerHour = c.heatKw * 1000.0 * units::kBtuPerHourPerWatt;
    c.tons = c.heatKw / units::kKwPerRefrigerationTon;

    const double nodeW = nodePeakW(in);
    const double nodes = totalNodes(in);
    if (in.rackScale) {
        c.nodesPerRack = 1;   // a rack-scale system is its own rack
        c.nodeExceedsRack = nodeW > in.rackLimitW;
    } else {
        const double byPower = std::floor(in.rackLimitW / nodeW);
        const double bySpace = in.nodeRackUnits > 0 ? std::floor(in.rackUnits / in.nodeRackUnits) : byPower;
        c.nodeExceedsRack = byPower < 1;   // a node taller than the rack still gets one rack
        c.nodesPerRack = static_cast<int>(std::clamp(std::min(byPower, bySpace), 1.0, 1e6));
    }
    c.computeRacks = static_cast<int>(std::min(std::ceil(nodes / c.nodesPerRack), 1e9));
    // The fullest rack: a cluster smaller than one rack does not fill it.
    c.kwPerRack = std::min(static_cast<double>(c.nodesPerRack), nodes) * nodeW / 1000.0;

    const double switches = fabric.switches();
    if (switches > 0) {
        const double bySpace = std::ceil(switches * kSwitchRackUnits / in.rackUnits);
        const double byPower = std::ceil(power.networkW / in.rackLimitW);
        c.networkRacks = static_cast<int>(std::min(std::max(bySpace, byPower), 1e9));
    }
    c.racks = c.computeRacks + c.networkRacks;

    c.liquidForcedByNode = in.nodeLiquidCooled;
    c.liquidRequired = c.liquidForcedByNode || c.kwPerRack * 1000.0 > in.airLimitW;
    return c;
}

} // namespace gpuplan
