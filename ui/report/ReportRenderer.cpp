// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ReportRenderer.h"

#include "document/PlanFileWriter.h"
#include "report/ReportLogo.h"
#include "report/ReportStyle.h"
#include "report/WrappedText.h"

#include <QFontMetricsF>
#include <QPageLayout>
#include <QPdfWriter>
#include <QBuffer>

#include <qcustomplot.h>

#include <functional>

namespace gpuplan::ui::report {

namespace {

using DrawOp = std::function<void(QCPPainter &)>;

constexpr double kCellPadX = 5;
constexpr double kCellPadY = 3.5;
constexpr double kBlockGap = 8;

// First pass: every block becomes drawing operations on pages, measured against the PDF device.
// Painting waits until the page count is known ("Page N of M").
class Layouter
{
public:
    Layouter(QPaintDevice *device, const PageFrame &frame) : m_device(device), m_frame(frame) { newPage(); }

    void add(const Block &block)
    {
        if (const auto *h = std::get_if<Heading>(&block)) {
            m_pending.push_back(*h);   // placed with the start of what follows it
            return;
        }
        if (std::holds_alternative<PageBreak>(block)) {
            place(PageBreak{});   // headings before a break go to the next page with their text
            return;
        }
        flushHeadings(leadHeight(block));
        std::visit([this](const auto &b) { place(b); }, block);
    }

    void finish() { flushHeadings(0); }

    std::vector<std::vector<DrawOp>> pages;

private:
    const QRectF &content() const { return m_frame.content; }
    bool atTop() const { return m_y <= content().top() + 0.5; }
    double remaining() const { return content().bottom() - m_y; }
    void newPage()
    {
        pages.emplace_back();
        m_y = content().top();
    }
    void ensure(double height)
    {
        if (height > remaining() && !atTop())
            newPage();
    }
    void gap(double space)
    {
        if (!atTop())
            m_y += space;
    }
    void op(DrawOp d) { pages.back().push_back(std::move(d)); }

    // Lines of a text from the current position, continued on new pages as needed.
    void flow(const WrappedText &text, double x, const QColor &color)
    {
        int first = 0;
        const int n = text.lineCount();
        while (first < n) {
            int last = first - 1;
            while (last + 1 < n && text.linesHeight(first, last + 1) <= remaining())
                ++last;
            if (last < first) {
                if (!atTop()) {
                    newPage();
                    continue;
                }
                last = first;   // a line taller than a page: draw it anyway
            }
            const double y = m_y;
            op([text, x, y, first, last, color](QCPPainter &p) { text.draw(p, x, y, first, last, color); });
            m_y += text.linesHeight(first, last);
            first = last + 1;
            if (first < n)
                newPage();
        }
    }

    // The height a block needs on the page it starts on: two lines of text, a table's header and
    // first row (a short table whole), a figure whole.
    double leadHeight(const Block &block) const
    {
        if (const auto *p = std::get_if<Paragraph>(&block)) {
            const WrappedText text(p->text, reportFont(p->style), m_device, content().width(), p->lead);
            return text.lineCount() == 0 ? 0 : text.linesHeight(0, std::min(1, text.lineCount() - 1)) + kBlockGap;
        }
        if (const auto *l = std::get_if<BulletList>(&block)) {
            if (l->items.isEmpty())
                return 0;
            const WrappedText text(l->items.front(), reportFont(l->style), m_device, content().width() - 14);
            return text.linesHeight(0, std::min(1, text.lineCount() - 1)) + kBlockGap;
        }
        if (const auto *t = std::get_if<Table>(&block))
            return tableLead(*t) + kBlockGap;
        if (const auto *f = std::get_if<Figure>(&block))
            return f->height + 20 + kBlockGap;
        return 0;
    }

