// SPDX-License-Identifier: GPL-3.0-or-later
// INTERIM: replaced by the memory model (TrainingMemory.cpp / InferenceMemory.cpp).
#include "memory/MemoryModel.h"

namespace gpuplan {

MemoryResult estimateTrainingMemory(const ResolvedPlan &plan, const Layout &)
{
    MemoryResult m;
    m.capacityBytes = plan.gpu ? plan.gpu->memoryBytes : 0;
    m.fits = true;
    return m;
}

MemoryResult estimateInferenceMemory(const ResolvedPlan &plan, const Layout &)
{
    MemoryResult m;
    m.capacityBytes = plan.gpu ? plan.gpu->memoryBytes : 0;
    m.fits = true;
    return m;
}

} // namespace gpuplan
