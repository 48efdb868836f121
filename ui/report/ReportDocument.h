// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QRectF>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <variant>
#include <vector>

class QCPPainter;

namespace gpuplan::ui::report {
class ReportLogo;
}

// The content of a PDF report as plain blocks (headings, paragraphs, tables, figures), built by
// the section builders from evaluations and laid out onto pages by ReportRenderer. Tests read
// these blocks: what the report says is data, how it looks is the renderer's job. All text is
// plain text: it is drawn as given, never interpreted as markup.
namespace gpuplan::ui::report {

enum class TextStyle { Title, Subtitle, Body, Muted, Small, Alert };

struct Heading
{
    QString text;
    int level = 1;            // 1 = section (starts with a rule), 2 = subsection
};

struct Paragraph
{
    QString text;
    TextStyle style = TextStyle::Body;
    QString lead;             // drawn in bold before the text ("Recommendation: ")
};

struct BulletList
{
    QStringList items;
    TextStyle style = TextStyle::Body;
};

struct TableColumn
{
    QString title;
    double width = 1.0;       // share of the table width
    bool numeric = false;     // right-aligned
};

enum class RowKind { Normal, Total, Group };

struct TableRow
{
    QStringList cells;
    RowKind kind = RowKind::Normal;
};

struct Table
{
    QString id;               // for tests and cross-references: "bom", "capex", ...
    std::vector<TableColumn> columns;
    std::vector<TableRow> rows;
    bool header = true;
    QString note;             // small text under the table
};

// A drawing of fixed height across the text width: a chart, the timeline, the summary tiles.
struct Figure
{
    QString id;
    double height = 200;
    std::function<void(QCPPainter &, const QRectF &)> paint;
    QString caption;
};

struct PageBreak
{
};

using Block = std::variant<Heading, Paragraph, BulletList, Table, Figure, PageBreak>;

struct ReportDocument
{
    QString title;            // PDF title and running header
    QString footer;           // left part of every page footer (plan name)
    QString generator;        // "gpuplan 0.1.0"
    QString dateText;         // on the header of every page
    // Who the report is for, on the cover and in every page header; empty / null = none.
    QString organisation;
    std::shared_ptr<const ReportLogo> logo;
    // What the report had to leave out and why (a logo that cannot be read); the export still
    // succeeds and shows these to the user.
    QStringList warnings;
    std::vector<Block> blocks;

    // Helpers for builders and tests.
    void add(Block block) { blocks.push_back(std::move(block)); }
    QStringList headings(int level = 0) const;          // every heading text (level 0 = all)
    const Table *table(const QString &id) const;        // first table with this id
    std::vector<const Table *> tables(const QString &id) const;
    QString plainText() const;                           // all text, for searches in tests
};

} // namespace gpuplan::ui::report
