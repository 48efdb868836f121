// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/MemoryVerdictText.h"

#include "common/Units.h"
#include "memory/FrameworkOverhead.h"

#include <QCoreApplication>

#include <cmath>

namespace gpuplan::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("MemoryVerdict", text);
}

QString gib(double bytes)
{
    return QStringLiteral("%1 GiB").arg(bytes / units::kGiB, 0, 'f', 1);
}

// "80 GB" for a part sold in decimal gigabytes; parts specified in GiB keep one decimal when needed.
QString soldText(double bytes)
{
    const double gb = bytes / 1e9;
    return QStringLiteral("%1 GB").arg(gb, 0, 'f', std::fabs(gb - std::round(gb)) < 0.05 ? 0 : 1);
}

QString bandPercent(const MemoryResult &m)
{
    return QStringLiteral("±%1%").arg(m.bandFraction * 100.0, 0, 'f', 0);
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
        .arg(gib(band.fitsUpToBytes), gib(band.doesNotFitAboveBytes), bandPercent(m));
}

QString memoryLimitText(const MemoryResult &m)
{
    const QString usable = gib(m.capacityBytes);
    if (m.soldBytes <= 0)
        return usable;
    const QString sold = tr("%1 (%2)").arg(soldText(m.soldBytes), gib(m.soldBytes));
    const bool cudaKnown = m.deviceTotalBytes > 0 && std::fabs(m.deviceTotalBytes - m.soldBytes) > 1;
    // Serving engines take a share of the GPU (memory utilization); training uses the whole device.
    const bool share = std::fabs(m.capacityBytes - m.deviceTotalBytes) > 1;
    if (!cudaKnown)
        return share ? tr("%1 of a GPU sold as %2; the catalog has no CUDA device total, so the memory as sold stands in")
                           .arg(usable, sold)
                     : tr("%1, the memory as sold (%2); the catalog has no CUDA device total for this GPU")
                           .arg(usable, soldText(m.soldBytes));
    if (share)
        return tr("%1 of the CUDA device total %2 of a GPU sold as %3").arg(usable, gib(m.deviceTotalBytes), sold);
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
        return tr("Fits: even %1% more than the estimate stays within the limit; %2.")
                   .arg(m.bandFraction * 100.0, 0, 'f', 0)
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
