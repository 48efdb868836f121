// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/LowPrecisionMemory.h"

#include "memory/MemoryAssumptions.h"

namespace gpuplan {

double lowPrecisionWeightBytes(Fp8Recipe recipe)
{
    using namespace memassume;
    switch (recipe) {
    case Fp8Recipe::Delayed:
    case Fp8Recipe::Tensorwise: return kFp8ValueBytes;   // one fp32 scale per tensor: nothing per element
    case Fp8Recipe::Blockwise: return kFp8ValueBytes + kFp32ScaleBytes / kFp8BlockwiseWeightBlock;
    case Fp8Recipe::Mxfp8: return kFp8ValueBytes + kMxScaleBytes / kMxBlock;
    case Fp8Recipe::Nvfp4: return kNvfp4ValueBytes + kNvfp4ScaleBytes / kNvfp4Block;
    }
    return kFp8ValueBytes;
}

double lowPrecisionActivationBytes(Fp8Recipe recipe)
{
    using namespace memassume;
    if (recipe == Fp8Recipe::Blockwise)
        return kFp8ValueBytes + kFp32ScaleBytes / kFp8BlockwiseActivationBlock;
    return lowPrecisionWeightBytes(recipe);
}

double lowPrecisionWeightCopyBytes(Fp8Recipe recipe, bool anyLayoutFp8Gemm)
{
    const bool perTensor = recipe == Fp8Recipe::Delayed || recipe == Fp8Recipe::Tensorwise;
    const double copies = perTensor && anyLayoutFp8Gemm ? 1.0 : 2.0;
    return copies * lowPrecisionWeightBytes(recipe);
}

} // namespace gpuplan
