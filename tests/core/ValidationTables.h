// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The validation tables of tests/data/validation/ for core tests; a table that cannot be read
// stops the test with the reason.

#include "common/TextFile.h"
#include "validate/CsvTable.h"

#include <QtGlobal>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

// tests/data/<name>, e.g. "memory_heldout_kinds.csv".
inline CsvTable dataTable(const char *name)
{
    return loadValidationTable(std::string(GPUPLAN_SOURCE_DIR "/tests/data/") + name);
}

// CSV text written by a test, parsed; text that does not parse stops the test.
inline CsvTable parsedTable(const std::string &text)
{
    CsvTable t;
    std::string error;
    if (!t.parse(text, error))
        qFatal("%s", error.c_str());
    return t;
}

// The index of the row whose id is `id`; a missing row stops the test.
inline std::size_t rowIndexOf(const CsvTable &t, const std::string &id)
{
    for (std::size_t i = 0; i < t.rowCount(); ++i) {
        if (t.cell(i, "id") == id)
            return i;
    }
    qFatal("no row %s in the table", id.c_str());
}

using Cells = std::vector<std::pair<std::string, std::string>>;

inline std::string csvQuoted(std::string_view text)
{
    std::string out = "\"";
    for (char c : text) {
        out += c;
        if (c == '"')
            out += '"';
    }
    return out + "\"";
}

// Row `id` of `t` with `cells` replaced, as a table of its own (a variant of the same run).
inline CsvTable variantOf(const CsvTable &t, const std::string &id, const Cells &cells)
{
    const std::size_t row = rowIndexOf(t, id);
    std::string header, line;
    for (const std::string &column : t.header()) {
        std::string value(t.cell(row, column));
        for (const auto &[name, replacement] : cells) {
            if (name == column)
                value = replacement;
        }
        header += (header.empty() ? "" : ",") + column;
        line += (line.empty() ? "" : ",") + csvQuoted(value);
    }
    return parsedTable(header + "\n" + line + "\n");
}

} // namespace gpuplan::test
