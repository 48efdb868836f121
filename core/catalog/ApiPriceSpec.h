// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"

#include <string>
#include <vector>

namespace gpuplan {

// A published per-token API price of an open-weight model (catalogs/api_prices.json): what a
// provider charges per million input and output tokens, beside which a serving plan's own price per
// token is shown (facility/TokenPrice.h). `model` names the catalog model preset of the same
// weights, empty when the catalog has none (the entry is listed, not compared by size).
struct ApiPrice
{
    std::string id;
    std::vector<std::string> aliases;
    std::string name;                   // "Groq, openai/gpt-oss-120b"
    std::string provider;               // as people write it: "Groq", "Together AI"
    std::string apiModel;               // the provider's model name
    std::string model;                  // catalog model preset id; empty = none
    std::string weights;                // licence of the open weights, as published
    double inputUsdPerMtok = 0;         // USD per million input tokens
    double cachedInputUsdPerMtok = -1;  // negative = not published
    double outputUsdPerMtok = 0;        // USD per million output tokens
    std::string conditions;             // tier, context, peak hours
    ProvenanceMap sources;
};

} // namespace gpuplan
