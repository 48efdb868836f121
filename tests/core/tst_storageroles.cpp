// SPDX-License-Identifier: GPL-3.0-or-later
// Storage tiers by role (docs/facility-and-cost.md "Storage tiers by role"): the data, its cache,
// checkpoints and the archive each on their own tier; per-node and aggregate caps of the bundled
// catalog (catalogs/storage_tiers.json); capacity and performance pricing in the bill of materials.
// Plan: examples/llama3-70b-training.gpuplan (128 nodes of 8 H100, 70.6 B parameters, 14 B each).
#include "ExampleFixture.h"

#include "facility/FacilityNames.h"
#include "support/Near.h"

#include <QTest>

#include <memory>

using namespace gpuplan;

namespace {

using Fixture = test::ExampleFixture;

std::unique_ptr<Fixture> load(const std::vector<std::string> &overrides = {})
{
    return test::loadExample("llama3-70b-training.gpuplan", overrides);
}

const BomLine *findLine(const BillOfMaterials &bom, BomItem item)
{
    for (int i = 0; i < bom.count; ++i) {
        if (bom.lines[static_cast<std::size_t>(i)].item == item)
            return &bom.lines[static_cast<std::size_t>(i)];
    }
    return nullptr;
}

using gpuplan::test::near;

} // namespace

class TestStorageRoles final : public QObject
{
    Q_OBJECT

private slots:
    void everyRoleFollowsStorageTierByDefault()
    {
        // A plan that names only storage.tier puts every role on it, as before the roles existed.
        const auto f = load({"storage.tier=nas_nfs"});
        QVERIFY(f);
        for (const StorageRoleResult &r : f->evaluation.storage.roles)
            QCOMPARE(r.tier, static_cast<int>(StorageTier::NasNfs));
        QVERIFY(!f->evaluation.storage.separateCache);
        // NAS: 2.5 GB/s read per node, capped at 10 GB/s; 1.5 GB/s write, capped at 5 GB/s (catalog ESTIMATE).
        QCOMPARE(f->evaluation.storage.tierReadGBps, 10.0);
        QCOMPARE(f->evaluation.storage.tierWriteGBps, 5.0);
    }

    void objectStorageNoLongerBeatsTheParallelFileSystemAt128Nodes()
    {
        // Without an aggregate cap 128 nodes x 2.5 GB/s = 320 GB/s to S3 beat the parallel file
        // system's 250 GB/s cap. S3 serves 3,500 PUT/s per prefix (AWS S3 performance guidance,
        // docs/references.md §9): with 16 MB parts (ESTIMATE) one prefix takes 56 GB/s.
        const auto pfs = load({"storage.checkpoint_tier=parallel_fs"});
        const auto s3 = load({"storage.checkpoint_tier=object_store"});
        QVERIFY(pfs && s3);
        const StorageResult &a = pfs->evaluation.storage;
        const StorageResult &b = s3->evaluation.storage;
        QCOMPARE(a.tierWriteGBps, 250.0);
        QCOMPARE(b.tierWriteGBps, 56.0);
        QVERIFY(near(b.checkpointWriteS, b.checkpointBytes / 56e9));
        QVERIFY(b.checkpointWriteS > a.checkpointWriteS);
        // Restores read at 5,500 GET/s x 16 MB = 88 GB/s against the file system's 500 GB/s.
        QCOMPARE(b.role(StorageRole::Checkpoint).readGBps, 88.0);
        QVERIFY(b.restoreS > a.restoreS);
        // The data stays on the plan's tier.
        QCOMPARE(b.role(StorageRole::Data).tier, static_cast<int>(StorageTier::ParallelFs));
    }

    void aSeparateCacheFeedsTheLoaders()
    {
        // Data on S3, staged into the nodes' NVMe before the run: the loaders read 128 nodes x
        // 100 GB/s (8 PCIe 5.0 SSDs, docs/references.md §9), the staging runs at S3's 88 GB/s cap.
        const auto f = load({"storage.data_tier=object_store", "storage.cache_tier=local_nvme"});
        QVERIFY(f);
        const StorageResult &s = f->evaluation.storage;
        QVERIFY(s.separateCache);
        QCOMPARE(s.role(StorageRole::Data).readGBps, 88.0);
        QCOMPARE(s.tierReadGBps, s.role(StorageRole::Cache).readGBps);
        QVERIFY(s.tierReadGBps > 1000.0);
        QVERIFY(near(s.cacheStagingS, s.datasetBytes / 88e9));
        QCOMPARE(s.role(StorageRole::Cache).bytes, s.datasetBytes);
        // "none": the loaders read the data tier itself.
        const auto direct = load({"storage.data_tier=object_store", "storage.cache_tier=none"});
        QVERIFY(direct);
        QVERIFY(!direct->evaluation.storage.separateCache);
        QCOMPARE(direct->evaluation.storage.tierReadGBps, 88.0);
        QCOMPARE(direct->evaluation.storage.cacheStagingS, 0.0);
    }

