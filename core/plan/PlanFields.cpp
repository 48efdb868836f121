// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/PlanFields.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace gpuplan {

std::span<const FieldSpec> planFields()
{
    static const std::vector<FieldSpec> all = [] {
        std::vector<FieldSpec> v;
        for (auto section : {modelFields(), workloadFields(), systemFields(), facilityFields()})
            v.insert(v.end(), section.begin(), section.end());
        return v;
    }();
    return all;
}

const FieldSpec *findPlanField(std::string_view path)
{
    for (const FieldSpec &f : planFields()) {
        if (path == f.path)
            return &f;
    }
    return nullptr;
}

namespace {

std::string formatBound(double v, bool integer)
{
    char buf[64];
    if (integer || (std::fabs(v - std::round(v)) < 1e-12 && std::fabs(v) < 1e15)) {
        // Thousands separators make large bounds readable: 1,000,000.
        std::snprintf(buf, sizeof buf, "%.0f", v);
        std::string s = buf;
        const std::size_t start = s[0] == '-' ? 1 : 0;
        for (int i = static_cast<int>(s.size()) - 3; i > static_cast<int>(start); i -= 3)
            s.insert(static_cast<std::size_t>(i), ",");
        return s;
    }
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

} // namespace

std::string describeAllowed(const FieldSpec &f)
{
    std::string s;
    switch (f.type) {
    case FieldType::Int:
        s = "an integer from " + formatBound(f.min, true) + " to " + formatBound(f.max, true);
        break;
    case FieldType::Real:
        s = "a number from " + formatBound(f.min, false) + " to " + formatBound(f.max, false);
        break;
    case FieldType::Bool: return "true or false";
    case FieldType::Text:
        s = "text of at most " + formatBound(f.max, true) + " characters";
        return f.textRule ? s + ": " + f.textRule->allowed : s;
    case FieldType::Enum: return "one of " + allowedNames(f.enumTable());
    }
    if (f.unit && *f.unit)
        s += std::string(" ") + f.unit;
    if (f.hasSentinel)
        s += " (or " + formatBound(f.sentinel, f.type == FieldType::Int) + " = " + f.sentinelMeaning + ")";
    return s;
}

bool checkFieldValue(const FieldSpec &f, double value, std::string &message)
{
    auto fail = [&](const char *what) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", value);
        message = std::string(f.path) + ": " + what + " " + buf + "; expected " + describeAllowed(f);
        return false;
    };
    if (!std::isfinite(value))
        return fail("non-finite value");
    if (f.hasSentinel && value == f.sentinel)
        return true;
    if (f.type == FieldType::Int && value != std::floor(value))
        return fail("non-integer value");
    if (f.type == FieldType::Int || f.type == FieldType::Real) {
        if (value < f.min || value > f.max)
            return fail("value");
    }
    return true;
}

namespace {

// The value as a message quotes it: at most 120 bytes (cut at a character boundary), control
// characters shown as '?', so a pasted file or a newline cannot break the message's line.
std::string quotedText(std::string_view text)
{
    constexpr std::size_t kShown = 120;
    std::size_t end = std::min(text.size(), kShown);
    while (end < text.size() && end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    std::string s = "\"";
    for (char c : text.substr(0, end)) {
        const auto u = static_cast<unsigned char>(c);
        s += u < 0x20 || u == 0x7f ? '?' : c;
    }
    return s + (end < text.size() ? "...\"" : "\"");
}

} // namespace

bool checkFieldText(const FieldSpec &f, std::string_view text, std::string &message)
{
    if (static_cast<double>(text.size()) > f.max) {
        message = std::string(f.path) + ": text of " + std::to_string(text.size()) + " bytes; expected " +
                  describeAllowed(f);
        return false;
    }
    if (f.textRule && !f.textRule->accepts(text)) {
        message = std::string(f.path) + ": " + quotedText(text) + "; expected " + describeAllowed(f);
        return false;
    }
    return true;
}

bool checkPlanBounds(const Plan &plan, std::string &message)
{
    for (const FieldSpec &f : planFields()) {
        switch (f.type) {
        case FieldType::Int:
        case FieldType::Real:
            if (!checkFieldValue(f, f.getNumber(plan), message))
                return false;
            break;
        case FieldType::Text:
            if (!checkFieldText(f, f.getText(plan), message))
                return false;
            break;
        case FieldType::Bool:
        case FieldType::Enum: break;
        }
    }
    return true;
}

} // namespace gpuplan
