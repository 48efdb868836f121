// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpuplan {

// A CSV file (RFC 4180: quoted fields, doubled quotes, newlines inside quotes) addressed by
// column name, so column order and extra columns do not matter.
class CsvTable
{
public:
    static constexpr std::size_t kMaxBytes = 64u * 1024u * 1024u;
    static constexpr std::size_t kMaxColumns = 1024;
    // Every cell is a string of its own (32 bytes or more): 4 million keep a file's table within
    // a few hundred MB, however it is shaped; validation files have thousands.
    static constexpr std::size_t kMaxCells = 4'000'000;

    // Returns false with a message (line number included) on malformed input.
    bool parse(std::string_view text, std::string &error);

    const std::vector<std::string> &header() const { return m_header; }
    std::size_t rowCount() const { return m_rows.size(); }
    bool hasColumn(std::string_view name) const { return column(name) >= 0; }
    int column(std::string_view name) const;
    // Cell text with surrounding spaces removed; empty when the column is absent.
    std::string_view cell(std::size_t row, std::string_view name) const;
    int lineOf(std::size_t row) const { return m_lines[row]; }

private:
    std::vector<std::string> m_header;
    std::vector<std::vector<std::string>> m_rows;
    std::vector<int> m_lines;
};

} // namespace gpuplan
