// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"

#include <string>
#include <vector>

namespace gpuplan {

// A cloud instance offer. Prices are USD per GPU-hour; negative = not published.
struct CloudOffer
{
    std::string id;
    std::vector<std::string> aliases;
    std::string provider;
    std::string instance;
    std::string gpu;                    // GPU id
    int gpusPerInstance = 8;
    double onDemandPerGpuHour = -1;
    double reserved1yPerGpuHour = -1;
    double reserved3yPerGpuHour = -1;
    double spotPerGpuHour = -1;
    double storageUsdPerGbMonth = -1;
    double egressUsdPerGb = -1;
    std::string region;
    std::string date;
    ProvenanceMap sources;
};

} // namespace gpuplan
