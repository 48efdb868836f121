// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/MemoryVerdictText.h"

#include "NumberText.h"

#include "memory/FrameworkOverhead.h"

#include <QCoreApplication>

#include <cmath>

namespace gpuplan::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("MemoryVerdict", text);
}

QString bandPercent(const MemoryResult &m)
{
    return QStringLiteral("±") + percentText(m.bandFraction, 0);
}

} // namespace

QString memoryVerdictName(const MemoryResult &m)
{
    switch (gpuMemoryVerdict(m)) {
    case MemoryVerdict::Fits: return tr("fits");
    case MemoryVerdict::Borderline: return tr("borderline");
    case MemoryVerdict::DoesNotFit: break;
    }
    return tr("does not fit");
}

QString memoryBandText(const MemoryResult &m)
{
    const MemoryVerdictBand band = memoryVerdictBand(m);
    if (band.fitsUpToBytes <= 0)
        return {};
    return tr("fits up to %1, does not fit above %2 (%3 error band)")
        .arg(gibText(band.fitsUpToBytes), gibText(band.doesNotFitAboveBytes), bandPercent(m));
}

QString memoryLimitText(const MemoryResult &m)
{
    const QString usable = gibText(m.capacityBytes);
    if (m.soldBytes <= 0)
        return usable;
    const QString sold = tr("%1 (%2)").arg(soldGbText(m.soldBytes), gibText(m.soldBytes));
    const bool cudaKnown = m.deviceTotalBytes > 0 && std::fabs(m.deviceTotalBytes - m.soldBytes) > 1;
    // Serving engines take a share of the GPU (memory utilization); training uses the whole device.
    const bool share = std::fabs(m.capacityBytes - m.deviceTotalBytes) > 1;
    if (!cudaKnown)
        return share ? tr("%1 of a GPU sold as %2; the catalog has no CUDA device total, so the memory as sold stands in")
                           .arg(usable, sold)
                     : tr("%1, the memory as sold (%2); the catalog has no CUDA device total for this GPU")
                           .arg(usable, soldGbText(m.soldBytes));
    if (share)
        return tr("%1 of the CUDA device total %2 of a GPU sold as %3").arg(usable, gibText(m.deviceTotalBytes), sold);
    return tr("%1, the CUDA device total of a GPU sold as %2").arg(usable, sold);
}

QString memoryVerdictSentence(const MemoryResult &m)
{
    const QString band = memoryBandText(m);
    // Host memory is reported as host memory, next to the GPU's own verdict (docs/memory.md §11).
    const QString host = m.hostFits ? QString()
                                    : QLatin1Char(' ') + tr("The node's host memory cannot hold what is offloaded to it, "
                                                            "so the plan does not fit.");
    switch (gpuMemoryVerdict(m)) {
    case MemoryVerdict::Fits:
        return tr("Fits: even %1 more than the estimate stays within the limit; %2.")
                   .arg(percentText(m.bandFraction, 0))
                   .arg(band)
               + host;
    case MemoryVerdict::Borderline:
        return tr("Borderline: the estimate is within the memory model's %1 error band of the limit, so the run may "
                  "or may not fit; %2. Measure a step before committing, or add headroom.")
                   .arg(bandPercent(m), band)
               + host;
    case MemoryVerdict::DoesNotFit: break;
    }
    return (band.isEmpty() ? tr("Does not fit.") : tr("Does not fit: %1.").arg(band)) + host;
}

} // namespace gpuplan::ui
