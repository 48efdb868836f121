// SPDX-License-Identifier: GPL-3.0-or-later
// Checkpoint size, write/restore times, read bandwidth and capacity (docs/formulas.md §12).
#include "FacilityFixtures.h"

#include "facility/Storage.h"

#include <QTest>

using namespace gpuplan;
using namespace gpuplan::test;

class TestStorage final : public QObject
{
    Q_OBJECT

private:
    static FacilityInputs checkpointCase(double aggregateWrite)
    {
        // docs/formulas.md §12: 70e9 parameters x 14 B = 980 GB.
        FacilityInputs in;
        in.jobGpus = 1024;
        in.gpusPerNode = 8;
        in.jobNodes = 128;
        in.checkpointParams = 70e9;
        in.checkpointBytesPerParam = 14;
        for (TierInputs &t : in.tiers) {
            t.id = static_cast<int>(StorageTier::ParallelFs);
            t.known = true;
            t.writePerNode = 1e12;   // not limiting
            t.readPerNode = 1e12;
            t.aggregateWrite = aggregateWrite;
            t.aggregateRead = 2 * aggregateWrite;
        }
        in.asyncCheckpoint = false;
        return in;
    }

private slots:
    void checkpointBytesPerParam()
    {
        // docs/formulas.md §2.1/§12: bf16 weights + fp32 master + AdamW fp32 moments = 2 + 4 + 8 = 14 B.
        Plan p;
        QCOMPARE(trainingCheckpointBytesPerParam(p), 14.0);
        // fp32 Adam: 4 + 8 = 12 B (no separate master copy).
        p.precision.weights = Dtype::FP32;
        QCOMPARE(trainingCheckpointBytesPerParam(p), 12.0);
        // 8-bit Adam (K = 2) with an fp32 master copy: 2 + 4 + 2 = 8 B.
        p.precision.weights = Dtype::BF16;
        p.precision.optimizer = Optimizer::Adam8bit;
        QCOMPARE(trainingCheckpointBytesPerParam(p), 8.0);
        // Lion, one fp32 buffer: 2 + 4 + 4 = 10 B.
        p.precision.optimizer = Optimizer::Lion;
        QCOMPARE(trainingCheckpointBytesPerParam(p), 10.0);
    }

    void replicaStartUpFromItsWeightsAndTier()
    {
        // Llama 3 70B in bf16 (70.6e9 parameters x 2 B = 141 GB) served by TP 8 on one node.
        FacilityInputs in;
        in.mode = Mode::Inference;
        in.jobGpus = 64;
        in.gpusPerNode = 8;
        in.jobNodes = 8;
        in.nodesPerReplica = 1;
        in.gpusPerReplica = 8;
        in.checkpointParams = 70.6e9;
        in.checkpointBytesPerParam = 2;
        // Every role on one tier; the weights are read from the checkpoint tier.
        const auto setTier = [&in](double readPerNode, double aggregateRead) {
            for (TierInputs &t : in.tiers) {
                t.id = static_cast<int>(StorageTier::ParallelFs);
                t.known = true;
                t.readPerNode = t.writePerNode = readPerNode;
                t.aggregateRead = t.aggregateWrite = aggregateRead;
            }
        };
        in.hostCopyPerGpu = 64e9;      // PCIe 5.0 x16, not limiting at 8 GPUs
        in.engineStartS = 60;          // the vLLM preset's engine start (an estimate, catalogs/engines.json)
        // Parallel file system: 40 GB/s read per node with GPUDirect Storage (catalogs/storage_tiers.json,
        // DGX SuperPOD reference architecture), 500 GB/s aggregate: 141.2 GB / 40 GB/s = 3.53 s.
        setTier(40e9, 500e9);
        StorageResult s = computeStorage(in);
        QVERIFY(qAbs(s.replicaWeightsLoadS - 3.53) < 1e-9);
        QVERIFY(qAbs(s.replicaStartS - 63.53) < 1e-9);
        // NFS: 2.5 GB/s per client (catalog planning assumption): 56.5 s for the weights alone.
        setTier(2.5e9, 10e9);
        s = computeStorage(in);
        QVERIFY(qAbs(s.replicaWeightsLoadS - 56.48) < 1e-9);
        QVERIFY(qAbs(s.replicaStartS - 116.48) < 1e-9);
        // One GPU copying in over PCIe limits a fast tier: 141.2 GB / 64 GB/s.
        setTier(100e9, 0);
        in.gpusPerReplica = 1;
        s = computeStorage(in);
        QVERIFY(qAbs(s.replicaWeightsLoadS - 141.2 / 64) < 1e-9);
        // Training computes no replica start-up.
        in.mode = Mode::Training;
        QCOMPARE(computeStorage(in).replicaStartS, 0.0);
    }

