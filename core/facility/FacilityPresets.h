// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>

// Named facility presets the GUI lists next to the PUE field, each with its source and date
// (docs/references.md §2; docs/facility-and-cost.md).
namespace gpuplan {

struct PuePreset
{
    const char *id;        // "hyperscale", "modern", "industry_average"
    const char *label;
    double pue;
    const char *source;
    const char *date;
};

std::span<const PuePreset> puePresets();

} // namespace gpuplan
