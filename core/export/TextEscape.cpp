// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/TextEscape.h"

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

std::string shellQuote(std::string_view text)
{
    std::string out = "'";
    for (char c : text) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    out += '\'';
    return out;
}

std::string commentText(std::string_view text, std::size_t maxLength)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        out += (u < 0x20 || u == 0x7F) ? ' ' : c;
    }
    truncateUtf8(out, maxLength);
    return out;
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
