// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

namespace gpuplan::ui {

// Help > Plan file fields: every field of a .gpuplan file with its unit, allowed values and
// meaning, straight from the field registry (the same list the loader checks against).
class FieldReferenceDialog : public QDialog
{
    Q_OBJECT
public:
    explicit FieldReferenceDialog(QWidget *parent = nullptr);
};

} // namespace gpuplan::ui
