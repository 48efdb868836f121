// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/FieldAssignment.h"

#include "document/PlanController.h"

#include "common/EnumNames.h"
#include "plan/PlanFields.h"

namespace gpuplan::ui {

bool parseFieldAssignment(const QString &assignment, FieldAssignment &out, QString &error)
{
    const qsizetype eq = assignment.indexOf(QLatin1Char('='));
    if (eq <= 0) {
        error = QStringLiteral("--set \"%1\": expected PATH=VALUE, e.g. hardware.num_gpus=4096").arg(assignment);
        return false;
    }
    const QString path = assignment.left(eq);
    const QString value = assignment.mid(eq + 1);
    const FieldSpec *field = findPlanField(path.toStdString());
    if (!field) {
        error = QStringLiteral("--set %1: unknown field (see Help > Plan file fields)").arg(path);
        return false;
    }
    const QString allowed = QString::fromStdString(describeAllowed(*field));
    out = FieldAssignment{field, 0, QString()};
    switch (field->type) {
    case FieldType::Text:
        if (std::string message; !checkFieldText(*field, value.toStdString(), message)) {
            error = QStringLiteral("--set ") + QString::fromStdString(message);
            return false;
        }
        out.text = value;
        return true;
    case FieldType::Enum: {
        const auto parsed = parseEnum(field->enumTable(), value.toStdString());
        if (!parsed) {
            error = QStringLiteral("--set %1: \"%2\"; expected %3").arg(path, value, allowed);
            return false;
        }
        out.number = *parsed;
        return true;
    }
    case FieldType::Bool:
        if (value != QLatin1String("true") && value != QLatin1String("false")) {
            error = QStringLiteral("--set %1: \"%2\"; expected %3").arg(path, value, allowed);
            return false;
        }
        out.number = value == QLatin1String("true") ? 1.0 : 0.0;
        return true;
    case FieldType::Int:
    case FieldType::Real: {
        bool ok = false;
        const double number = value.toDouble(&ok);   // "nan" and "inf" parse; checkFieldValue refuses them
        std::string message;
        if (!ok) {
            error = QStringLiteral("--set %1: \"%2\" is not a number; expected %3").arg(path, value, allowed);
            return false;
        }
        if (!checkFieldValue(*field, number + 0.0, message)) {
            error = QStringLiteral("--set ") + QString::fromStdString(message);
            return false;
        }
        out.number = number + 0.0;   // + 0.0 turns -0 into 0
        return true;
    }
    }
    return false;
}

bool applyFieldAssignment(PlanController *controller, const FieldAssignment &a, QString &error)
{
    const QString path = QString::fromUtf8(a.field->path);
    return a.field->type == FieldType::Text ? controller->setText(path, a.text, &error)
                                            : controller->setNumber(path, a.number, &error);
}

} // namespace gpuplan::ui