    double tableLead(const Table &t) const
    {
        if (t.columns.empty())
            return 0;
        QStringList titles;
        for (const TableColumn &c : t.columns)
            titles << c.title;
        const double header = t.header ? measureRow(t, titles, true, false).height : 0;
        double whole = header;
        double first = 0;
        for (std::size_t i = 0; i < t.rows.size(); ++i) {
            const double h = measureRow(t, t.rows[i].cells, t.rows[i].kind != RowKind::Normal, t.rows[i].kind == RowKind::Group).height;
            whole += h;
            if (i == 0)
                first = h;
        }
        // Tables up to a third of a page are not split at all.
        return whole <= content().height() / 3 ? whole : header + first;
    }

    void flushHeadings(double lead)
    {
        if (m_pending.empty())
            return;
        double total = lead;
        for (const Heading &h : m_pending)
            total += headingHeight(h);
        ensure(total);
        for (const Heading &h : m_pending)
            placeHeading(h);
        m_pending.clear();
    }

    double headingHeight(const Heading &h) const
    {
        const WrappedText text(h.text, headingFont(h.level), m_device, content().width());
        return (h.level <= 1 ? 16 + 6 + 6 : 10 + 3) + text.height();
    }

    void place(const Heading &h) { placeHeading(h); }

    void placeHeading(const Heading &h)
    {
        gap(h.level <= 1 ? 16 : 10);
        const WrappedText text(h.text, headingFont(h.level), m_device, content().width());
        if (h.level <= 1) {
            const double y = m_y;
            const double left = content().left(), right = content().right();
            op([y, left, right](QCPPainter &p) {
                p.setPen(QPen(colors::accent, 1.4));
                p.drawLine(QLineF(left, y, right, y));
            });
            m_y += 6;
        }
        const double y = m_y;
        const double x = content().left();
        const QColor color = h.level <= 1 ? colors::accent : colors::text;
        op([text, x, y, color](QCPPainter &p) { text.draw(p, x, y, color); });
        m_y += text.height() + (h.level <= 1 ? 6 : 3);
    }

    void place(const Paragraph &para)
    {
        gap(para.style == TextStyle::Title ? 0 : kBlockGap * 0.6);
        const WrappedText text(para.text, reportFont(para.style), m_device, content().width(), para.lead);
        flow(text, content().left(), textColor(para.style));
    }

    void place(const BulletList &list)
    {
        gap(kBlockGap * 0.6);
        const QFont font = reportFont(list.style);
        const double indent = 14;
        for (const QString &item : list.items) {
            const WrappedText text(item, font, m_device, content().width() - indent);
            ensure(text.linesHeight(0, std::min(1, text.lineCount() - 1)));
            const double y = m_y;
            const double x = content().left();
            const QColor color = textColor(list.style);
            op([font, x, y, color](QCPPainter &p) {
                p.setFont(font);
                p.setPen(color);
                p.drawText(QPointF(x + 3, y + QFontMetricsF(font, p.device()).ascent()), QStringLiteral("•"));
            });
            flow(text, content().left() + indent, color);
            m_y += 2;
        }
    }

    struct RowCells
    {
        std::vector<WrappedText> cells;
        double height = 0;
    };

    RowCells measureRow(const Table &t, const QStringList &cells, bool bold, bool span) const
    {
        RowCells row;
        const QFont font = tableFont(bold);
        double total = 0;
        for (const TableColumn &c : t.columns)
            total += c.width;
        for (std::size_t i = 0; i < t.columns.size(); ++i) {
            const double w = span ? content().width() : content().width() * t.columns[i].width / total;
            row.cells.emplace_back(cells.value(static_cast<int>(i)), font, m_device, w - 2 * kCellPadX);
            row.height = std::max(row.height, row.cells.back().height() + 2 * kCellPadY);
            if (span)
                break;
        }
        return row;
    }

