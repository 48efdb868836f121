// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string_view>

namespace gpuplan {
struct EnumNameTable;
struct FieldSpec;
}

// Short labels for plan fields and enumeration values as people read them in the window
// ("GPUs", "TP", "vLLM"); the file-format names stay in the core registry.
namespace gpuplan::ui {

QString fieldLabel(std::string_view path);
QString enumDisplayName(const EnumNameTable &table, int value);
// A field value for messages and undo texts: "1,024", "15 T", "bf16", "H100-SXM-80GB".
QString formatFieldValue(const FieldSpec &field, double value);
// The registry's help line with the allowed values, for tooltips.
QString fieldToolTip(const FieldSpec &field);

} // namespace gpuplan::ui
