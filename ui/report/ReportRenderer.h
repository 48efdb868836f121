// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/ReportDocument.h"

#include <QPageSize>
#include <QString>
#include <QStringList>

class QIODevice;

// Lays a ReportDocument out on pages and writes it as a PDF with QPdfWriter: vector drawings,
// real (searchable) text in embedded DejaVu fonts, a running header with the title and date and a
// footer with the plan name and "Page N of M". Paragraphs continue on the next page line by line;
// tables break between rows and repeat their header; headings stay with what follows them.
namespace gpuplan::ui::report {

struct RenderResult
{
    bool ok = false;
    int pages = 0;
    QString error;
    QStringList warnings;     // the document's: what it left out, for the user
};

RenderResult renderPdf(const ReportDocument &document, QIODevice *device, QPageSize::PageSizeId pageSize);

// Renders in memory and writes the file atomically (writeFileAtomically): a failed export leaves
// the old file as it was and says why.
RenderResult writePdfFile(const ReportDocument &document, const QString &path, QPageSize::PageSizeId pageSize);

} // namespace gpuplan::ui::report
