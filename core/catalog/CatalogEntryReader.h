// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/CatalogEntryJson.h"
#include "catalog/Provenance.h"
#include "common/EnumNames.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <initializer_list>
#include <set>
#include <span>
#include <string>
#include <vector>

// Reads the fields of one catalog entry (docs/catalogs.md). Every figure may be a plain value,
// covered by the entry's "source"/"date"/"estimate"/"note", or a value object
// {"value": x, "source": ..., "date": ..., "estimate": ..., "note": ...}; the reader records the
// provenance of each field it reads. Numbers are checked to be finite and within bounds given
// in the FILE's unit, then scaled to the internal unit (bytes, bytes/s one direction, ...).
// Absent fields keep the value already in the output (an override changes only what it gives).
namespace gpuplan {

// Keys that describe an entry rather than being figures of it (id, aliases, name, provenance).
bool isCatalogMetaKey(const std::string &key);

class CatalogEntryReader
{
public:
    // defaults: the entry-level provenance; sources: the map to fill; isNew: the entry adds an
    // id (so required fields must be present) rather than overriding an existing one.
    CatalogEntryReader(const nlohmann::json &entry, Provenance defaults, ProvenanceMap &sources, bool isNew);

    bool number(const char *key, double lo, double hi, double &out, double scale = 1.0);
    bool integer(const char *key, int lo, int hi, int &out);
    bool text(const char *key, std::string &out, std::size_t maxLength = 200);
    bool flag(const char *key, bool &out);
    // Display text that is not a figure (an entry's "name"): no provenance is recorded.
    bool label(const char *key, std::string &out);
    bool textList(const char *key, std::vector<std::string> &out);
    // One of the names of an enumeration table (canonical names and aliases).
    bool enumValue(const char *key, const EnumNameTable &table, int &out);
    // Text restricted to a fixed list of words.
    bool word(const char *key, std::span<const char *const> allowed, std::string &out, std::size_t maxLength = 200);

    // A number held inside a nested object (e.g. "tflops": {"bf16": ...}); provenance is
    // recorded under provenanceKey ("tflops.bf16").
    bool numberValue(const nlohmann::json &v, const std::string &provenanceKey, double lo, double hi, double &out,
                     double scale = 1.0);

    // The value of a figure with a value object unwrapped, recording its provenance; present
    // tells whether the key is there; nullptr (and an error) for a malformed value object.
    const nlohmann::json *value(const char *key, bool &present);
    // The raw value of a key as written (a value object is not unwrapped), marking it as read.
    const nlohmann::json *take(const char *key);
    bool has(const char *key) const { return m_entry.contains(key); }
    const nlohmann::json &entry() const { return m_entry; }
    bool isNew() const { return m_isNew; }

    // For a new entry: every listed key must be given (requireAny: at least one of them).
    bool require(std::initializer_list<const char *> keys);
    bool requireAny(std::initializer_list<const char *> keys);
    bool fail(const std::string &field, const std::string &message);

    // Fails on the first key that no read consumed (a typo would otherwise be ignored).
    bool rejectUnknownKeys();
    // Records provenance for every key not read yet (fields parsed by another parser); fails on
    // a malformed value object.
    bool recordRemaining(const std::string &prefix = {});
    // The provenance entry-level defaults merged with a value object's own fields.
    Provenance provenanceOf(const nlohmann::json &raw) const;

    const EntryError &error() const { return m_error; }

private:
    // Calls read(value) for a present figure (value object unwrapped); true when absent.
    template <typename Read>
    bool withValue(const char *key, Read read);


    const nlohmann::json &m_entry;
    Provenance m_defaults;
    ProvenanceMap &m_sources;
    bool m_isNew;
    std::set<std::string> m_read;
    EntryError m_error;
};

// "a string", "a number", ... for "found ..." messages.
std::string catalogJsonTypeName(const nlohmann::json &v);

} // namespace gpuplan
