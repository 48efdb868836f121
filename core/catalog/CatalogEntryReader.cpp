// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/CatalogEntryReader.h"

#include <cmath>
#include <cstdio>

namespace gpuplan {

namespace {

// Keys every entry may carry that are not figures: the loader reads them before the kind's reader.
const char *const kMetaKeys[] = {"id", "aliases", "source", "date", "estimate", "secondary", "note"};
const char *const kValueObjectKeys[] = {"value", "source", "date", "estimate", "secondary", "note"};

std::string formatNumber(double v)
{
    if (std::isnan(v))
        return "NaN";
    if (std::isinf(v))
        return v > 0 ? "infinity" : "-infinity";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

std::string found(const nlohmann::json &v)
{
    if (v.is_number())
        return formatNumber(v.get<double>());
    if (v.is_string()) {
        std::string s = v.get<std::string>();
        if (s.size() > 60)
            s = s.substr(0, 57) + "...";
        return "\"" + s + "\"";
    }
    return catalogJsonTypeName(v);
}

bool isValueObject(const nlohmann::json &v)
{
    return v.is_object() && v.contains("value");
}

// A value object must hold "value" and only text provenance fields ("estimate" and "secondary"
// booleans), so
// that a misspelt "sourse" is reported rather than silently dropped.
bool checkValueObject(const nlohmann::json &raw, const std::string &field, EntryError &error)
{
    for (auto it = raw.begin(); it != raw.end(); ++it) {
        bool known = false;
        for (const char *k : kValueObjectKeys)
            known = known || it.key() == k;
        if (!known) {
            error = {field, "expected a value object with value, source, date, estimate, secondary and note, found the key \"" +
                                it.key() + "\""};
            return false;
        }
        const bool textKey = it.key() == "source" || it.key() == "date" || it.key() == "note";
        const bool flagKey = it.key() == "estimate" || it.key() == "secondary";
        if ((textKey && !it->is_string()) || (flagKey && !it->is_boolean())) {
            error = {field + "." + it.key(), std::string("expected ") + (textKey ? "text" : "true or false") +
                                                 ", found " + catalogJsonTypeName(*it)};
            return false;
        }
    }
    return true;
}

} // namespace

std::string catalogJsonTypeName(const nlohmann::json &v)
{
    switch (v.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::boolean: return "a boolean";
    case nlohmann::json::value_t::string: return "a string";
    case nlohmann::json::value_t::array: return "an array";
    case nlohmann::json::value_t::object: return "an object";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
    case nlohmann::json::value_t::number_float: return "a number";
    default: return "an unsupported value";
    }
}

bool isCatalogMetaKey(const std::string &key)
{
    if (key == "name")
        return true;
    for (const char *k : kMetaKeys) {
        if (key == k)
            return true;
    }
    return false;
}

CatalogEntryReader::CatalogEntryReader(const nlohmann::json &entry, Provenance defaults, ProvenanceMap &sources,
                                       bool isNew)
    : m_entry(entry), m_defaults(std::move(defaults)), m_sources(sources), m_isNew(isNew)
{
    for (const char *k : kMetaKeys)
        m_read.insert(k);
}

bool CatalogEntryReader::fail(const std::string &field, const std::string &message)
{
    m_error = {field, message};
    return false;
}

Provenance CatalogEntryReader::provenanceOf(const nlohmann::json &raw) const
{
    Provenance p = m_defaults;
    if (!isValueObject(raw))
        return p;
    // A figure citing its own source is secondary only when it says so, whatever its entry's source.
    if (auto it = raw.find("source"); it != raw.end() && it->is_string()) {
        p.source = it->get<std::string>();
        p.secondary = false;
    }
    if (auto it = raw.find("secondary"); it != raw.end() && it->is_boolean())
        p.secondary = it->get<bool>();
    if (auto it = raw.find("date"); it != raw.end() && it->is_string())
        p.date = it->get<std::string>();
    if (auto it = raw.find("estimate"); it != raw.end() && it->is_boolean())
        p.estimate = it->get<bool>();
    if (auto it = raw.find("note"); it != raw.end() && it->is_string())
        p.note = it->get<std::string>();
    return p;
}

const nlohmann::json *CatalogEntryReader::value(const char *key, bool &present)
{
    auto it = m_entry.find(key);
    present = it != m_entry.end();
    m_read.insert(key);
    if (!present)
        return nullptr;
    if (isValueObject(*it) && !checkValueObject(*it, key, m_error))
        return nullptr;
    m_sources[key] = provenanceOf(*it);
    return isValueObject(*it) ? &(*it)["value"] : &*it;
}

const nlohmann::json *CatalogEntryReader::take(const char *key)
{
    m_read.insert(key);
    auto it = m_entry.find(key);
    return it == m_entry.end() ? nullptr : &*it;
}

bool CatalogEntryReader::numberValue(const nlohmann::json &raw, const std::string &provenanceKey, double lo, double hi,
                                     double &out, double scale)
{
    if (isValueObject(raw) && !checkValueObject(raw, provenanceKey, m_error))
        return false;
    const nlohmann::json &v = isValueObject(raw) ? raw["value"] : raw;
    if (!v.is_number())
        return fail(provenanceKey, "expected a number, found " + found(v));
    const double d = v.get<double>();
    if (!std::isfinite(d) || d < lo || d > hi)
        return fail(provenanceKey,
                    "expected a number from " + formatNumber(lo) + " to " + formatNumber(hi) + ", found " + formatNumber(d));
    out = d * scale + 0.0;   // + 0.0 turns -0 into 0
    m_sources[provenanceKey] = provenanceOf(raw);
    return true;
}

bool CatalogEntryReader::number(const char *key, double lo, double hi, double &out, double scale)
{
    m_read.insert(key);
    auto it = m_entry.find(key);
    return it == m_entry.end() || numberValue(*it, key, lo, hi, out, scale);
}

bool CatalogEntryReader::integer(const char *key, int lo, int hi, int &out)
{
    if (!has(key)) {
        m_read.insert(key);
        return true;
    }
    double d = 0;
    if (!number(key, lo, hi, d))
        return false;
    if (d != std::floor(d)) {
        m_sources.erase(key);
        return fail(key, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                             ", found " + formatNumber(d));
    }
    out = static_cast<int>(d);
    return true;
}

template <typename Read>
bool CatalogEntryReader::withValue(const char *key, Read read)
{
    bool present = false;
    const nlohmann::json *v = value(key, present);
    return !present || (v && read(*v));
}

bool CatalogEntryReader::text(const char *key, std::string &out, std::size_t maxLength)
{
    return withValue(key, [&](const nlohmann::json &v) {
        if (!v.is_string())
            return fail(key, "expected text, found " + found(v));
        const std::string &s = v.get_ref<const std::string &>();
        if (s.size() > maxLength)
            return fail(key, "expected text of at most " + std::to_string(maxLength) + " characters, found " +
                                 std::to_string(s.size()));
        out = s;
        return true;
    });
}

bool CatalogEntryReader::label(const char *key, std::string &out)
{
    m_read.insert(key);
    auto it = m_entry.find(key);
    if (it == m_entry.end())
        return true;
    if (!it->is_string() || it->get_ref<const std::string &>().size() > 200)
        return fail(key, "expected text of at most 200 characters, found " + found(*it));
    out = it->get<std::string>();
    return true;
}

bool CatalogEntryReader::flag(const char *key, bool &out)
{
    return withValue(key, [&](const nlohmann::json &v) {
        if (!v.is_boolean())
            return fail(key, "expected true or false, found " + found(v));
        out = v.get<bool>();
        return true;
    });
}

bool CatalogEntryReader::textList(const char *key, std::vector<std::string> &out)
{
    return withValue(key, [&](const nlohmann::json &v) {
        if (!v.is_array())
            return fail(key, "expected a list of text, found " + found(v));
        std::vector<std::string> items;
        for (const nlohmann::json &item : v) {
            if (!item.is_string() || item.get_ref<const std::string &>().empty() ||
                item.get_ref<const std::string &>().size() > 200)
                return fail(key, "expected a list of non-empty text items (at most 200 characters), found " +
                                     found(item));
            items.push_back(item.get<std::string>());
        }
        out = std::move(items);
        return true;
    });
}

bool CatalogEntryReader::enumValue(const char *key, const EnumNameTable &table, int &out)
{
    return withValue(key, [&](const nlohmann::json &v) {
        const auto parsed = v.is_string() ? parseEnum(table, v.get_ref<const std::string &>()) : std::nullopt;
        if (!parsed)
            return fail(key, "expected one of " + allowedNames(table) + ", found " + found(v));
        out = *parsed;
        return true;
    });
}

bool CatalogEntryReader::word(const char *key, std::span<const char *const> allowed, std::string &out,
                              std::size_t maxLength)
{
    std::string value;
    if (!text(key, value, maxLength))
        return false;
    if (!has(key))
        return true;
    std::string list;
    for (const char *w : allowed) {
        if (value == w) {
            out = value;
            return true;
        }
        list += (list.empty() ? "\"" : ", \"") + std::string(w) + "\"";
    }
    return fail(key, "expected one of " + list + ", found \"" + value + "\"");
}

bool CatalogEntryReader::require(std::initializer_list<const char *> keys)
{
    if (!m_isNew)
        return true;
    for (const char *k : keys) {
        if (!has(k))
            return fail(k, "expected a value (required for a new entry), found none");
    }
    return true;
}

bool CatalogEntryReader::requireAny(std::initializer_list<const char *> keys)
{
    if (!m_isNew)
        return true;
    std::string list;
    for (const char *k : keys) {
        if (has(k))
            return true;
        list += (list.empty() ? "" : " or ") + std::string(k);
    }
    return fail(*keys.begin(), "expected " + list + " (required for a new entry), found none");
}

bool CatalogEntryReader::rejectUnknownKeys()
{
    for (auto it = m_entry.begin(); it != m_entry.end(); ++it) {
        if (!m_read.contains(it.key()))
            return fail(it.key(), "unknown field; expected one of the fields listed in docs/catalogs.md");
    }
    return true;
}

bool CatalogEntryReader::recordRemaining(const std::string &prefix)
{
    for (auto it = m_entry.begin(); it != m_entry.end(); ++it) {
        if (m_read.contains(it.key()))
            continue;
        if (isValueObject(*it) && !checkValueObject(*it, it.key(), m_error))
            return false;
        m_sources[prefix + it.key()] = provenanceOf(*it);
    }
    return true;
}

} // namespace gpuplan