    void writeTimesFromFormulasExample()
    {
        // 980 GB at 40 GB/s aggregate takes 24.5 s; at 2 GB/s it takes 490 s (docs/formulas.md §12).
        StorageResult s = computeStorage(checkpointCase(40e9));
        QCOMPARE(s.checkpointBytes, 980e9);
        QVERIFY(qAbs(s.checkpointWriteS - 24.5) < 1e-9);
        QVERIFY(qAbs(s.restoreS - 12.25) < 1e-9);   // read cap 80 GB/s
        QVERIFY(qAbs(s.checkpointBlockingS - 24.5) < 1e-9);   // synchronous save, no fixed overhead
        s = computeStorage(checkpointCase(2e9));
        QVERIFY(qAbs(s.checkpointWriteS - 490.0) < 1e-9);
    }

    void perNodeBandwidthScalesUntilTheCap()
    {
        QCOMPARE(tierBandwidth(5e9, 40e9, 4), 20e9);
        QCOMPARE(tierBandwidth(5e9, 40e9, 128), 40e9);
        QCOMPARE(tierBandwidth(5e9, 0, 128), 640e9);   // node-local: no cap
    }

    void asyncBlocksOnlyForTheCopyOut()
    {
        // Each of 1,024 GPUs copies its 980 GB / 1,024 shard over PCIe (64 GB/s) plus the fixed overhead.
        FacilityInputs in = checkpointCase(40e9);
        in.asyncCheckpoint = true;
        in.hostCopyPerGpu = 64e9;
        in.checkpointOverheadS = 5;
        const StorageResult s = computeStorage(in);
        QVERIFY(qAbs(s.checkpointBlockingS - (5.0 + 980e9 / 1024 / 64e9)) < 1e-12);
        QVERIFY(qAbs(s.checkpointWriteS - 24.5) < 1e-9);   // the drain still takes the tier's time
    }

    void readBandwidthAndStarvation()
    {
        // 4M tokens/s x 2 B = 8 MB/s (docs/formulas.md §12).
        FacilityInputs in = checkpointCase(40e9);
        in.tokensPerS = 4e6;
        in.bytesPerToken = 2;
        StorageResult s = computeStorage(in);
        QVERIFY(qAbs(s.requiredReadGBps - 0.008) < 1e-15);
        QVERIFY(!s.starved);
        // Multimodal-like data: 1 MB per token-equivalent sample outruns an 80 GB/s cap.
        in.bytesPerToken = 1e6;
        s = computeStorage(in);
        QVERIFY(s.starved);
        // Read amplification multiplies the requirement.
        in.bytesPerToken = 2;
        in.readAmplification = 3;
        QVERIFY(qAbs(computeStorage(in).requiredReadGBps - 0.024) < 1e-15);
    }

    void capacityRetainsCheckpointsAndDataset()
    {
        FacilityInputs in = checkpointCase(40e9);
        in.checkpointsKept = 5;
        in.datasetBytes = 30e12;
        QCOMPARE(computeStorage(in).capacityBytes, 5 * 980e9 + 30e12);
    }

    void bytesPerTokenFromVocabulary()
    {
        // uint16 token ids while the vocabulary fits in 65,536, else uint32 (docs/formulas.md §12).
        Fixture f;
        f.plan.model.vocab = 32000;
        f.run(86400.0);
        QCOMPARE(f.inputs().bytesPerToken, 2.0);
        f.plan.model.vocab = 128256;   // Llama 3
        f.run(86400.0);
        QCOMPARE(f.inputs().bytesPerToken, 4.0);
        QCOMPARE(f.evaluation.storage.datasetBytes, 15e12 * 4.0);
    }

    void missingTierIsReported()
    {
        Fixture f;
        f.run(86400.0, true, /*withTier=*/false);
        QVERIFY(f.evaluation.cost.isMissing(MissingInput::StorageTier));
        QCOMPARE(f.evaluation.storage.tierReadGBps, 0.0);
        QVERIFY(!f.evaluation.storage.starved);
        QVERIFY(f.evaluation.storage.checkpointBlockingS > 0);
    }

    void loraCheckpointIsSmall()
    {
        Fixture f;
        f.run(86400.0);
        const double full = f.evaluation.storage.checkpointBytes;
        f.plan.workload.training.fineTune = FineTune::Lora;
        f.run(86400.0);
        QVERIFY(f.evaluation.storage.checkpointBytes > 0);
        QVERIFY(f.evaluation.storage.checkpointBytes < 0.01 * full);
    }
};

QTEST_APPLESS_MAIN(TestStorage)
#include "tst_storage.moc"