    void aSlowDataTierStarvesOnlyWithoutACache()
    {
        // 200 kB read per token outruns NAS's 10 GB/s cap, not a local NVMe cache.
        const auto slow = load({"storage.data_tier=nas_nfs", "storage.cache_tier=none", "storage.bytes_per_token=200000"});
        const auto cached = load({"storage.data_tier=nas_nfs", "storage.cache_tier=local_nvme", "storage.bytes_per_token=200000"});
        QVERIFY(slow && cached);
        QVERIFY(slow->evaluation.storage.requiredReadGBps > 10.0);
        QVERIFY(slow->evaluation.storage.starved);
        QVERIFY(!cached->evaluation.storage.starved);
    }

    void milestonesGoToTheArchive()
    {
        const auto f = load({"storage.archive_tier=object_store", "storage.milestone_checkpoints=4",
                             "storage.checkpoints_retained=2"});
        QVERIFY(f);
        const StorageResult &s = f->evaluation.storage;
        QVERIFY(near(s.role(StorageRole::Archive).bytes, 4 * s.checkpointBytes));
        QVERIFY(near(s.role(StorageRole::Checkpoint).bytes, 2 * s.checkpointBytes));
        QVERIFY(near(s.capacityBytes, 6 * s.checkpointBytes + s.datasetBytes));
        // "none": the milestones stay on the checkpoint tier.
        const auto none = load({"storage.archive_tier=none", "storage.milestone_checkpoints=4",
                                "storage.checkpoints_retained=2"});
        QVERIFY(none);
        QVERIFY(near(none->evaluation.storage.role(StorageRole::Checkpoint).bytes, 6 * s.checkpointBytes));
        QCOMPARE(none->evaluation.storage.role(StorageRole::Archive).tier, -1);
    }

    void parallelFileSystemIsPricedForItsBandwidth()
    {
        // 128 nodes x 40 GB/s read (DGX SuperPOD H100 RA) capped at 500 GB/s (ESTIMATE), bought at
        // $2,000 per GB/s (ESTIMATE, catalogs/storage_tiers.json) on top of $150 per TB of capacity.
        const auto f = load();
        QVERIFY(f);
        const BillOfMaterials &bom = f->evaluation.bom;
        const BomLine *bandwidth = findLine(bom, BomItem::StorageBandwidth);
        QVERIFY(bandwidth);
        QCOMPARE(bandwidth->quantity, 500.0);
        QCOMPARE(bandwidth->unitUsd, 2000.0);
        const BomLine *data = findLine(bom, BomItem::Storage);
        const BomLine *checkpoints = findLine(bom, BomItem::CheckpointStorage);
        QVERIFY(data && checkpoints);
        QVERIFY(near(data->quantity * 1e12, f->evaluation.storage.datasetBytes));
        QCOMPARE(data->unitUsd, 150.0);
        QVERIFY(near((data->quantity + checkpoints->quantity) * 1e12, f->evaluation.storage.capacityBytes));
        // The one file system serving data and checkpoints is priced once; moving the data to S3
        // keeps it (checkpoints), moving both leaves no bandwidth line.
        const auto s3Data = load({"storage.data_tier=object_store"});
        QCOMPARE(findLine(s3Data->evaluation.bom, BomItem::StorageBandwidth)->quantity, 500.0);
        const auto s3All = load({"storage.tier=object_store"});
        QVERIFY(!findLine(s3All->evaluation.bom, BomItem::StorageBandwidth));
        // A plan's own price per TB replaces the catalog's capacity price.
        const auto priced = load({"cost.storage_usd_per_tb=400"});
        QCOMPARE(findLine(priced->evaluation.bom, BomItem::Storage)->unitUsd, 400.0);
        QCOMPARE(findLine(priced->evaluation.bom, BomItem::StorageBandwidth)->unitUsd, 2000.0);
    }

    void nodeLocalCacheIsInTheNodePrice()
    {
        const auto f = load({"storage.cache_tier=local_nvme"});
        QVERIFY(f);
        const BomLine *cache = findLine(f->evaluation.bom, BomItem::CacheStorage);
        QVERIFY(cache);
        QCOMPARE(cache->pricing, BomPricing::InNodePrice);
        QCOMPARE(cache->totalUsd(), 0.0);
        QCOMPARE(QString(bomItemName(BomItem::CacheStorage)), QString("cache_storage_tb"));
    }

    void dataAndCheckpointsNeedATier()
    {
        std::vector<PlanError> errors;
        nlohmann::json doc = {{"format", "gpuplan-plan"}, {"version", 1}, {"model", {{"preset", "llama3-8b"}}},
                              {"storage", {{"checkpoint_tier", "none"}}}};
        Plan plan;
        QVERIFY(!planFromJson(doc, &bundledCatalog(), plan, errors));
        QVERIFY(!errors.empty());
        QCOMPARE(QString::fromStdString(errors.front().path), QString("storage.checkpoint_tier"));
        QVERIFY(errors.front().message.find("\"none\"") != std::string::npos);
        doc["storage"] = {{"cache_tier", "none"}, {"archive_tier", "none"}};
        errors.clear();
        QVERIFY(planFromJson(doc, &bundledCatalog(), plan, errors));
        QCOMPARE(plan.storage.cacheTier, RoleTier::None);
    }
};

QTEST_APPLESS_MAIN(TestStorageRoles)
#include "tst_storageroles.moc"
