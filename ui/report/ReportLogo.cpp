// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ReportLogo.h"

#include "plan/ReportBranding.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QObject>
#include <QPainter>
#include <QXmlStreamReader>

#ifdef GPUPLAN_HAVE_SVG
#include <QSvgRenderer>
#endif

namespace gpuplan::ui::report {

namespace {

bool readFile(const QString &path, QByteArray &bytes, QString &error)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        error = QObject::tr("file not found");
        return false;
    }
    if (!info.isFile()) {
        error = QObject::tr("not a file");
        return false;
    }
    if (info.size() > ReportLogo::kMaxFileBytes) {
        error = QObject::tr("the file has %1 bytes; logos of up to %2 MiB are read")
                    .arg(info.size())
                    .arg(ReportLogo::kMaxFileBytes / (1024 * 1024));
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = QObject::tr("cannot be read (%1)").arg(file.errorString());
        return false;
    }
    // At most the limit, even if the file grew or was swapped since it was checked.
    bytes = file.read(ReportLogo::kMaxFileBytes + 1);
    if (bytes.size() > ReportLogo::kMaxFileBytes) {
        error = QObject::tr("the file grew past %1 MiB while it was read").arg(ReportLogo::kMaxFileBytes / (1024 * 1024));
        return false;
    }
    return true;
}

// An SVG may name other files (<image href="/home/x/secret.png">, <use href="other.svg#a">) that
// the renderer would read into the PDF: a plan's logo must not reach outside itself. Only
// references inside the document (#id) and data: URLs are allowed.
bool svgIsSelfContained(const QByteArray &bytes, QString &error)
{
    QXmlStreamReader xml(bytes);
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isDTD() && !xml.entityDeclarations().isEmpty()) {
            error = QObject::tr("the SVG declares XML entities, which a logo does not need");
            return false;
        }
        if (!xml.isStartElement())
            continue;
        for (const QXmlStreamAttribute &a : xml.attributes()) {
            if (a.name() != QLatin1String("href"))
                continue;
            const QString value = a.value().toString().trimmed();
            if (!value.startsWith(QLatin1Char('#')) && !value.startsWith(QLatin1String("data:"), Qt::CaseInsensitive)) {
                error = QObject::tr("the SVG refers to another file (<%1 href=\"%2\">); a logo must be one "
                                    "self-contained file (embed images as data: URLs)")
                            .arg(xml.name().toString(), value.left(200));
                return false;
            }
        }
    }
    if (xml.hasError()) {
        error = QObject::tr("is not a valid SVG image (%1)").arg(xml.errorString());
        return false;
    }
    return true;
}

} // namespace

std::shared_ptr<const ReportLogo> ReportLogo::load(const QString &path, QString &error)
{
    QByteArray bytes;
    if (!readFile(path, bytes, error))
        return nullptr;
    std::shared_ptr<ReportLogo> logo(new ReportLogo);
    if (logoKind(path.toStdString()) == LogoKind::Svg) {
#ifdef GPUPLAN_HAVE_SVG
        if (!svgIsSelfContained(bytes, error))
            return nullptr;
        logo->m_svg = std::make_shared<QSvgRenderer>(bytes);
        if (!logo->m_svg->isValid()) {
            error = QObject::tr("is not a valid SVG image");
            return nullptr;
        }
        logo->m_size = logo->m_svg->viewBoxF().size();
        if (logo->m_size.isEmpty())
            logo->m_size = logo->m_svg->defaultSize();
        logo->m_format = QStringLiteral("SVG");
#else
        error = QObject::tr("SVG logos need gpuplan built with Qt SVG (the qt6-svg-dev package); use a PNG or JPEG");
        return nullptr;
#endif
    } else {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::ReadOnly);
        QImageReader reader(&buffer);   // the format comes from the content, whatever the name says
        const QByteArray format = reader.format();
        if (format != "png" && format != "jpeg") {
            error = QObject::tr("is not a PNG or JPEG image");
            return nullptr;
        }
        const QSize pixels = reader.size();
        if (pixels.width() > kMaxPixels || pixels.height() > kMaxPixels) {
            error = QObject::tr("is %1 × %2 pixels; logos of up to %3 × %3 are read")
                        .arg(pixels.width()).arg(pixels.height()).arg(kMaxPixels);
            return nullptr;
        }
        QImage image = reader.read();
        if (image.isNull()) {
            error = QObject::tr("cannot be decoded (%1)").arg(reader.errorString());
            return nullptr;
        }
        logo->m_size = image.size();
        logo->m_format = format == "png" ? QStringLiteral("PNG") : QStringLiteral("JPEG");
        // The PDF keeps every pixel it is given: a photo-sized logo would make each report megabytes.
        if (image.height() > kStoredHeight)
            image = image.scaledToHeight(kStoredHeight, Qt::SmoothTransformation);
        logo->m_image = std::move(image);
    }
    if (logo->m_size.isEmpty()) {
        error = QObject::tr("the image has no size");
        return nullptr;
    }
    return logo;
}

QSizeF ReportLogo::sizeFor(double height, double maxWidth) const
{
    const double aspect = m_size.width() / m_size.height();
    QSizeF s(height * aspect, height);
    if (s.width() > maxWidth)
        s = QSizeF(maxWidth, maxWidth / aspect);
    return s;
}

void ReportLogo::paint(QPainter &painter, const QRectF &box) const
{
#ifdef GPUPLAN_HAVE_SVG
    if (m_svg) {
        m_svg->render(&painter, box);
        return;
    }
#endif
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    // Flate, not JPEG, in the PDF: a logo's sharp edges and flat colours are what JPEG blurs.
    painter.setRenderHint(QPainter::LosslessImageRendering);
    painter.drawImage(box, m_image);
}

QString ReportLogo::description() const
{
    if (m_svg)
        return QObject::tr("%1, %2 × %3").arg(m_format).arg(m_size.width()).arg(m_size.height());
    return QObject::tr("%1, %2 × %3 pixels").arg(m_format).arg(m_size.width()).arg(m_size.height());
}

} // namespace gpuplan::ui::report
