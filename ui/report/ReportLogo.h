// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QImage>
#include <QSizeF>
#include <QString>

#include <memory>

class QPainter;
class QSvgRenderer;

// An organisation's logo for the PDF report, read from a PNG, JPEG or SVG file and drawn at a
// fixed height with its aspect ratio kept (docs/exports.md). A PNG or JPEG is embedded as an image,
// scaled down first when it has far more pixels than print needs; an SVG stays vector.
namespace gpuplan::ui::report {

class ReportLogo
{
public:
    static constexpr qint64 kMaxFileBytes = 10 * 1024 * 1024;
    static constexpr int kMaxPixels = 8192;        // per side, checked before decoding
    static constexpr int kStoredHeight = 240;      // pixels kept: about 400 dpi at the cover's size

    // Reads and checks the file (by its content, not only its name). Null on failure, with the
    // reason in error: "file not found", "is not a PNG or JPEG image", ...
    static std::shared_ptr<const ReportLogo> load(const QString &path, QString &error);

    ReportLogo(const ReportLogo &) = delete;
    ReportLogo &operator=(const ReportLogo &) = delete;

    // The drawn size at this height, narrowed (height and width together) to maxWidth.
    QSizeF sizeFor(double height, double maxWidth) const;
    void paint(QPainter &painter, const QRectF &box) const;
    QString description() const;                   // "PNG, 400 × 120 pixels", "SVG, 200 × 60"

private:
    ReportLogo() = default;

    QImage m_image;                                // PNG or JPEG, as stored in the PDF
    std::shared_ptr<QSvgRenderer> m_svg;           // shared_ptr: complete type not needed without Qt SVG
    QSizeF m_size;                                 // natural size, for the aspect ratio
    QString m_format;
};

} // namespace gpuplan::ui::report
