// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/JsonText.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <unordered_set>
#include <vector>

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

namespace {

using DomParser = nlohmann::detail::json_sax_dom_parser<nlohmann::json>;

// nlohmann's DOM builder, refusing a key that appears twice in one object: the parser would keep
// the last one silently, so a plan with two "tp" keys would mean whichever a reader took.
class UniqueKeyParser : public DomParser
{
public:
    using DomParser::DomParser;

    bool null() { return value() && DomParser::null(); }
    bool boolean(bool v) { return value() && DomParser::boolean(v); }
    bool number_integer(number_integer_t v) { return value() && DomParser::number_integer(v); }
    bool number_unsigned(number_unsigned_t v) { return value() && DomParser::number_unsigned(v); }
    bool number_float(number_float_t v, const string_t &s) { return value() && DomParser::number_float(v, s); }
    bool string(string_t &v) { return value() && DomParser::string(v); }
    bool binary(binary_t &v) { return value() && DomParser::binary(v); }
    bool start_object(std::size_t n)
    {
        value();
        m_frames.push_back({true, {}, {}, 0});
        return DomParser::start_object(n);
    }
    bool end_object()
    {
        m_frames.pop_back();
        return DomParser::end_object();
    }
    bool start_array(std::size_t n)
    {
        value();
        m_frames.push_back({false, {}, {}, 0});
        return DomParser::start_array(n);
    }
    bool end_array()
    {
        m_frames.pop_back();
        return DomParser::end_array();
    }
    bool key(string_t &k)
    {
        Frame &f = m_frames.back();
        if (!f.keys.insert(k).second) {
            m_duplicate = path(k);
            return false;
        }
        f.current = k;
        return DomParser::key(k);
    }

    // "parallelism.tp", "gpus[3].id": where the repeated key is.
    const std::string &duplicate() const { return m_duplicate; }

private:
    struct Frame
    {
        bool object;
        std::unordered_set<std::string> keys;
        std::string current;
        std::size_t index;
    };

    bool value()
    {
        if (!m_frames.empty() && !m_frames.back().object)
            ++m_frames.back().index;
        return true;
    }

    std::string path(const std::string &last) const
    {
        std::string out;
        for (std::size_t i = 0; i + 1 < m_frames.size(); ++i) {
            const Frame &f = m_frames[i];
            if (f.object)
                out += (out.empty() ? "" : ".") + f.current;
            else
                out += "[" + std::to_string(f.index - 1) + "]";
        }
        return out + (out.empty() ? "" : ".") + last;
    }

    std::vector<Frame> m_frames;
    std::string m_duplicate;
};

} // namespace

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
        UniqueKeyParser parser(out);
        if (!nlohmann::json::sax_parse(text, &parser) && !parser.duplicate().empty()) {
            error = "duplicate key \"" + parser.duplicate() + "\": each key may appear once in an object";
            out = nlohmann::json();
            return false;
        }
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
