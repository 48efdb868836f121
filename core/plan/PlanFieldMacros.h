// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers to declare FieldSpec entries (PlanFields*.cpp only). Each macro takes the JSON path and
// the member expression on a Plan `p`; captureless lambdas become the accessor function pointers.

#include "plan/Plan.h"
#include "plan/PlanFields.h"

#include <cmath>
#include <string>

#define GP_FIELD_INT(path, member, lo, hi, unit, help)                                                                 \
    gpuplan::FieldSpec                                                                                                 \
    {                                                                                                                  \
        path, gpuplan::FieldType::Int, lo, hi, unit, help, nullptr,                                                    \
            [](const gpuplan::Plan &p) -> double { return static_cast<double>(p.member); },                           \
            [](gpuplan::Plan &p, double v) { p.member = static_cast<int>(std::llround(v)); }, nullptr, nullptr,       \
            false, 0.0, ""                                                                                             \
    }

#define GP_FIELD_INT_OR(path, member, lo, hi, sentinelValue, meaning, unit, help)                                     \
    gpuplan::FieldSpec                                                                                                 \
    {                                                                                                                  \
        path, gpuplan::FieldType::Int, lo, hi, unit, help, nullptr,                                                    \
            [](const gpuplan::Plan &p) -> double { return static_cast<double>(p.member); },                           \
            [](gpuplan::Plan &p, double v) { p.member = static_cast<int>(std::llround(v)); }, nullptr, nullptr, true, \
            sentinelValue, meaning                                                                                     \
    }

#define GP_FIELD_REAL(path, member, lo, hi, unit, help)                                                                \
    gpuplan::FieldSpec                                                                                                 \
    {                                                                                                                  \
        path, gpuplan::FieldType::Real, lo, hi, unit, help, nullptr,                                                   \
            [](const gpuplan::Plan &p) -> double { return p.member; }, [](gpuplan::Plan &p, double v) { p.member = v; }, \
            nullptr, nullptr, false, 0.0, ""                                                                           \
    }

#define GP_FIELD_REAL_OR(path, member, lo, hi, sentinelValue, meaning, unit, help)                                    \
    gpuplan::FieldSpec                                                                                                 \
    {                                                                                                                  \
        path, gpuplan::FieldType::Real, lo, hi, unit, help, nullptr,                                                   \
            [](const gpuplan::Plan &p) -> double { return p.member; }, [](gpuplan::Plan &p, double v) { p.member = v; }, \
            nullptr, nullptr, true, sentinelValue, meaning                                                             \
    }

#define GP_FIELD_BOOL(path, member, help)                                                                              \
    gpuplan::FieldSpec                                                                                                 \
    {                                                                                                                  \
        path, gpuplan::FieldType::Bool, 0, 1, "", help, nullptr,                                                       \
            [](const gpuplan::Plan &p) -> double { return p.member ? 1.0 : 0.0; },                                    \
            [](gpuplan::Plan &p, double v) { p.member = v != 0.0; }, nullptr, nullptr, false, 0.0, ""                 \
    }

#define GP_FIELD_TEXT(path, member, maxLen, help)                                                                      \
    gpuplan::FieldSpec                                                                                                 \
    {                                                                                                                  \
        path, gpuplan::FieldType::Text, 0, maxLen, "characters", help, nullptr, nullptr, nullptr,                     \
            [](const gpuplan::Plan &p) -> const std::string & { return p.member; },                                   \
            [](gpuplan::Plan &p, const std::string &v) { p.member = v; }, false, 0.0, ""                              \
    }

// A Text field whose value also follows a TextRule (declared in the same file).
#define GP_FIELD_TEXT_RULE(path, member, maxLen, rule, help)                                                           \
    gpuplan::FieldSpec                                                                                                 \
    {                                                                                                                  \
        path, gpuplan::FieldType::Text, 0, maxLen, "characters", help, nullptr, nullptr, nullptr,                     \
            [](const gpuplan::Plan &p) -> const std::string & { return p.member; },                                   \
            [](gpuplan::Plan &p, const std::string &v) { p.member = v; }, false, 0.0, "", &rule                       \
    }

#define GP_FIELD_ENUM(path, member, EnumType, table, help)                                                             \
    gpuplan::FieldSpec                                                                                                 \
    {                                                                                                                  \
        path, gpuplan::FieldType::Enum, 0, 0, "", help, &table,                                                        \
            [](const gpuplan::Plan &p) -> double { return static_cast<double>(static_cast<int>(p.member)); },         \
            [](gpuplan::Plan &p, double v) { p.member = static_cast<EnumType>(static_cast<int>(v)); }, nullptr,       \
            nullptr, false, 0.0, ""                                                                                    \
    }
