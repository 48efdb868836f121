// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/UserCatalogEntry.h"

#include <QDialog>

#include <map>
#include <string>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QWidget;

namespace gpuplan::ui {

// The form for one user catalog entry (a GPU, node, fabric, model or cloud price). Each field
// shows its unit and allowed range; Save checks everything (UserCatalogEditor::add, or update
// when editing) and writes the user catalog file only when the entry would load; otherwise the
// message names the field and what is allowed, and nothing is written.
class CatalogEntryDialog : public QDialog
{
    Q_OBJECT
public:
    CatalogEntryDialog(const EntryForm &form, const Catalog &catalog, const QString &userFolder,
                       QWidget *parent = nullptr);

    void setId(const QString &id);
    void setValue(const std::string &key, const QString &value);
    void setProvenance(const QString &source, const QString &date, bool estimate = false, const QString &note = {});
    // Edit mode: the form shows entry (UserCatalogEditor::readDraft) with its id fixed, and Save
    // rewrites that entry in fileName instead of adding one.
    void setEditing(const EntryDraft &entry, const QString &fileName);
    EntryDraft draft() const;

    // Checks and writes; false with errorText() set when refused.
    bool save();
    QString errorText() const;

private:
    QWidget *editorFor(const FormField &field, const Catalog &catalog);

    const EntryForm &m_form;
    const Catalog &m_catalog;
    UserCatalogEditor m_editor;
    QComboBox *m_id;
    std::map<std::string, QWidget *> m_editors;
    QLineEdit *m_source;
    QLineEdit *m_date;
    QCheckBox *m_estimate;
    QLineEdit *m_note;
    QLabel *m_intro;
    QLabel *m_error;
    bool m_editing = false;
};

} // namespace gpuplan::ui
