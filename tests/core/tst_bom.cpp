// SPDX-License-Identifier: GPL-3.0-or-later
// Fat-tree switch counts and the bill of materials.
#include "FacilityFixtures.h"

#include "facility/BillOfMaterials.h"

#include <QTest>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

const BomLine *findLine(const BillOfMaterials &bom, BomItem item)
{
    for (int i = 0; i < bom.count; ++i) {
        if (bom.lines[static_cast<std::size_t>(i)].item == item)
            return &bom.lines[static_cast<std::size_t>(i)];
    }
    return nullptr;
}

} // namespace

class TestBom final : public QObject
{
    Q_OBJECT

private slots:
    void tierReach()
    {
        // Non-blocking fat tree of radix k: one switch up to k ports, two tiers up to k^2/2, three up to
        // k^3/4 (64 ports: 64, 2,048, 65,536 endpoints; the tier steps quoted in docs/references.md §8
        // from "H100 Freakonomics" are the same numbers counted per rail).
        QCOMPARE(sizeFatTree(8, 8, 64, false).tiers, 1);
        QCOMPARE(sizeFatTree(9, 8, 64, false).tiers, 2);
        QCOMPARE(sizeFatTree(256, 8, 64, false).tiers, 2);
        QCOMPARE(sizeFatTree(257, 8, 64, false).tiers, 3);
        QCOMPARE(sizeFatTree(8192, 8, 64, false).tiers, 3);
        QCOMPARE(sizeFatTree(8193, 8, 64, false).tiers, 4);
    }

    void singleNodeNeedsNoSwitch()
    {
        const FabricSize f = sizeFatTree(1, 8, 64, true);
        QCOMPARE(f.tiers, 0);
        QCOMPARE(f.switches(), 0.0);
    }

    void twoTierRailOptimized()
    {
        // 128 DGX H100 x 8 rails: each rail leaf serves 32 nodes -> 8 x 4 = 32 leaves; 1,024 uplinks
        // over 64-port spines -> 16 spines; 1,024 NIC links + 1,024 uplinks.
        const FabricSize f = sizeFatTree(128, 8, 64, true);
        QCOMPARE(f.tiers, 2);
        QCOMPARE(f.leaf, 32.0);
        QCOMPARE(f.spine, 16.0);
        QCOMPARE(f.core, 0.0);
        QCOMPARE(f.cables, 2048.0);
        // Rail grouping rounds up per rail: 100 nodes -> 8 x ceil(100/32) = 32 leaves vs ceil(800/32) = 25.
        QCOMPARE(sizeFatTree(100, 8, 64, true).leaf, 32.0);
        QCOMPARE(sizeFatTree(100, 8, 64, false).leaf, 25.0);
    }

    void threeTierCounts()
    {
        // 65,536 endpoints on 64-port switches: 2,048 leaves, 2,048 spines, 1,024 core switches.
        const FabricSize f = sizeFatTree(8192, 8, 64, false);
        QCOMPARE(f.leaf, 2048.0);
        QCOMPARE(f.spine, 2048.0);
        QCOMPARE(f.core, 1024.0);
        QCOMPARE(f.cables, 65536.0 * 3);
    }

    void bomLinesAndCapex()
    {
        Fixture f;   // 128 x DGX H100 at $400k incl. GPUs; GPU $30k; switches $30k; cables $800
        f.run(86400.0 * 30);
        const BillOfMaterials &bom = f.evaluation.bom;
        const BomLine *gpu = findLine(bom, BomItem::Gpu);
        const BomLine *node = findLine(bom, BomItem::Node);
        QVERIFY(gpu && node);
        QCOMPARE(gpu->quantity, 1024.0);
        QCOMPARE(gpu->unitUsd, 30000.0);
        QCOMPARE(node->quantity, 128.0);
        QCOMPARE(node->unitUsd, 400000.0 - 8 * 30000.0);   // node price split with the GPU price
        QCOMPARE(findLine(bom, BomItem::LeafSwitch)->quantity, 32.0);
        QCOMPARE(findLine(bom, BomItem::SpineSwitch)->quantity, 16.0);
        QVERIFY(!findLine(bom, BomItem::CoreSwitch));
        const BomLine *nic = findLine(bom, BomItem::Nic);
        QCOMPARE(nic->quantity, 1024.0);
        QCOMPARE(nic->pricing, BomPricing::InNodePrice);   // servers ship with their NICs
        QCOMPARE(findLine(bom, BomItem::Cable)->quantity, 2048.0);
        QCOMPARE(findLine(bom, BomItem::Rack)->pricing, BomPricing::Unpriced);
        // Data and checkpoints on the one fixture tier at $150/TB: the whole capacity.
        const double storageTb = f.evaluation.storage.capacityBytes / 1e12;
        QVERIFY(qAbs(findLine(bom, BomItem::Storage)->quantity + findLine(bom, BomItem::CheckpointStorage)->quantity -
                     storageTb) < 1e-9);
        const double expected = 1024 * 30000.0 + 128 * 160000.0 + 48 * 30000.0 + 2048 * 800.0 + storageTb * 150.0;
        QVERIFY(qAbs(bom.capexUsd - expected) < 1e-3);
        QCOMPARE(f.evaluation.cost.capexHardwareUsd, bom.capexUsd);
    }

