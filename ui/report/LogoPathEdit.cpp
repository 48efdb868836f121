// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/LogoPathEdit.h"

#include "report/Branding.h"

#include "Theme.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPixmap>
#include <QToolButton>

namespace gpuplan::ui::report {

namespace {

constexpr int kPreviewHeight = 32;

} // namespace

LogoPathEdit::LogoPathEdit(QWidget *parent)
    : QWidget(parent), m_edit(new QLineEdit(this)), m_browse(new QToolButton(this)), m_preview(new QLabel(this)),
      m_status(new QLabel(this))
{
    m_edit->setObjectName(QStringLiteral("logoPath"));
    m_edit->setClearButtonEnabled(true);
    m_browse->setText(tr("Browse…"));
    m_preview->setFixedHeight(kPreviewHeight);
    m_status->setObjectName(QStringLiteral("logoStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);   // paths and file names are shown as they are
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_edit, 0, 0);
    grid->addWidget(m_browse, 0, 1);
    grid->addWidget(m_preview, 1, 0, 1, 2, Qt::AlignLeft);
    grid->addWidget(m_status, 2, 0, 1, 2);
    connect(m_edit, &QLineEdit::textChanged, this, &LogoPathEdit::updateStatus);
    connect(m_browse, &QToolButton::clicked, this, &LogoPathEdit::browse);
    updateStatus();
}

void LogoPathEdit::setPlanFile(const QString &planFile)
{
    m_planFile = planFile;
    updateStatus();
}

QString LogoPathEdit::path() const
{
    return m_edit->text().trimmed();
}

void LogoPathEdit::setPath(const QString &path)
{
    m_edit->setText(path);
}

void LogoPathEdit::setPlaceholderText(const QString &text)
{
    m_edit->setPlaceholderText(text);
}

QString LogoPathEdit::status() const
{
    return m_status->text();
}

void LogoPathEdit::browse()
{
    const QString current = resolveLogoPath(path(), m_planFile);
    const QString start = !current.isEmpty() ? QFileInfo(current).absolutePath()
                          : m_planFile.isEmpty() ? QDir::homePath()
                                                 : QFileInfo(m_planFile).absolutePath();
    const QString chosen = QFileDialog::getOpenFileName(this, tr("Choose a logo"), start,
                                                        tr("Logos (*.png *.jpg *.jpeg *.svg)"));
    if (chosen.isEmpty())
        return;
    QString stored = QFileInfo(chosen).absoluteFilePath();
    if (!m_planFile.isEmpty()) {
        const QString relative = QFileInfo(m_planFile).absoluteDir().relativeFilePath(stored);
        if (!relative.startsWith(QLatin1String("..")))
            stored = relative;
    }
    m_edit->setText(stored);
}

void LogoPathEdit::updateStatus()
{
    QString error;
    const auto logo = checkLogo(path(), m_planFile, error);
    m_usable = error.isEmpty();
    m_preview->clear();
    m_preview->setVisible(logo != nullptr);
    if (logo) {
        // Drawn by the same code as the PDF, on white paper with a margin, so the preview shows what
        // the report will print whatever the window's theme.
        constexpr int kMargin = 3;
        const QSizeF size = logo->sizeFor(kPreviewHeight - 2 * kMargin, 6 * kPreviewHeight);
        const QSizeF paper = size + QSizeF(2 * kMargin, 2 * kMargin);
        const qreal ratio = devicePixelRatioF();
        QPixmap pixmap((paper * ratio).toSize().expandedTo(QSize(1, 1)));
        pixmap.setDevicePixelRatio(ratio);
        pixmap.fill(Qt::white);
        QPainter painter(&pixmap);
        logo->paint(painter, QRectF(QPointF(kMargin, kMargin), size));
        painter.setPen(QColor(0xc3, 0xcb, 0xd6));
        painter.drawRect(QRectF(QPointF(0.5, 0.5), paper - QSizeF(1, 1)));
        painter.end();
        m_preview->setPixmap(pixmap);
    }
    QPalette palette = this->palette();
    if (path().isEmpty())
        m_status->setText(m_edit->placeholderText().isEmpty() ? tr("No logo.") : QString());
    else if (logo)
        m_status->setText(tr("%1: printed on the cover and in every page header.").arg(logo->description()));
    else {
        m_status->setText(tr("Cannot be used: %1. The PDF is made without a logo.").arg(error));
        palette.setColor(QPalette::WindowText, errorColor(palette));
    }
    m_status->setPalette(palette);
    m_status->setVisible(!m_status->text().isEmpty());
}

} // namespace gpuplan::ui::report
