// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"

#include <QString>

// The words for the memory fit verdict (docs/memory.md §10), shared by the memory chart, the key
// results and the PDF so all three name the verdict, its error band and the GPU's limit alike.
namespace gpuplan::ui {

// "fits", "borderline" or "does not fit". A result that does not fit (training: below the band's low
// end; inference: not strictly within the engine's share) reads "does not fit" whatever the band says.
QString memoryVerdictName(const MemoryResult &m);
MemoryVerdict shownMemoryVerdict(const MemoryResult &m);

// "fits up to 68.3 GiB, does not fit above 94.3 GiB (±16% error band)"; empty without a capacity.
QString memoryBandText(const MemoryResult &m);

// Where the limit comes from: "79.2 GiB, the CUDA device total of a GPU sold as 80 GB (74.5 GiB)";
// with the share an engine takes for serving; or the capacity as sold where the catalog has no
// CUDA figure.
QString memoryLimitText(const MemoryResult &m);

// One sentence: the verdict, the band and what it means for the plan.
QString memoryVerdictSentence(const MemoryResult &m);

} // namespace gpuplan::ui
