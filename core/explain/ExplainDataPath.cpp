// SPDX-License-Identifier: GPL-3.0-or-later
// The data path of a training step taken apart (docs/facility-and-cost.md "Data path"): what the
// GPUs consume per second, what one step's samples cost the storage tier, the nodes' links to it
// and the loaders' CPU cores, and which of them sets the pace. The inputs are the ones the facility
// model resolves (gatherFacilityInputs); the results are the evaluation's.
#include "explain/ExplainFormat.h"

#include "common/EnumNames.h"
#include "common/Units.h"
#include "facility/FacilityInputs.h"
#include "common/Format.h"

namespace gpuplan::explainimpl {

namespace {

std::string limitName(DataLimit limit)
{
    switch (limit) {
    case DataLimit::Gpu: return "the GPUs";
    case DataLimit::Storage: return "the storage tier";
    case DataLimit::Network: return "the nodes' links to storage";
    case DataLimit::HostCpu: return "the loaders' host CPU";
    }
    return "";
}

} // namespace

void explainDataPath(Explanation &out, const ResolvedPlan &rp, const Evaluation &e)
{
    const DataPathResult &d = e.dataPath;
    if (!d.known) {
        out.notes.push_back("Only a training plan with a step time has a data path to explain.");
        return;
    }
    out.available = true;
    const FacilityInputs in = gatherFacilityInputs(rp, e.layout, e);
    const StorageResult &s = e.storage;
    const TierInputs &tier = tierOf(in, s.separateCache ? StorageRole::Cache : StorageRole::Data);
    const double nodes = in.jobNodes > 0 ? in.jobNodes : 1.0;
    const double stepBytes = d.samplesPerS * d.gpuStepS > 0 ? s.requiredReadGBps * units::kGB * (in.globalBatch / d.samplesPerS) : 0.0;
    out.formula = "step = max(GPU step, bytes ÷ aggregate cap, bytes ÷ (per-node rate × nodes), decode CPU-s ÷ cores)";
    out.terms.push_back({"B", "samples per step (workload.training.global_batch)", formatFixed(in.globalBatch, 0)});
    out.terms.push_back({"bytes", std::string("read per sample (data.kind ") + nameOf(dataKindNames(), rp.plan->data.kind) + ")",
                         formatStorage(d.bytesPerSample)});
    out.terms.push_back({"decode", "host CPU time per sample (data.decode_cpu_ms_per_sample)", formatDuration(d.decodeCpuSPerSample)});
    out.terms.push_back({"tier", std::string("what the loaders read: ") + (s.separateCache ? "the cache" : "the data tier"),
                         formatStorage(tier.readPerNode) + "/s per node, " +
                             (tier.aggregateRead > 0 ? formatStorage(tier.aggregateRead) + "/s in all" : std::string("no aggregate cap"))});
    out.terms.push_back({"cores", "cores the loader workers can use per node (workers, less one per GPU's training process)",
                         formatSignificant(d.decodeCoresPerNode) + (d.coresPerNode > 0 ? " of " + formatFixed(d.coresPerNode, 0) : std::string(" (node cores unknown)"))});
    out.steps.push_back({"GPUs", "the step time of the time model (+ GPU decode)", "", formatDuration(d.gpuStepS)});
    out.steps.push_back({"samples/s", "B ÷ step of the time model", formatFixed(in.globalBatch, 0) + " ÷ " + formatDuration(in.globalBatch / d.samplesPerS),
                         formatSignificant(d.samplesPerS)});
    out.steps.push_back({"read per step", "B × bytes × read amplification", formatFixed(in.globalBatch, 0) + " × " + formatStorage(d.bytesPerSample),
                         formatStorage(stepBytes)});
    out.steps.push_back({"storage", "read per step ÷ aggregate cap",
                         tier.aggregateRead > 0 ? formatStorage(stepBytes) + " ÷ " + formatStorage(tier.aggregateRead) + "/s"
                                                : std::string("no aggregate cap"),
                         formatDuration(d.storageStepS)});
    out.steps.push_back({"network", "read per step ÷ (per-node rate × nodes)", formatStorage(stepBytes) + " ÷ (" +
                             formatStorage(tier.readPerNode) + "/s × " + formatFixed(nodes, 0) + ")",
                         formatDuration(d.networkStepS)});
    // Without loader workers the training processes decode between steps: the decode adds to the GPU step.
    const bool serial = in.loaderWorkersPerGpu <= 0 && d.decodeCpuSPerSample > 0;
    out.steps.push_back({"host CPU",
                         serial ? "GPU step + B ÷ nodes × decode ÷ training processes (no loader workers)"
                                : "B ÷ nodes × decode ÷ cores (in parallel with the GPU step)",
                         (serial ? formatDuration(d.gpuStepS) + " + " : std::string()) + formatFixed(in.globalBatch, 0) + " ÷ " +
                             formatFixed(nodes, 0) + " × " + formatDuration(d.decodeCpuSPerSample) + " ÷ " + formatSignificant(d.decodeCoresPerNode),
                         formatDuration(d.hostCpuStepS)});
    out.result = formatDuration(d.stepS) + " per step, set by " + limitName(d.limit);
    // The chain to the run: the loaders prefetch ahead, so the run goes at the slower step, not the sum.
    const TrainingResult &t = e.training;
    if (d.pace > 1 && t.dataPace > 1) {
        out.steps.push_back({"run", "time to train at the slower step (the loaders prefetch ahead: max, not sum)",
                             formatDuration(t.gpuTimeToTrainS) + " × " + formatDuration(d.stepS) + " ÷ " + formatDuration(t.gpuStepTimeS),
                             formatDuration(t.timeToTrainS)});
        out.notes.push_back("GPU step " + formatDuration(t.gpuStepTimeS) + ", data step " + formatDuration(d.stepS) + ": the run is paced by " +
                            limitName(d.limit) + " at " + formatDuration(t.stepTimeS) + " per step. Tokens/s, MFU as delivered (" +
                            formatPercent(t.mfu) + " instead of " + formatPercent(t.gpuMfu) + "), the time to train, the energy and the "
                            "cost are at this step; the GPUs compute " + formatPercent(d.gpuBusyShare) + " of it and wait, at idle "
                            "power, the rest. A cache on local NVMe, more loader workers or GPU decode gives the time back.");
    }
    out.notes.push_back("Decoding needs " + formatSignificant(d.coresNeededPerNode) + " cores per node to keep pace; the loaders hold " +
                        formatStorage(d.loaderRamBytesPerNode) + " of host memory per node" +
                        (d.nodeRamBytes > 0 ? " of " + formatStorage(d.nodeRamBytes) : std::string()) + ".");
    out.source = "Tier rates: catalogs/storage_tiers.json (DGX SuperPOD H100 RA, S3 request limits, ESTIMATES); node cores "
                 "and RAM: catalogs/nodes.json; image and video presets: ESTIMATES in core/facility/DataPath.h; "
                 "docs/facility-and-cost.md \"Data path\".";
}

} // namespace gpuplan::explainimpl
