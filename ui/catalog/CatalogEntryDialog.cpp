// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/CatalogEntryDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace gpuplan::ui {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QString textOf(const QWidget *editor)
{
    if (const auto *line = qobject_cast<const QLineEdit *>(editor))
        return line->text();
    if (const auto *combo = qobject_cast<const QComboBox *>(editor))
        return combo->currentData().toString();
    return {};
}

const char *exampleId(const std::string &kind)
{
    if (kind == "nodes")
        return "lab-8x-rtx5000ada";
    if (kind == "fabrics")
        return "lab-roce-100g";
    if (kind == "clouds")
        return "aws-p5-48xlarge, or a new offer id";
    if (kind == "models")
        return "our-13b";
    return "RTX5000Ada-32GB";
}

} // namespace

CatalogEntryDialog::CatalogEntryDialog(const EntryForm &form, const Catalog &catalog, const QString &userFolder,
                                       QWidget *parent)
    : QDialog(parent), m_form(form), m_catalog(catalog), m_editor(userFolder), m_id(new QComboBox),
      m_source(new QLineEdit), m_date(new QLineEdit), m_estimate(new QCheckBox(tr("Estimate (not a published figure)"))),
      m_note(new QLineEdit), m_intro(new QLabel), m_error(new QLabel)
{
    setObjectName(QStringLiteral("catalogEntryDialog"));
    setWindowTitle(form.title);
    auto *layout = new QVBoxLayout(this);
    m_intro->setText(tr("Saved to <b>%1</b> in your catalog folder; the bundled catalogs stay unchanged.")
                         .arg(QString::fromLatin1(UserCatalogEditor::kFileName)));
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);

    auto *fields = new QFormLayout;
    m_id->setEditable(true);
    m_id->setObjectName(QStringLiteral("id"));
    if (form.mayOverride) {
        // Picking an existing offer overrides only the prices given (a negotiated price).
        for (const CloudOffer &o : catalog.clouds)
            m_id->addItem(qs(o.id));
        m_id->setToolTip(tr("An existing offer's id changes only the figures you give; a new id adds an offer"));
    }
    m_id->setCurrentText(QString());
    m_id->lineEdit()->setPlaceholderText(tr("required, e.g. %1").arg(QString::fromLatin1(exampleId(form.kind))));
    fields->addRow(tr("Id:"), m_id);
    for (const FormField &f : form.fields) {
        QWidget *editor = editorFor(f, catalog);
        editor->setObjectName(qs(f.key));
        editor->setToolTip(f.hint.isEmpty() ? allowedRange(f) : f.hint + QStringLiteral("\n") + allowedRange(f));
        m_editors[f.key] = editor;
        fields->addRow(f.label + (f.required ? QStringLiteral(" *") : QString()) + QStringLiteral(":"), editor);
    }
    m_source->setObjectName(QStringLiteral("source"));
    m_source->setPlaceholderText(tr("required: datasheet, quote number, agreement"));
    m_date->setObjectName(QStringLiteral("date"));
    m_date->setPlaceholderText(tr("required: YYYY, YYYY-MM or YYYY-MM-DD"));
    m_note->setPlaceholderText(tr("optional: how the figure was obtained"));
    fields->addRow(tr("Source *:"), m_source);
    fields->addRow(tr("Date *:"), m_date);
    fields->addRow(QString(), m_estimate);
    fields->addRow(tr("Note:"), m_note);
    // A model has some thirty fields: they scroll, the buttons and the message stay in view.
    auto *fieldsBox = new QWidget;
    fieldsBox->setLayout(fields);
    if (form.fields.size() > 16) {
        auto *scroll = new QScrollArea;
        scroll->setWidget(fieldsBox);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setMinimumHeight(360);
        layout->addWidget(scroll, 1);
        resize(680, 760);   // room for the range placeholders, which are the hints
    } else {
        layout->addWidget(fieldsBox);
    }

    m_error->setObjectName(QStringLiteral("error"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_error->setVisible(false);
    layout->addWidget(m_error);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (save())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

QWidget *CatalogEntryDialog::editorFor(const FormField &f, const Catalog &catalog)
{
    if (f.type == FormFieldType::Flag) {
        auto *combo = new QComboBox;
        combo->addItem(tr("(not given)"), QString());
        combo->addItem(tr("yes"), QStringLiteral("true"));
        combo->addItem(tr("no"), QStringLiteral("false"));
        return combo;
    }
    if (f.type == FormFieldType::Choice) {
        auto *combo = new QComboBox;
        combo->addItem(f.required ? tr("(choose)") : tr("(not given)"), QString());
        auto addEntries = [combo](const auto &entries) {
            for (const auto &e : entries)
                combo->addItem(QStringLiteral("%1 — %2").arg(qs(e.id), qs(e.name)), qs(e.id));
        };
        switch (f.choices) {
        case ChoiceSource::Gpus: addEntries(catalog.gpus); break;
        case ChoiceSource::Nodes: addEntries(catalog.nodes); break;
        case ChoiceSource::Fabrics: addEntries(catalog.fabrics); break;
        case ChoiceSource::Words:
            for (const QString &w : f.words)
                combo->addItem(w, w);
            break;
        }
        return combo;
    }
    auto *line = new QLineEdit;
    line->setPlaceholderText(f.type == FormFieldType::Text ? (f.required ? tr("required") : tr("optional"))
                                                           : allowedRange(f) + (f.required ? tr(", required") : QString()));
    return line;
}

void CatalogEntryDialog::setId(const QString &id)
{
    m_id->setCurrentText(id);
}

void CatalogEntryDialog::setValue(const std::string &key, const QString &value)
{
    QWidget *editor = m_editors.count(key) ? m_editors.at(key) : nullptr;
    if (auto *line = qobject_cast<QLineEdit *>(editor))
        line->setText(value);
    else if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        // A value the list does not offer (written by hand, or an entry since removed) stays
        // as it is rather than silently becoming "not given".
        if (combo->findData(value) < 0 && !value.isEmpty())
            combo->addItem(tr("%1 (not in the catalog)").arg(value), value);
        combo->setCurrentIndex(std::max(combo->findData(value), 0));
    }
}

void CatalogEntryDialog::setEditing(const EntryDraft &entry, const QString &fileName)
{
    m_editing = true;
    setWindowTitle(tr("Edit %1").arg(entry.id));
    m_intro->setText(tr("Changes <b>%1</b> in <b>%2</b> of your catalog folder; fields you leave as they are keep "
                        "their sources, fields the form does not show are kept.")
                         .arg(entry.id.toHtmlEscaped(), fileName.toHtmlEscaped()));
    setId(entry.id);
    m_id->setEnabled(false);   // the id is the entry; a new id is a new entry (Add)
    for (const auto &[key, value] : entry.values)
        setValue(key, value);
    setProvenance(entry.source, entry.date, entry.estimate, entry.note);
}

void CatalogEntryDialog::setProvenance(const QString &source, const QString &date, bool estimate, const QString &note)
{
    m_source->setText(source);
    m_date->setText(date);
    m_estimate->setChecked(estimate);
    m_note->setText(note);
}

EntryDraft CatalogEntryDialog::draft() const
{
    EntryDraft d;
    d.id = m_id->currentText();
    d.source = m_source->text();
    d.date = m_date->text();
    d.note = m_note->text();
    d.estimate = m_estimate->isChecked();
    for (const auto &[key, editor] : m_editors)
        d.values[key] = textOf(editor);
    return d;
}

bool CatalogEntryDialog::save()
{
    QString error;
    const bool ok = m_editing ? m_editor.update(m_form, draft(), error) : m_editor.add(m_form, draft(), m_catalog, error);
    m_error->setText(error);
    m_error->setVisible(!ok);
    return ok;
}

QString CatalogEntryDialog::errorText() const
{
    return m_error->text();
}

} // namespace gpuplan::ui