    void nodePriceWithoutGpuPriceKeepsGpusInside()
    {
        Fixture f;
        f.gpu.priceUsd = 0;   // unknown
        f.run(86400.0);
        const BillOfMaterials &bom = f.evaluation.bom;
        QCOMPARE(findLine(bom, BomItem::Gpu)->pricing, BomPricing::InNodePrice);
        QCOMPARE(findLine(bom, BomItem::Node)->unitUsd, 400000.0);
        QVERIFY(!f.evaluation.cost.isMissing(MissingInput::GpuPrice));
    }

    void inconsistentNodePriceIsFlagged()
    {
        Fixture f;
        f.node.priceUsd = 199000;   // below 8 x $30k
        f.run(86400.0);
        QCOMPARE(findLine(f.evaluation.bom, BomItem::Node)->unitUsd, 0.0);
        QVERIFY(f.evaluation.cost.isMissing(MissingInput::NodePriceBelowGpus));
    }

    void planPricesOverrideCatalog()
    {
        Fixture f;
        f.plan.cost.gpuPriceUsd = 25000;
        f.plan.cost.serverPriceUsd = 100000;
        f.plan.cost.networkPerGpuUsd = 5000;
        f.plan.cost.rackPriceUsd = 2000;
        f.run(86400.0);
        const BillOfMaterials &bom = f.evaluation.bom;
        QCOMPARE(findLine(bom, BomItem::Gpu)->unitUsd, 25000.0);
        QCOMPARE(findLine(bom, BomItem::Node)->unitUsd, 100000.0);
        QCOMPARE(findLine(bom, BomItem::LeafSwitch)->pricing, BomPricing::InNetworkOverride);
        QCOMPARE(findLine(bom, BomItem::Cable)->pricing, BomPricing::InNetworkOverride);
        const BomLine *network = findLine(bom, BomItem::Network);
        QVERIFY(network);
        QCOMPARE(network->quantity * network->unitUsd, 1024 * 5000.0);
        QCOMPARE(findLine(bom, BomItem::Rack)->pricing, BomPricing::Priced);
    }

    void missingFabricPricesAreReported()
    {
        Fixture f;
        f.fabric.switchPriceUsd = 0;
        f.fabric.switchPowerW = 0;
        f.run(86400.0);
        QVERIFY(f.evaluation.cost.isMissing(MissingInput::SwitchPrice));
        QVERIFY(f.evaluation.cost.isMissing(MissingInput::SwitchPower));
        QCOMPARE(findLine(f.evaluation.bom, BomItem::LeafSwitch)->pricing, BomPricing::Unpriced);
        f.run(86400.0, /*withFabric=*/false);
        QVERIFY(f.evaluation.cost.isMissing(MissingInput::Fabric));
        QVERIFY(!findLine(f.evaluation.bom, BomItem::LeafSwitch));
    }

    void higherPricesNeverLowerCapex()
    {
        Fixture f;
        f.run(86400.0);
        double previous = f.evaluation.bom.capexUsd;
        for (double switchPrice : {40000.0, 80000.0, 1e6}) {
            f.fabric.switchPriceUsd = switchPrice;
            f.run(86400.0);
            QVERIFY(f.evaluation.bom.capexUsd >= previous);
            previous = f.evaluation.bom.capexUsd;
        }
        for (double gpuPrice : {35000.0, 50000.0, 1e6}) {
            f.plan.cost.gpuPriceUsd = gpuPrice;
            f.run(86400.0);
            QVERIFY(f.evaluation.bom.capexUsd >= previous);
            previous = f.evaluation.bom.capexUsd;
        }
    }
};

QTEST_APPLESS_MAIN(TestBom)
#include "tst_bom.moc"
