// SPDX-License-Identifier: GPL-3.0-or-later
#include "CatalogEntryDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
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

} // namespace

CatalogEntryDialog::CatalogEntryDialog(const EntryForm &form, const Catalog &catalog, const QString &userFolder,
                                       QWidget *parent)
    : QDialog(parent), m_form(form), m_catalog(catalog), m_editor(userFolder), m_id(new QComboBox),
      m_source(new QLineEdit), m_date(new QLineEdit), m_estimate(new QCheckBox(tr("Estimate (not a published figure)"))),
      m_note(new QLineEdit), m_error(new QLabel)
{
    setObjectName(QStringLiteral("catalogEntryDialog"));
    setWindowTitle(form.title);
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Saved to <b>%1</b> in your catalog folder; the bundled catalogs stay unchanged.")
                                 .arg(QString::fromLatin1(UserCatalogEditor::kFileName)));
    intro->setWordWrap(true);
    layout->addWidget(intro);

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
    m_id->lineEdit()->setPlaceholderText(tr("required, e.g. RTX5000Ada-32GB"));
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
    layout->addLayout(fields);

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
    if (f.type == FormFieldType::Choice) {
        auto *combo = new QComboBox;
        combo->addItem(tr("(choose)"), QString());
        if (f.key == "default_node") {
            for (const NodeSpec &n : catalog.nodes)
                combo->addItem(QStringLiteral("%1 — %2").arg(qs(n.id), qs(n.name)), qs(n.id));
        } else {
            for (const GpuSpec &g : catalog.gpus)
                combo->addItem(QStringLiteral("%1 — %2").arg(qs(g.id), qs(g.name)), qs(g.id));
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
    else if (auto *combo = qobject_cast<QComboBox *>(editor))
        combo->setCurrentIndex(std::max(combo->findData(value), 0));
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
    const bool ok = m_editor.add(m_form, draft(), m_catalog, error);
    m_error->setText(error);
    m_error->setVisible(!ok);
    return ok;
}

QString CatalogEntryDialog::errorText() const
{
    return m_error->text();
}

} // namespace gpuplan::ui
