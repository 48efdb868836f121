// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "model/HfImport.h"

#include <nlohmann/json.hpp>

#include <string>

// The user catalog entry of an imported model (model/HfImport.h), as gpuplan-cli model import and
// the desktop's File > Import model write it: every model field a new preset needs under the
// catalog's keys, the stored weight format in its note, the checkpoint's parameter count when the
// safetensors headers were read. Its id does not take the place of a bundled or user entry: an
// id that names one is refused (a requested id) or made unique with "-imported" (a derived one);
// an earlier import of the same id is replaced.
namespace gpuplan {

inline constexpr const char *kModelImportSource = "gpuplan model import of ";

struct ModelImportEntry
{
    std::string id;
    std::string name;
    nlohmann::ordered_json entry;
};

// requestedId / requestedName empty = from the config or the folder name. date: YYYY-MM-DD.
bool makeModelImportEntry(const HfImport &model, const Catalog &catalog, const std::string &requestedId,
                          const std::string &requestedName, const std::string &date, ModelImportEntry &out,
                          std::string &error);

// Today's date (UTC) as YYYY-MM-DD.
std::string todayUtc();

} // namespace gpuplan
