// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QUndoCommand>

#include <string>

namespace gpuplan {
struct FieldSpec;
}

namespace gpuplan::ui {

class PlanController;

// Sets one plan field through the field registry (number, bool, enum or text). Consecutive
// edits of the same field made during one slider drag merge into one undo step; a drag that
// ends where it started leaves no step at all.
class SetFieldCommand : public QUndoCommand
{
public:
    static constexpr int kId = 0x6770;   // shared by all field edits; mergeWith() checks the field

    SetFieldCommand(PlanController *controller, const FieldSpec &field, double newValue, int dragSession);
    SetFieldCommand(PlanController *controller, const FieldSpec &field, std::string newText);

    void undo() override;
    void redo() override;
    int id() const override { return kId; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    void applyNumber(double value);
    void applyText(const std::string &text);
    void updateText();

    PlanController *m_controller;
    const FieldSpec *m_field;
    bool m_isText;
    double m_oldValue = 0;
    double m_newValue = 0;
    std::string m_oldText;
    std::string m_newText;
    int m_dragSession = 0;               // 0 = not part of a drag: never merges
};

} // namespace gpuplan::ui
