// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

// File-format names of the enumerations (plan files, catalogs, CLI, JSON output).
// Parsing is case-insensitive and accepts the listed aliases; printing uses the first name.
namespace gpuplan {

struct EnumName
{
    int value;
    const char *name;    // canonical spelling, written to files
};

// All accepted spellings for one enumeration, canonical names first.
struct EnumNameTable
{
    const char *typeName;              // e.g. "recompute"
    std::span<const EnumName> names;   // canonical names, one per value
    std::span<const EnumName> aliases; // extra accepted spellings
};

const EnumNameTable &dtypeNames();
const EnumNameTable &modeNames();
const EnumNameTable &fineTuneNames();
const EnumNameTable &optimizerNames();
const EnumNameTable &recomputeNames();
const EnumNameTable &frameworkNames();
const EnumNameTable &lossKernelNames();
const EnumNameTable &memoryVerdictNames();
const EnumNameTable &offloadNames();
const EnumNameTable &scheduleNames();
const EnumNameTable &fp8RecipeNames();
const EnumNameTable &shardingImplNames();
const EnumNameTable &normNames();
const EnumNameTable &positionNames();
const EnumNameTable &engineNames();
const EnumNameTable &batchingNames();
const EnumNameTable &servingLoadNames();
const EnumNameTable &servingModeNames();   // "aggregated", "disaggregated"
const EnumNameTable &kvTransferNames();    // "network", "nvlink"
const EnumNameTable &coolingNames();
const EnumNameTable &cloudPricingNames();
const EnumNameTable &storageTierNames();
const EnumNameTable &roleTierNames();          // a storage role's tier: "same", "none" or a tier
const EnumNameTable &requiredRoleTierNames();  // the same without "none" (data and checkpoints)
const EnumNameTable &storageRoleNames();       // "data", "cache", "checkpoint", "archive"
const EnumNameTable &dataKindNames();          // "tokens", "images", "video"
const EnumNameTable &dataLimitNames();         // what limits a training step: "gpu", "storage", "network", "host_cpu"

std::optional<int> parseEnum(const EnumNameTable &table, std::string_view text);
const char *enumName(const EnumNameTable &table, int value);
// "a, b or c" for error messages.
std::string allowedNames(const EnumNameTable &table);

template <typename E>
const char *nameOf(const EnumNameTable &table, E value)
{
    return enumName(table, static_cast<int>(value));
}

} // namespace gpuplan