    void drawRow(const Table &t, const RowCells &row, RowKind kind, bool header, bool zebra)
    {
        double total = 0;
        for (const TableColumn &c : t.columns)
            total += c.width;
        std::vector<double> xs, ws;
        double x = content().left();
        for (const TableColumn &c : t.columns) {
            xs.push_back(x);
            ws.push_back(content().width() * c.width / total);
            x += ws.back();
        }
        const double y = m_y;
        const QRectF band(content().left(), y, content().width(), row.height);
        std::vector<bool> right;
        for (const TableColumn &c : t.columns)
            right.push_back(c.numeric);
        const QColor color = header ? colors::muted : colors::text;
        op([row, xs, ws, right, band, kind, header, zebra, color](QCPPainter &p) {
            p.setPen(Qt::NoPen);
            if (kind == RowKind::Group)
                p.fillRect(band, colors::group);
            else if (zebra)
                p.fillRect(band, colors::zebra);
            if (header || kind == RowKind::Total) {
                p.setPen(QPen(header ? colors::rule : colors::muted, header ? 1.0 : 0.8));
                const double ly = header ? band.bottom() : band.top();
                p.drawLine(QLineF(band.left(), ly, band.right(), ly));
            }
            for (std::size_t i = 0; i < row.cells.size(); ++i) {
                const bool alignRight = row.cells.size() > 1 && right[i];
                row.cells[i].draw(p, xs[i] + kCellPadX, band.top() + kCellPadY, color, alignRight);
            }
        });
        m_y += row.height;
    }

    void place(const Table &t)
    {
        gap(kBlockGap);
        if (t.columns.empty())
            return;
        QStringList titles;
        for (const TableColumn &c : t.columns)
            titles << c.title;
        const RowCells header = measureRow(t, titles, true, false);
        std::vector<RowCells> rows;
        for (const TableRow &r : t.rows)
            rows.push_back(measureRow(t, r.cells, r.kind != RowKind::Normal, r.kind == RowKind::Group));
        ensure(tableLead(t));
        if (t.header)
            drawRow(t, header, RowKind::Normal, true, false);
        int stripe = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (rows[i].height > remaining() && !atTop()) {
                newPage();
                if (t.header)
                    drawRow(t, header, RowKind::Normal, true, false);
            }
            const RowKind kind = t.rows[i].kind;
            stripe = kind == RowKind::Normal ? stripe + 1 : 0;
            drawRow(t, rows[i], kind, false, kind == RowKind::Normal && stripe % 2 == 0);
        }
        if (!t.note.isEmpty()) {
            m_y += 3;
            const WrappedText note(t.note, reportFont(TextStyle::Small), m_device, content().width());
            flow(note, content().left(), textColor(TextStyle::Small));
        }
    }

    void place(const Figure &f)
    {
        gap(kBlockGap);
        const WrappedText caption(f.caption, reportFont(TextStyle::Small), m_device, content().width());
        const double height = std::min(f.height, content().height() - caption.height() - 6);
        ensure(height + caption.height() + 6);
        const QRectF area(content().left(), m_y, content().width(), height);
        auto paint = f.paint;
        op([paint, area](QCPPainter &p) {
            if (!paint)
                return;
            p.save();
            p.translate(area.topLeft());
            p.setClipRect(QRectF(QPointF(0, 0), area.size()));
            paint(p, QRectF(QPointF(0, 0), area.size()));
            p.restore();
        });
        m_y += height + 6;
        if (caption.lineCount() > 0)
            flow(caption, content().left(), textColor(TextStyle::Small));
    }

    void place(const PageBreak &)
    {
        if (!atTop())
            newPage();
    }

