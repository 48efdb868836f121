// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The validation tables of tests/data/validation/ for core tests; a table that cannot be read
// stops the test with the reason.

#include "common/TextFile.h"
#include "validate/CsvTable.h"

#include <QtGlobal>

#include <string>

namespace gpuplan::test {

inline CsvTable loadValidationTable(const std::string &path)
{
    std::string text, error;
    CsvTable table;
    if (!readTextFile(path, CsvTable::kMaxBytes, text, error) || !table.parse(text, error))
        qFatal("%s: %s", path.c_str(), error.c_str());
    return table;
}

// tests/data/validation/<name>, e.g. "memory_public.csv".
inline CsvTable validationTable(const char *name)
{
    return loadValidationTable(std::string(GPUPLAN_SOURCE_DIR "/tests/data/validation/") + name);
}

} // namespace gpuplan::test
