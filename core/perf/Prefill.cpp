// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Prefill.h"

#include <algorithm>

namespace gpuplan {

double prefillTime(const ForwardCostModel &m, double sequences, double promptLen)
{
    if (!m.valid || sequences <= 0 || promptLen <= 0)
        return 0;
    const double microBatches = std::min(static_cast<double>(m.pp), sequences);
    const double fill = (microBatches + m.pp - 1.0) / m.pp;
    return m.prefillOverhead + fill * prefillPassTime(m, sequences / microBatches, promptLen);
}

} // namespace gpuplan
