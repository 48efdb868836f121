// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inputs/FieldRow.h"

#include <QVariant>

#include <functional>
#include <vector>

class QComboBox;

namespace gpuplan {
struct FieldSpec;
}

namespace gpuplan::ui {

// A field chosen from a list: an enumeration from the registry, a few numeric levels (ZeRO
// stage), or catalog ids (GPU, node type, model preset). The list can be rebuilt when the
// catalog changes; a value not in the list (an id the catalog lacks) is shown as such rather
// than silently replaced.
class ChoiceFieldRow : public FieldRow
{
    Q_OBJECT
public:
    struct Choice
    {
        QString text;
        QVariant value;     // double for numeric fields, QString for text fields
    };
    // Applies a chosen value; returns false with a message when it is rejected.
    using Apply = std::function<bool(const QVariant &value, QString &error)>;
    // The value the plan holds now, and an optional text to show for it instead of the list's.
    using Current = std::function<QVariant(const PlanController &)>;
    using CurrentText = std::function<QString(const PlanController &)>;

    // Enumeration field: choices are the registry's names.
    ChoiceFieldRow(PlanController *controller, const FieldSpec &field, const QString &label, QWidget *parent);
    // Any field with explicit choices and behaviour.
    ChoiceFieldRow(PlanController *controller, const QString &path, const QString &label, QWidget *parent,
                   std::vector<Choice> choices, Current current, Apply apply);

    void setChoices(std::vector<Choice> choices);
    void setCurrentText(CurrentText currentText);
    void setApply(Apply apply) { m_apply = std::move(apply); }   // replaces how a choice is applied
    void addToGrid(QGridLayout *grid, int row) override;
    void sync() override;

    QComboBox *comboBox() const { return m_combo; }

private:
    void init();
    void onActivated(int index);

    QComboBox *m_combo;
    std::vector<Choice> m_choices;
    Current m_current;
    Apply m_apply;
    CurrentText m_currentText;
};

} // namespace gpuplan::ui
