// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/GpuSpec.h"

#include <string>
#include <string_view>

// Multi-Instance GPU (docs/performance-model.md, "MIG instances"): one instance of a partitioned GPU as the
// models see it. A plan with hardware.mig_profile counts instances in hardware.num_gpus; each
// instance is a device of its own (what CUDA enumerates), with its share of the GPU.
namespace gpuplan {

// The profile of `gpu` named `name` (case-insensitive); nullptr when the GPU has none of that name.
const MigProfile *findMigProfile(const GpuSpec &gpu, std::string_view name);

// "1g.10gb, 1g.20gb, ..." for messages; "none" for a GPU without profiles.
std::string migProfileNames(const GpuSpec &gpu);

// One instance of `profile` on `parent`: compute peaks scaled by its compute slices, HBM
// bandwidth by its memory slices, the profile's memory (the CUDA total scaled by the memory
// slices where that is less), no NVLink (instances do not talk peer to peer), and the GPU's
// power, price and PCIe link shared among the instances one GPU holds. Efficiency parameters are
// the GPU's: the same SMs and HBM, fewer of them.
GpuSpec migInstanceSpec(const GpuSpec &parent, const MigProfile &profile);

} // namespace gpuplan
