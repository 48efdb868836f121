// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"

#include <vector>

namespace gpuplan::ui {

// Up to `count` catalog GPUs worth comparing with the plan's GPU: closest in memory capacity
// and generation, always including the next larger memory size when the catalog has one (the
// usual question is "would it fit on a bigger GPU?"). Sorted by memory capacity, then name.
std::vector<const GpuSpec *> comparableGpus(const Catalog &catalog, const GpuSpec &planGpu, int count);

} // namespace gpuplan::ui