    QPaintDevice *m_device;
    PageFrame m_frame;
    double m_y = 0;
    std::vector<Heading> m_pending;
};

// The running header of every page after the cover: [logo] organisation · title ... date, over a
// thin rule. The logo sits on the text's descent line at a fixed height, its aspect ratio kept.
void paintHeader(QCPPainter &p, const ReportDocument &doc, const PageFrame &f)
{
    const QFont small = reportFont(TextStyle::Small);
    QFont bold = small;
    bold.setBold(true);
    const QFontMetricsF metrics(small, p.device());
    const QFontMetricsF boldMetrics(bold, p.device());
    const double left = f.content.left(), right = f.content.right(), baseline = f.headerBaseline;
    double x = left;
    if (doc.logo) {
        const QSizeF size = doc.logo->sizeFor(kHeaderLogoHeight, f.content.width() * 0.25);
        p.save();
        doc.logo->paint(p, QRectF(QPointF(x, baseline + metrics.descent() - size.height()), size));
        p.restore();
        x += size.width() + 8;
    }
    const double dateLeft = right - metrics.horizontalAdvance(doc.dateText);
    if (!doc.organisation.isEmpty()) {
        // The organisation gets at most half of the room; the title the rest.
        const QString org = boldMetrics.elidedText(doc.organisation, Qt::ElideRight, (dateLeft - 16 - x) * 0.5);
        p.setFont(bold);
        p.setPen(colors::text);
        p.drawText(QPointF(x, baseline), org);
        x += boldMetrics.horizontalAdvance(org);
        const QString separator = QStringLiteral(" · ");
        p.setFont(small);
        p.setPen(colors::muted);
        p.drawText(QPointF(x, baseline), separator);
        x += metrics.horizontalAdvance(separator);
    }
    p.setFont(small);
    p.setPen(colors::muted);
    p.drawText(QPointF(x, baseline), metrics.elidedText(doc.title, Qt::ElideRight, std::max(dateLeft - 16 - x, 0.0)));
    p.drawText(QPointF(dateLeft, baseline), doc.dateText);
    p.setPen(QPen(colors::lightRule, 0.8));
    p.drawLine(QLineF(left, baseline + 8, right, baseline + 8));
}

void paintFrame(QCPPainter &p, const ReportDocument &doc, const PageFrame &f, int page, int pages)
{
    if (page > 0)   // the cover carries the title and the branding itself
        paintHeader(p, doc, f);
    const QFont small = reportFont(TextStyle::Small);
    const QFontMetricsF metrics(small, p.device());
    p.setFont(small);
    p.setPen(colors::muted);
    const double left = f.content.left(), right = f.content.right();
    const QString pageText = QObject::tr("Page %1 of %2").arg(page + 1).arg(pages);
    p.drawText(QPointF(left, f.footerBaseline), metrics.elidedText(doc.footer, Qt::ElideRight, f.content.width() * 0.7));
    p.drawText(QPointF(right - metrics.horizontalAdvance(pageText), f.footerBaseline), pageText);
}

} // namespace

RenderResult renderPdf(const ReportDocument &document, QIODevice *device, QPageSize::PageSizeId pageSize)
{
    RenderResult result;
    QPdfWriter writer(device);
    writer.setResolution(kReportDpi);
    writer.setPageLayout(QPageLayout(QPageSize(pageSize), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(document.title);
    writer.setCreator(document.generator);
    const PageFrame frame = pageFrame(pageSize);

    Layouter layout(&writer, frame);
    for (const Block &b : document.blocks)
        layout.add(b);
    layout.finish();
    auto &pages = layout.pages;
    while (pages.size() > 1 && pages.back().empty())
        pages.pop_back();

    QCPPainter painter;
    if (!painter.begin(&writer)) {
        result.error = QObject::tr("cannot start the PDF writer");
        return result;
    }
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    for (std::size_t i = 0; i < pages.size(); ++i) {
        if (i > 0)
            writer.newPage();
        paintFrame(painter, document, frame, static_cast<int>(i), static_cast<int>(pages.size()));
        for (const DrawOp &op : pages[i]) {
            painter.save();
            op(painter);
            painter.restore();
        }
    }
    if (!painter.end()) {
        result.error = QObject::tr("the PDF writer failed");
        return result;
    }
    result.ok = true;
    result.pages = static_cast<int>(pages.size());
    result.warnings = document.warnings;
    return result;
}

RenderResult writePdfFile(const ReportDocument &document, const QString &path, QPageSize::PageSizeId pageSize)
{
    // Rendered in memory, then written by the one atomic writer (document/PlanFileWriter.h): a
    // full disk or a file size limit leaves the old PDF and is reported, never "8 pages" over a
    // truncated file.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    RenderResult r = renderPdf(document, &buffer, pageSize);
    if (!r.ok)
        return r;
    const QByteArray &bytes = buffer.data();
    QString error;
    if (!writeFileAtomically(path, std::string(bytes.constData(), static_cast<std::size_t>(bytes.size())), error)) {
        r.ok = false;
        r.error = error;
    }
    return r;
}

} // namespace gpuplan::ui::report
