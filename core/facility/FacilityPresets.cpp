// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/FacilityPresets.h"

namespace gpuplan {

namespace {

const PuePreset kPuePresets[] = {
    {"hyperscale", "Hyperscale data center", 1.10,
     "Google fleet PUE 1.10 (CNBC, citing Google); hyperscale band 1.1-1.2 (itcalctools.com, ESTIMATE)", "2021-Q2"},
    {"modern", "Modern colocation / new AI build", 1.30,
     "Uptime Institute 14th annual survey: new large sites at or below 1.3 (cloudnews.tech summary)", "2024"},
    {"industry_average", "Industry average", 1.55,
     "Uptime Institute global survey average 1.55 in 2022, 1.58 in 2023 (upsite.com citing Uptime/Statista)", "2022"},
};

} // namespace

std::span<const PuePreset> puePresets()
{
    return kPuePresets;
}

} // namespace gpuplan
