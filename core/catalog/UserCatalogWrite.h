// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <string>

// Writing one entry to the user catalog folder without Qt: the file the desktop application
// writes too (ui/catalog/UserCatalogEntry.h, "added-in-gpuplan.json"), so an entry saved here can
// be edited or deleted in the catalog browser. The entry is checked by loading the folder as it
// would be with it; only then is the file replaced, through a temporary file, never half-written.
namespace gpuplan {

inline constexpr const char *kUserCatalogFileName = "added-in-gpuplan.json";

struct UserCatalogWrite
{
    std::string file;        // the file written
    bool replaced = false;   // an entry with the same id was in the file and was replaced
};

// Adds (or replaces, by id) entry in the kind array ("models", "gpus", ...) of
// <userDir>/added-in-gpuplan.json, creating the folder and the file when needed. On failure
// nothing is written and error says why, naming the file and the field.
bool writeUserCatalogEntry(const std::string &userDir, const std::string &kind, const nlohmann::ordered_json &entry,
                           UserCatalogWrite &result, std::string &error);

} // namespace gpuplan
