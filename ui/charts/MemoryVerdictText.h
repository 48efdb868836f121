// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "memory/FrameworkOverhead.h"

#include <QString>

// The words for the memory fit verdict (docs/memory.md §10), shared by the memory chart, the key
// results and the PDF so all three name the verdict, its error band and the GPU's limit alike.
namespace gpuplan::ui {

// "fits", "borderline" or "does not fit": the words of the one verdict, gpuMemoryVerdict()
// (core/memory/FrameworkOverhead.h), which the text report shows too.
QString memoryVerdictName(const MemoryResult &m);

// "fits up to 68.3 GiB, does not fit above 94.3 GiB (±16% error band)"; empty without a capacity.
QString memoryBandText(const MemoryResult &m);

// Where the limit comes from: "79.2 GiB, the CUDA device total of a GPU sold as 80 GB (74.5 GiB)";
// with the share an engine takes for serving; or the capacity as sold where the catalog has no
// CUDA figure.
QString memoryLimitText(const MemoryResult &m);

// One sentence: the verdict, the band and what it means for the plan.
QString memoryVerdictSentence(const MemoryResult &m);

} // namespace gpuplan::ui
