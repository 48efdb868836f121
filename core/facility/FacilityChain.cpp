// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/FacilityChain.h"

#include "facility/Cooling.h"
#include "facility/DataPath.h"
#include "facility/Cost.h"
#include "facility/Power.h"
#include "facility/Reliability.h"
#include "facility/Storage.h"

namespace gpuplan {

namespace {

// Everything that follows from the run's length and the cluster: `in` is at the pace the run goes.
// Out is FacilityOutputs or FacilityOutputRefs (the same member names).
template <typename Out>
void runPacedChain(const FacilityInputs &in, Out &out)
{
    out.fabric = fabricFor(in);
    out.power = computePower(in, out.fabric, out.storage.capacityBytes);
    out.cooling = computeCooling(in, out.power, out.fabric);
    out.bom = buildBom(in, out.fabric, out.cooling.racks, out.storage);
    out.reliability = computeReliability(in, out.storage);
    const bool training = in.mode == Mode::Training;
    const double wallS = training ? out.reliability.effectiveTimeToTrainS : in.idealRunS;
    const double tokens = training ? in.totalTokens : in.totalTokens * out.reliability.goodput;
    addEnergy(in, wallS, tokens, out.power);
    out.cost = computeCost(in, out.power, out.bom, out.reliability);
}

template <typename Out>
void runChain(const FacilityInputs &in, Out &out)
{
    // Storage and the data path see what the GPUs would consume at their own pace; when the data
    // path cannot deliver that, the run goes at its step: longer, the GPUs idle while they wait.
    out.storage = computeStorage(in);
    out.dataPath = computeDataPath(in, out.storage);
    if (out.dataPath.pace <= 1) {
        runPacedChain(in, out);
        return;
    }
    FacilityInputs paced = in;
    paced.idealRunS *= out.dataPath.pace;
    paced.tokensPerS /= out.dataPath.pace;
    paced.trainingBusyShare = out.dataPath.gpuBusyShare;
    runPacedChain(paced, out);
}

}   // namespace

void runFacilityChain(const FacilityInputs &in, FacilityOutputs &out)
{
    runChain(in, out);
}

void runFacilityChain(const FacilityInputs &in, const FacilityOutputRefs &out)
{
    runChain(in, out);   // assigns through the references
}

} // namespace gpuplan
