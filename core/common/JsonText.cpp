// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/JsonText.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace gpuplan {

int jsonNestingDepth(std::string_view text)
{
    int depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            deepest = std::max(deepest, ++depth);
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return deepest;
}

std::string jsonLineAndColumn(std::string_view text, std::size_t byte)
{
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        column = text[i] == '\n' ? 1 : column + 1;
        line += text[i] == '\n' ? 1 : 0;
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

bool parseLimitedJson(std::string_view text, nlohmann::json &out, std::string &error)
{
    if (text.size() > kMaxJsonFileBytes) {
        error = "file of " + std::to_string(text.size()) + " bytes exceeds the " +
                std::to_string(kMaxJsonFileBytes / (1024 * 1024)) + " MiB limit";
        return false;
    }
    if (jsonNestingDepth(text) > kMaxJsonNesting) {
        error = "JSON nesting deeper than " + std::to_string(kMaxJsonNesting) + " levels";
        return false;
    }
    try {
        out = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error &e) {
        // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..." -> the
        // explanation after the position, which is given again in our own words.
        std::string what = e.what();
        const std::size_t column = what.find("column");
        const std::size_t colon = what.find(": ", column == std::string::npos ? 0 : column);
        what = colon != std::string::npos ? what.substr(colon + 2) : what;
        error = "not valid JSON at " + jsonLineAndColumn(text, e.byte > 0 ? e.byte - 1 : 0) + ": " + what;
        return false;
    } catch (const nlohmann::json::exception &e) {
        // e.g. a number beyond the range of a double ("number overflow parsing '1e999'")
        std::string what = e.what();
        const std::size_t bracket = what.find("] ");
        error = "not a usable JSON document: " + (bracket != std::string::npos ? what.substr(bracket + 2) : what);
        return false;
    }
    return true;
}

} // namespace gpuplan
