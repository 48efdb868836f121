// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

// The catalog as tables for the catalog browser: one table per kind, one row per entry, and for
// every figure the key of its provenance in the entry's sources (docs/catalogs.md "Provenance"),
// so the view can say where each number comes from and when. Data only; no widgets.
namespace gpuplan::ui {

struct CatalogCell
{
    QString text;
    std::string sourceKey;   // key in the entry's sources (e.g. "tflops.bf16"); empty = not a figure
};

struct CatalogRow
{
    QString id;
    std::vector<CatalogCell> cells;
    ProvenanceMap sources;   // a copy: the table outlives a catalog reload
};

struct CatalogTable
{
    QString kind;            // file key: "gpus", "nodes", "fabrics", "clouds", "models", "engines", "storage_tiers"
    QString title;           // tab label
    QStringList headers;
    std::vector<CatalogRow> rows;
};

std::vector<CatalogTable> catalogTables(const Catalog &catalog);

// The provenance of one figure; nullptr when the entry records none for it. memory_gb and
// memory_gib are one figure given in either unit.
const Provenance *findSource(const CatalogRow &row, const std::string &key);
// "NVIDIA H100 datasheet · 2023-03 · estimate", for tool tips and the sources table.
QString provenanceSummary(const Provenance &p);

} // namespace gpuplan::ui
