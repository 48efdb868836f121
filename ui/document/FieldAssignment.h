// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace gpuplan {
struct FieldSpec;
}

namespace gpuplan::ui {

class PlanController;

// One "PATH=VALUE" edit given on the desktop application's command line (gpuplan --set), checked
// against the field registry like every other input: the field must exist and the value must be
// of its type and within its bounds.
struct FieldAssignment
{
    const FieldSpec *field = nullptr;
    double number = 0;      // Int, Real, Bool (0/1), Enum (value)
    QString text;           // Text
};

// Parses and checks one assignment; on failure the message names the field, the value and what
// is allowed.
bool parseFieldAssignment(const QString &assignment, FieldAssignment &out, QString &error);

// Applies it to the open plan as one undoable edit.
bool applyFieldAssignment(PlanController *controller, const FieldAssignment &assignment, QString &error);

} // namespace gpuplan::ui
