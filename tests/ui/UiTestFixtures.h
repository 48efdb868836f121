// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A small catalog and plans built in code for the GUI tests, so they do not depend on the bundled
// catalog files changing. Figures: the vendors' datasheets as cited in catalogs/gpus.json and
// catalogs/nodes.json (memory, bandwidth, dense BF16 throughput, TDP); model shapes: Llama 3 paper
// (Dubey et al. 2024, Table 3) and the Hugging Face config.json of each model.

#include "catalog/Catalog.h"
#include "plan/Plan.h"

#include <QStandardPaths>
#include <QTemporaryDir>

namespace gpuplan::test {

inline GpuSpec fixtureGpu(const char *id, const char *name, int year, double memGb, double bwTbps, double bf16Tflops,
                          double tdpW, const char *node)
{
    GpuSpec g;
    g.id = id;
    g.name = name;
    g.vendor = "NVIDIA";
    g.launchYear = year;
    g.memoryBytes = memGb * 1e9;
    g.memoryBandwidth = bwTbps * 1e12;
    g.peakFlops[static_cast<int>(Dtype::BF16)] = bf16Tflops * 1e12;
    g.peakFlops[static_cast<int>(Dtype::FP16)] = bf16Tflops * 1e12;
    g.tdpW = tdpW;
    g.scaleUpBandwidth = 450e9;
    g.pcieBandwidth = 64e9;
    g.defaultNode = node;
    return g;
}

inline ModelArch llamaArch(const char *name, int layers, int hidden, int heads, int kvHeads, int ffn)
{
    ModelArch a;
    a.name = name;
    a.layers = layers;
    a.hidden = hidden;
    a.heads = heads;
    a.kvHeads = kvHeads;
    a.ffnHidden = ffn;
    a.gatedMlp = true;
    a.vocab = 128256;
    return a;
}

inline Catalog fixtureCatalog()
{
    Catalog c;
    c.gpus.push_back(fixtureGpu("H100-SXM-80GB", "H100 SXM 80GB", 2022, 80, 3.35, 989.4, 700, "dgx-h100"));
    c.gpus.push_back(fixtureGpu("H200-SXM-141GB", "H200 SXM 141GB", 2024, 141, 4.8, 989.4, 700, "dgx-h100"));
    c.gpus.push_back(fixtureGpu("A100-SXM-80GB", "A100 SXM4 80GB", 2020, 80, 2.039, 312, 400, "dgx-h100"));
    c.gpus.push_back(fixtureGpu("A100-SXM-40GB", "A100 SXM4 40GB", 2020, 40, 1.555, 312, 400, "dgx-h100"));
    c.gpus.push_back(fixtureGpu("MI300X", "Instinct MI300X", 2023, 192, 5.3, 1307.4, 750, "dgx-h100"));
    c.gpus.push_back(fixtureGpu("L40S", "L40S", 2023, 48, 0.864, 362, 350, "dgx-h100"));
    c.gpus.push_back(fixtureGpu("B200", "B200", 2024, 180, 7.7, 2250, 1000, "dgx-h100"));
    c.gpus.back().aliases = {"b200-hgx"};

    NodeSpec n;
    n.id = "dgx-h100";
    n.name = "DGX H100";
    n.gpus = {"H100-SXM-80GB"};
    n.gpusPerNode = 8;
    n.intraBandwidth = 450e9;
    n.defaultFabric = "ib-ndr";
    n.maxPowerW = 10200;
    n.rackUnits = 8;
    c.nodes.push_back(n);

    FabricSpec f;
    f.id = "ib-ndr";
    f.name = "InfiniBand NDR 400G";
    f.kind = "infiniband";
    c.fabrics.push_back(f);

    EnginePreset e;
    e.id = "vllm";
    e.name = "vLLM";
    e.engine = ServingEngine::Vllm;
    c.engines.push_back(e);

    ModelPreset m70;
    m70.id = "llama3-70b";
    m70.arch = llamaArch("Llama 3 70B", 80, 8192, 64, 8, 28672);
    m70.publishedParams = 70.6e9;
    c.models.push_back(m70);
    ModelPreset m8;
    m8.id = "llama3-8b";
    m8.arch = llamaArch("Llama 3 8B", 32, 4096, 32, 8, 14336);
    m8.publishedParams = 8.03e9;
    c.models.push_back(m8);
    return c;
}

// Llama 3 70B on 1,024 H100 with TP 8, PP 4 (DP derived: 32), as in examples/llama3-70b-training.gpuplan.
inline Plan fixtureTrainingPlan()
{
    Plan p;
    p.name = "Llama 3 70B fixture";
    p.model = llamaArch("Llama 3 70B", 80, 8192, 64, 8, 28672);
    p.model.preset = "llama3-70b";
    p.workload.training.seqLen = 8192;
    p.workload.training.globalBatch = 1024;
    p.workload.training.tokens = 15e12;
    p.hardware.gpu = "H100-SXM-80GB";
    p.hardware.numGpus = 1024;
    p.parallelism.tp = 8;
    p.parallelism.pp = 4;
    p.parallelism.zero = 1;
    return p;
}

// Llama 3 8B served by one GPU per replica on 8 H100 with 64 requests in flight (the shape of
// examples/llama3-8b-inference.gpuplan); tests add the load and targets they are about.
inline Plan fixtureOneGpuReplicaPlan()
{
    Plan p = fixtureTrainingPlan();
    p.model = llamaArch("Llama 3 8B", 32, 4096, 32, 8, 14336);
    p.model.preset = "llama3-8b";
    p.workload.mode = Mode::Inference;
    p.workload.inference.concurrency = 64;
    p.hardware.numGpus = 8;
    p.parallelism.tp = 1;
    p.parallelism.pp = 1;
    return p;
}

// Points QStandardPaths (and so any default QSettings) at test locations, never ~/.config.
inline void isolateUserFiles()
{
    QStandardPaths::setTestModeEnabled(true);
}

} // namespace gpuplan::test
