// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ReportDocument.h"

namespace gpuplan::ui::report {

QStringList ReportDocument::headings(int level) const
{
    QStringList out;
    for (const Block &b : blocks) {
        if (const auto *h = std::get_if<Heading>(&b); h && (level == 0 || h->level == level))
            out << h->text;
    }
    return out;
}

const Table *ReportDocument::table(const QString &id) const
{
    const auto all = tables(id);
    return all.empty() ? nullptr : all.front();
}

std::vector<const Table *> ReportDocument::tables(const QString &id) const
{
    std::vector<const Table *> out;
    for (const Block &b : blocks) {
        if (const auto *t = std::get_if<Table>(&b); t && t->id == id)
            out.push_back(t);
    }
    return out;
}

QString ReportDocument::plainText() const
{
    QStringList parts;
    for (const Block &b : blocks) {
        if (const auto *h = std::get_if<Heading>(&b))
            parts << h->text;
        else if (const auto *p = std::get_if<Paragraph>(&b))
            parts << p->lead + p->text;
        else if (const auto *l = std::get_if<BulletList>(&b))
            parts << l->items;
        else if (const auto *t = std::get_if<Table>(&b)) {
            for (const TableColumn &c : t->columns)
                parts << c.title;
            for (const TableRow &r : t->rows)
                parts << r.cells;
            parts << t->note;
        } else if (const auto *f = std::get_if<Figure>(&b))
            parts << f->caption;
    }
    return parts.join(QLatin1Char('\n'));
}

} // namespace gpuplan::ui::report
