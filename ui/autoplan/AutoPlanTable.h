// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/LayoutSearch.h"

#include <QStringList>

class QTableWidget;

// The auto-plan dialog's two tables: the ranked layouts of a search result and the number of
// candidates set aside per reason. Plain text cells; the numbers are those of the core search.
namespace gpuplan::ui {

// Column order of the layout table (headers depend on the mode: micro-batch vs concurrency).
enum AutoPlanColumn {
    ColRank, ColGpus, ColTp, ColPp, ColVp, ColDp, ColCp, ColEp, ColBatch, ColSharding, ColRecompute, ColOffload,
    ColStepTime, ColTokensPerS, ColMfu, ColMemory, ColDuration, ColCost, ColEnergy, ColVsBest, ColCount
};

QStringList autoPlanHeaders(Mode mode);
void fillLayoutTable(QTableWidget *table, const SearchResult &result);
void fillRejectTable(QTableWidget *table, const SearchResult &result);
// "Megatron · ZeRO-1", "DDP"
QString shardingText(const Layout &layout);
QString offloadText(const Layout &layout);
// One line for tooltips: "512 GPUs · TP 8 · PP 4 · DP 16 · micro-batch 1 · Megatron · ZeRO-1"; CP, EP,
// virtual stages, recompute and offload only where they are used; replicas and concurrency for inference.
QString layoutSummary(const Layout &layout, Mode mode);
// The same for a result, a disaggregated one as its pools: "64 GPUs · prefill 8 × TP 4 · decode 4 × TP 8
// at 256 · 1,024 in flight".
QString candidateSummary(const SearchCandidate &candidate, Mode mode);

} // namespace gpuplan::ui
