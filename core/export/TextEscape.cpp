// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/TextEscape.h"

#include "common/Utf8.h"

#include <algorithm>
#include <cstdio>

namespace gpuplan {

namespace {

bool isAsciiAlnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Cuts s to at most n bytes without splitting a UTF-8 sequence.
void truncateUtf8(std::string &s, std::size_t n)
{
    if (s.size() <= n)
        return;
    std::size_t cut = n;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
        --cut;
    s.resize(cut);
}

// The code point at text[i] (advancing i past it), or kInvalid for a byte that does not start a
// well-formed UTF-8 sequence (advancing one byte).
constexpr std::uint32_t kInvalid = 0xFFFFFFFF;

std::uint32_t nextCodePoint(std::string_view text, std::size_t &i)
{
    const auto *s = reinterpret_cast<const unsigned char *>(text.data());
    const unsigned char c = s[i];
    if (c < 0x80) {
        ++i;
        return c;
    }
    std::size_t length = 0;
    if (c >= 0xC2 && c <= 0xDF)
        length = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        length = 3;
    else if (c >= 0xF0 && c <= 0xF4)
        length = 4;
    if (length == 0 || !isValidUtf8(text.substr(i, std::min(length, text.size() - i))) || i + length > text.size()) {
        ++i;
        return kInvalid;
    }
    std::uint32_t cp = c & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k)
        cp = (cp << 6) | (s[i + k] & 0x3F);
    i += length;
    return cp;
}

void trimDashes(std::string &s)
{
    while (!s.empty() && s.back() == '-')
        s.pop_back();
    std::size_t first = 0;
    while (first < s.size() && s[first] == '-')
        ++first;
    s.erase(0, first);
}

} // namespace

bool isHiddenCodePoint(std::uint32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || cp == 0x200E || cp == 0x200F ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x061C || cp == 0xFEFF;
}

std::string shellQuote(std::string_view text)
{
    std::string out;
    bool quoted = false;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t start = i;
        const std::uint32_t cp = nextCodePoint(text, i);
        if (text[start] == '\0')
            continue;
        const bool hidden = cp == kInvalid || isHiddenCodePoint(cp);
        if (hidden == quoted || out.empty()) {
            // Leave the single quotes for a $'...' run and come back.
            if (quoted)
                out += '\'';
            out += hidden ? "$'" : "'";
            quoted = !hidden;
        } else if (hidden && !quoted && out.back() == '\'') {
            out.pop_back(); // extend the current $'...' run
        }
        if (hidden) {
            static const char hex[] = "0123456789abcdef";
            for (std::size_t k = start; k < i; ++k) {
                const auto u = static_cast<unsigned char>(text[k]);
                out += "\\x";
                out += hex[u >> 4];
                out += hex[u & 15];
            }
            out += '\'';
        } else if (text[start] == '\'') {
            out += "'\\''";
        } else {
            out.append(text.substr(start, i - start));
        }
    }
    if (quoted)
        out += '\'';
    return out.empty() ? std::string("''") : out;
}

std::string commentText(std::string_view text, std::size_t maxLength)
{
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t start = i;
        const std::uint32_t cp = nextCodePoint(text, i);
        if (cp == kInvalid || isHiddenCodePoint(cp))
            out += ' ';
        else
            out.append(text.substr(start, i - start));
    }
    truncateUtf8(out, maxLength);
    return out;
}

std::string terminalText(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t start = i;
        const std::uint32_t cp = nextCodePoint(text, i);
        if (cp != '\n' && cp != '\t' && (cp == kInvalid || isHiddenCodePoint(cp)))
            out += "\xEF\xBF\xBD";   // U+FFFD
        else
            out.append(text.substr(start, i - start));
    }
    return out;
}

std::string jsonForYaml(std::string_view json)
{
    std::string out;
    out.reserve(json.size());
    std::size_t i = 0;
    while (i < json.size()) {
        const std::size_t start = i;
        const std::uint32_t cp = nextCodePoint(json, i);
        if (cp != kInvalid && cp >= 0x7F && isHiddenCodePoint(cp)) {   // the JSON writer escapes C0
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(json.substr(start, i - start));
        }
    }
    return out;
}

std::string yamlScalar(std::string_view text)
{
    bool plain = !text.empty() && ((text[0] >= 'a' && text[0] <= 'z') || (text[0] >= 'A' && text[0] <= 'Z'));
    for (char c : text)
        plain = plain && (isAsciiAlnum(c) || c == '.' || c == '_' || c == '/' || c == '-');
    if (plain) {
        std::string lower(text);
        for (char &c : lower)
            c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        for (const char *word : {"y", "n", "yes", "no", "on", "off", "true", "false", "null"})
            plain = plain && lower != word;
    }
    if (plain)
        return std::string(text);
    std::string out = "\"";
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t start = i;
        const std::uint32_t cp = nextCodePoint(text, i);
        if (cp == '"' || cp == '\\') {
            out += '\\';
            out += static_cast<char>(cp);
        } else if (cp == kInvalid) {
            out += "\\ufffd";
        } else if (isHiddenCodePoint(cp)) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(text.substr(start, i - start));
        }
    }
    return out + "\"";
}

std::string csvField(std::string_view text, bool isText)
{
    std::string value;
    value.reserve(text.size() + 1);
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t start = i;
        const std::uint32_t cp = nextCodePoint(text, i);
        const bool keep = cp == '\t' || cp == '\r' || cp == '\n' || (cp != kInvalid && !isHiddenCodePoint(cp));
        if (keep)
            value.append(text.substr(start, i - start));
        else
            value += ' ';
    }
    if (isText) {
        const std::size_t first = value.find_first_not_of(" \t\r\n");
        if (first != std::string::npos && std::string_view("=+-@").find(value[first]) != std::string_view::npos)
            value.insert(value.begin(), '\'');
    }
    // Quoted when a reader would split or trim it: separators, quotes, line breaks, tabs, and
    // spaces at either end.
    const bool quote = value.find_first_of(",\"\r\n\t") != std::string::npos ||
                       (!value.empty() && (value.front() == ' ' || value.back() == ' '));
    if (!quote)
        return value;
    std::string out = "\"";
    for (char c : value) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

std::string safeName(std::string_view text, std::string_view fallback, std::size_t maxLength)
{
    std::string out;
    for (char c : text) {
        const bool keep = isAsciiAlnum(c) || c == '.' || c == '_';
        if (keep)
            out += c;
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    trimDashes(out);
    if (out.size() > maxLength)
        out.resize(maxLength);
    trimDashes(out);
    return out.empty() ? std::string(fallback) : out;
}

std::string kubernetesName(std::string_view text, std::string_view fallback)
{
    std::string out;
    for (char c : text) {
        if (c >= 'A' && c <= 'Z')
            out += static_cast<char>(c - 'A' + 'a');
        else if (isAsciiAlnum(c))
            out += c;
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    trimDashes(out);
    if (out.size() > 63)
        out.resize(63);
    trimDashes(out);
    return out.empty() ? std::string(fallback) : out;
}

} // namespace gpuplan
