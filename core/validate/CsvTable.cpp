// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/CsvTable.h"

#include "common/Utf8.h"

#include <algorithm>

namespace gpuplan {

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

} // namespace

bool CsvTable::parse(std::string_view text, std::string &error)
{
    m_header.clear();
    m_rows.clear();
    m_lines.clear();
    if (text.size() > kMaxBytes) {
        error = "CSV file larger than " + std::to_string(kMaxBytes / (1024 * 1024)) + " MiB";
        return false;
    }
    if (text.starts_with("\xEF\xBB\xBF"))
        text.remove_prefix(3);   // UTF-8 byte-order mark
    // Cells end up in JSON reports, which must be UTF-8; refuse other encodings here, with the line.
    if (std::size_t bad = 0; !isValidUtf8(text, &bad)) {
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(bad), '\n');
        error = "line " + std::to_string(line) + ": not UTF-8 text (save the file as UTF-8)";
        return false;
    }

    std::vector<std::string> record;
    std::string field;
    bool inQuotes = false;
    bool fieldWasQuoted = false;
    int line = 1;
    int recordLine = 1;
    std::size_t cells = 0;
    auto endField = [&] {
        ++cells;
        record.push_back(fieldWasQuoted ? field : std::string(trim(field)));
        field.clear();
        fieldWasQuoted = false;
    };
    auto endRecord = [&]() -> bool {
        endField();
        if (record.size() > kMaxColumns) {
            error = "line " + std::to_string(recordLine) + ": more than " + std::to_string(kMaxColumns) + " columns";
            return false;
        }
        const bool blank = record.size() == 1 && record[0].empty();
        if (!blank) {
            if (m_header.empty()) {
                m_header = std::move(record);
            } else {
                m_rows.push_back(std::move(record));
                m_lines.push_back(recordLine);
            }
        }
        record.clear();
        recordLine = line;
        return true;
    };

    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inQuotes) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == '\n')
                    ++line;
                field += c;
            }
            continue;
        }
        switch (c) {
        case '"':
            if (!trim(field).empty()) {
                error = "line " + std::to_string(line) + ": quote inside an unquoted field";
                return false;
            }
            field.clear();
            inQuotes = true;
            fieldWasQuoted = true;
            break;
        case ',':
            // Checked as the cells come, not once a record is complete: a line of 60 million
            // commas must not become 60 million strings first.
            if (record.size() + 1 >= kMaxColumns) {
                error =
                    "line " + std::to_string(recordLine) + ": more than " + std::to_string(kMaxColumns) + " columns";
                return false;
            }
            if (cells >= kMaxCells) {
                error =
                    "line " + std::to_string(line) + ": more than " + std::to_string(kMaxCells) + " cells in the file";
                return false;
            }
            endField();
            break;
        case '\n':
            ++line;
            if (cells >= kMaxCells) {
                error = "line " + std::to_string(recordLine) + ": more than " + std::to_string(kMaxCells) +
                        " cells in the file";
                return false;
            }
            if (!endRecord())
                return false;
            break;
        default:
            if (c == '\0') {
                error = "line " + std::to_string(line) + ": NUL byte (not a text file?)";
                return false;
            }
            field += c;
        }
    }
    if (inQuotes) {
        error = "line " + std::to_string(recordLine) + ": unterminated quoted field";
        return false;
    }
    if (!field.empty() || !record.empty())
        endRecord();
    if (m_header.empty()) {
        error = "empty CSV file (no header line)";
        return false;
    }
    return true;
}

int CsvTable::column(std::string_view name) const
{
    for (std::size_t i = 0; i < m_header.size(); ++i) {
        if (m_header[i] == name)
            return static_cast<int>(i);
    }
    return -1;
}

std::string_view CsvTable::cell(std::size_t row, std::string_view name) const
{
    const int c = column(name);
    if (c < 0 || row >= m_rows.size())
        return {};
    const std::vector<std::string> &r = m_rows[row];
    if (static_cast<std::size_t>(c) >= r.size())
        return {};
    return trim(r[static_cast<std::size_t>(c)]);
}

} // namespace gpuplan
