// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <string>
#include <string_view>

// Parsing untrusted JSON text (plan files, catalog files) with a size and a nesting limit.
namespace gpuplan {

inline constexpr std::size_t kMaxJsonFileBytes = 16u * 1024u * 1024u;
inline constexpr int kMaxJsonNesting = 32;

// Deepest nesting of objects and arrays, counted on the text (strings skipped), so the limit
// holds before the parser recurses. Linear time; nlohmann's parse callback would be quadratic in
// the number of values.
int jsonNestingDepth(std::string_view text);

// "line 3, column 14" for a byte offset.
std::string jsonLineAndColumn(std::string_view text, std::size_t byte);

// Parses text within the limits. On failure returns false and a message without a file name:
// "not valid JSON at line 2, column 5: syntax error ...", "JSON nesting deeper than 32 levels", ...
bool parseLimitedJson(std::string_view text, nlohmann::json &out, std::string &error);

} // namespace gpuplan
