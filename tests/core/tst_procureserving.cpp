// SPDX-License-Identifier: GPL-3.0-or-later
// Serving fleets in the procurement planner (docs/procurement.md, "Serving fleets"): across GPU
// types x engines x replica sizes x aggregated or disaggregated x ways of paying, each fleet within
// the targets it claims, ranked per million output tokens, priced as evaluate prices the same
// fleet, the daily profile's average load in the tokens and energy.
#include "ProcureFixtures.h"

#include "catalog/CatalogLoader.h"
#include "evaluator/Evaluator.h"
#include "facility/CostVerdict.h"
#include "facility/FacilityInputs.h"
#include "facility/TokenPrice.h"
#include "plan/PlanIo.h"
#include "procure/ProcureJson.h"
#include "procure/Procurement.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cmath>
#include <map>
#include <set>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

Plan servingExample()
{
    Plan plan;
    std::vector<PlanError> errors;
    if (!loadPlanFile(GPUPLAN_SOURCE_DIR "/examples/llama3-8b-inference.gpuplan", &bundledCatalog(), plan, errors))
        qFatal("the serving example does not load");
    return plan;
}

ProcureResult procured(const Plan &plan)
{
    ProcureRequest request;
    request.gpus = {"H100-SXM-80GB", "A100-SXM-80GB", "L40S"};
    ProcureResult r;
    std::string error;
    if (!procure(plan, bundledCatalog(), request, r, error))
        qFatal("procure failed: %s", error.c_str());
    return r;
}

const ProcureResult &servingExplored()
{
    static const ProcureResult r = procured(servingExample());
    return r;
}

bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

// The plan an option stands for (kept in `p`: the resolved plan points into it), evaluated.
Evaluation evaluated(const Plan &plan, const ProcureOption &o, Plan &p, ResolvedPlan &resolved)
{
    std::vector<ResolveError> errors;
    p = planForOption(plan, bundledCatalog(), o);
    if (!resolvePlan(p, bundledCatalog(), resolved, errors))
        qFatal("option plan does not resolve");
    return evaluate(resolved);
}

// The first bought aggregated option of (gpu, engine, gpus per replica).
const ProcureOption *boughtFleet(const ProcureResult &r, const std::string &gpu, const std::string &engine, int gpusPerReplica)
{
    for (const ProcureOption &o : r.options) {
        if (o.gpu == gpu && o.engine == engine && o.gpusPerReplica == gpusPerReplica &&
            o.servingMode == ServingMode::Aggregated && o.acquisition == Acquisition::Buy)
            return &o;
    }
    return nullptr;
}

} // namespace

class TestProcureServing final : public QObject
{
    Q_OBJECT

private slots:
    void fleetsRankedPerMillionTokens()
    {
        // The bundled serving example (40 requests/s): each option is a fleet that carries the rate
        // within the targets, priced over the 36-month horizon; best is the lowest cash per
        // million output tokens at a published price. A plan without a request rate is refused.
        const ProcureResult &r = servingExplored();
        QVERIFY(r.serving);
        QVERIFY(r.options.size() >= 6);
        QVERIFY(r.best >= 0);
        QVERIFY(r.evaluated > 0);
        const ProcureOption &best = r.options[static_cast<std::size_t>(r.best)];
        for (const ProcureOption &o : r.options) {
            QVERIFY(o.replicas > 0 && o.gpusPerReplica > 0);
            QVERIFY(o.numGpus >= o.replicas * o.gpusPerReplica);
            QVERIFY(o.usdPerMillionTokens > 0 && std::isfinite(o.usdPerMillionTokens));
            QCOMPARE(o.parts.size(), std::size_t(0));   // no hybrids for serving
            if (o.feasible && !o.priceEstimated)
                QVERIFY(best.usdPerMillionTokens <= o.usdPerMillionTokens);
        }
        // The option's plan, evaluated, is the same fleet at the same cash; one price per token:
        // the chosen option's $/M tokens are evaluate's cost.token_price, all-in and split.
        Plan optionPlan;
        ResolvedPlan resolved;
        const Evaluation e = evaluated(servingExample(), best, optionPlan, resolved);
        QCOMPARE(static_cast<int>(servingFleetGpus(e)), best.replicas * best.gpusPerReplica);
        const TokenPrice price = tokenPrice(resolved, e, costVerdict(resolved, e));
        QVERIFY(price.known);
        QVERIFY2(near(best.usdPerMillionTokens, price.usdPerMillionOutputAllIn),
                 qPrintable(QString("procure %1, evaluate %2").arg(best.usdPerMillionTokens).arg(price.usdPerMillionOutputAllIn)));
        QVERIFY(near(best.usdPerMillionOutputTokens, price.usdPerMillionOutput));
        QVERIFY(near(best.usdPerMillionInputTokens, price.usdPerMillionInput));
        QVERIFY(best.usdPerMillionOutputTokens > 0 && best.usdPerMillionOutputTokens < best.usdPerMillionTokens);
        const nlohmann::ordered_json j = procureToJson(r);
        QCOMPARE(j["mode"].get<std::string>(), std::string("serving"));
        for (const char *key : {"usd_per_million_tokens", "usd_per_million_output_tokens", "usd_per_million_input_tokens", "engine",
                                "serving_mode", "prefill_workers", "prefill_tp", "decode_workers", "decode_tp", "ttft_ms", "tpot_ms",
                                "latency_statistic"})
            QVERIFY2(j["options"][0].contains(key), key);

        Plan plan = servingExample();
        plan.workload.inference.requestRate = 0;
        ProcureResult none;
        std::string error;
        QVERIFY(!procure(plan, bundledCatalog(), ProcureRequest{}, none, error));
        QVERIFY(error.find("request_rate") != std::string::npos);
    }

    void everyEngineWithAPreset()
    {
        // Each engine the catalog has a preset for is explored; the option names its engine (also in
        // the JSON), and several engines reach the targets on an H100.
        const ProcureResult &r = servingExplored();
        std::set<std::string> engines;
        for (const ProcureOption &o : r.options) {
            QVERIFY(!o.engine.empty());
            QVERIFY2(bundledCatalog().findEngine(o.engine) != nullptr, o.engine.c_str());
            if (o.gpu == "H100-SXM-80GB")
                engines.insert(o.engine);
        }
        QVERIFY2(engines.size() >= 4, qPrintable(QString::number(engines.size())));
        QVERIFY(engines.count("vllm") && engines.count("sglang") && engines.count("tensorrt-llm"));
        const nlohmann::ordered_json j = procureToJson(r);
        std::set<std::string> jsonEngines;
        for (const auto &o : j["options"])
            jsonEngines.insert(o["engine"].get<std::string>());
        QVERIFY(jsonEngines.size() >= engines.size());
    }

    void disaggregatedFleetIsItsPools()
    {
        // A disaggregated fleet is a prefill pool and a decode pool of one worker size: its GPUs
        // are the pools' sum, both pools have a worker at least, and it says its latency is a mean.
        const ProcureResult &r = servingExplored();
        int disaggregated = 0;
        for (const ProcureOption &o : r.options) {
            if (o.servingMode == ServingMode::Aggregated) {
                QCOMPARE(o.prefillWorkers + o.decodeWorkers, 0);
                QVERIFY(o.latencyP99);
                QCOMPARE(o.numGpus, o.replicas * o.gpusPerReplica);
                continue;
            }
            ++disaggregated;
            QVERIFY(o.prefillWorkers >= 1 && o.decodeWorkers >= 1);
            QCOMPARE(o.prefillTp, o.decodeTp);
            QCOMPARE(o.decodeTp, o.gpusPerReplica);
            QCOMPARE(o.numGpus, o.prefillWorkers * o.prefillTp + o.decodeWorkers * o.decodeTp);
            QCOMPARE(o.replicas, o.prefillWorkers + o.decodeWorkers);
            QVERIFY(!o.latencyP99);
        }
        QVERIFY(disaggregated > 0);
        const nlohmann::ordered_json j = procureToJson(r);
        bool seen = false;
        for (const auto &o : j["options"]) {
            if (o["serving_mode"] == "disaggregated") {
                seen = true;
                QCOMPARE(o["latency_statistic"].get<std::string>(), std::string("mean"));
                QCOMPARE(o["num_gpus"].get<int>(), o["prefill_workers"].get<int>() * o["prefill_tp"].get<int>() +
                                                       o["decode_workers"].get<int>() * o["decode_tp"].get<int>());
            }
        }
        QVERIFY(seen);
    }

    void everyOptionMeetsTheTargetsItClaims()
    {
        // The example's targets: TTFT 500 ms, TPOT 50 ms, at the peak of 40 requests/s.
        const ProcureResult &r = servingExplored();
        for (const ProcureOption &o : r.options) {
            QVERIFY2(o.ttftMs > 0 && o.ttftMs <= 500.0, qPrintable(QString("%1 %2 TTFT %3").arg(o.gpu.c_str(), o.engine.c_str()).arg(o.ttftMs)));
            QVERIFY2(o.tpotMs > 0 && o.tpotMs <= 50.0, qPrintable(QString("%1 %2 TPOT %3").arg(o.gpu.c_str(), o.engine.c_str()).arg(o.tpotMs)));
        }
        // An aggregated option's claim is evaluate's P99 at the rate for the option's plan.
        const ProcureOption *o = boughtFleet(r, "H100-SXM-80GB", "sglang", 1);
        QVERIFY(o);
        Plan optionPlan;
        ResolvedPlan resolved;
        const Evaluation e = evaluated(servingExample(), *o, optionPlan, resolved);
        QVERIFY(near(o->ttftMs, e.inference.capacity.atRate.ttftP99Ms));
        QVERIFY(near(o->tpotMs, e.inference.capacity.atRate.tpotP99Ms));
    }

    void eachEngineFleetPricedAsEvaluate()
    {
        // For every engine, the bought one-GPU-replica fleet on the H100 is the fleet, cash and price
        // per token evaluate gives the option's plan (the plan's engine set to the option's).
        const ProcureResult &r = servingExplored();
        int checked = 0;
        for (const char *engine : {"vllm", "sglang", "tensorrt-llm", "tgi", "nim", "generic"}) {
            const ProcureOption *o = boughtFleet(r, "H100-SXM-80GB", engine, 1);
            if (!o)
                continue;
            Plan optionPlan;
            ResolvedPlan resolved;
            const Evaluation e = evaluated(servingExample(), *o, optionPlan, resolved);
            QCOMPARE(static_cast<int>(servingFleetGpus(e)), o->numGpus);
            QVERIFY2(near(e.cost.onpremCashUsd, o->cashUsd), engine);
            TokenPrice t;
            priceTokens(*resolved.plan, e, e.cost.onpremCashUsd, t);
            QVERIFY2(near(t.usdPerMillionOutputAllIn, o->usdPerMillionTokens), engine);
            QVERIFY(near(t.usdPerMillionInput, o->usdPerMillionInputTokens));
            ++checked;
        }
        QVERIFY(checked >= 3);
    }

    void dailyProfileSizesForThePeakAndServesTheAverage()
    {
        // With an average of half the peak, the fleets are the same (sized for the peak) but serve
        // half the tokens at less energy, so each million tokens costs more; evaluate agrees.
        Plan plan = servingExample();
        plan.workload.inference.averageRequestRate = 20;
        const ProcureResult daily = procured(plan);
        const ProcureResult &flat = servingExplored();
        const ProcureOption *d = boughtFleet(daily, "H100-SXM-80GB", "vllm", 1);
        const ProcureOption *f = boughtFleet(flat, "H100-SXM-80GB", "vllm", 1);
        QVERIFY(d && f);
        QCOMPARE(d->numGpus, f->numGpus);
        QCOMPARE(d->capexUsd, f->capexUsd);
        QVERIFY(std::fabs(d->tokensPerS / f->tokensPerS - 0.5) < 1e-9);
        QVERIFY(d->energyMwh < f->energyMwh);
        QVERIFY(d->usdPerMillionTokens > f->usdPerMillionTokens);
        Plan optionPlan;
        ResolvedPlan resolved;
        const Evaluation e = evaluated(plan, *d, optionPlan, resolved);
        QVERIFY(near(e.cost.onpremCashUsd, d->cashUsd));
        QVERIFY(near(e.power.energyMwh, d->energyMwh));
        TokenPrice t;
        priceTokens(*resolved.plan, e, e.cost.onpremCashUsd, t);
        QVERIFY(near(t.usdPerMillionOutputAllIn, d->usdPerMillionTokens));
        // The disaggregated fleets follow the same load.
        const auto disaggregatedBuy = [](const ProcureResult &r) -> const ProcureOption * {
            for (const ProcureOption &o : r.options) {
                if (o.servingMode == ServingMode::Disaggregated && o.gpu == "H100-SXM-80GB" && o.engine == "vllm" &&
                    o.acquisition == Acquisition::Buy)
                    return &o;
            }
            return nullptr;
        };
        const ProcureOption *dd = disaggregatedBuy(daily);
        const ProcureOption *fd = disaggregatedBuy(flat);
        QVERIFY(dd && fd);
        QCOMPARE(dd->numGpus, fd->numGpus);
        QVERIFY(std::fabs(dd->tokensPerS / fd->tokensPerS - 0.5) < 1e-9);
        QVERIFY(dd->energyMwh < fd->energyMwh);
    }

    void mixedFleetsPrefillOnAnotherGpu()
    {
        // H100s and H200s for the example's 40 requests/s: a disaggregated fleet may prefill on
        // H100s and decode on H200s. It is bought only, names both GPU types (also in the JSON),
        // has one option at most per decode GPU and engine, is cheaper per million tokens than the
        // decode GPU's own disaggregated fleet, and its plan evaluates to its figures.
        ProcureRequest request;
        request.gpus = {"H100-SXM-80GB", "H200-SXM-141GB"};
        ProcureResult r;
        std::string error;
        QVERIFY(procure(servingExample(), bundledCatalog(), request, r, error));
        std::map<std::pair<std::string, std::string>, int> perDecodeAndEngine;
        const ProcureOption *h100h200 = nullptr;
        int mixed = 0;
        for (const ProcureOption &o : r.options) {
            if (o.prefillGpu.empty())
                continue;
            ++mixed;
            QVERIFY(o.prefillGpu != o.gpu);
            QCOMPARE(o.servingMode, ServingMode::Disaggregated);
            QCOMPARE(o.acquisition, Acquisition::Buy);
            QVERIFY(o.prefillWorkers >= 1 && o.decodeWorkers >= 1);
            QCOMPARE(o.numGpus, o.prefillWorkers * o.prefillTp + o.decodeWorkers * o.decodeTp);
            QVERIFY(o.ttftMs > 0 && o.ttftMs <= 500.0 && o.tpotMs > 0 && o.tpotMs <= 50.0);
            QCOMPARE(++perDecodeAndEngine[std::make_pair(o.gpu, o.engine)], 1);
            // Cheaper than the same engine's single-type disaggregated fleet on the decode GPU.
            for (const ProcureOption &s : r.options) {
                if (s.prefillGpu.empty() && s.gpu == o.gpu && s.engine == o.engine &&
                    s.servingMode == ServingMode::Disaggregated && s.acquisition == Acquisition::Buy)
                    QVERIFY(o.usdPerMillionTokens < s.usdPerMillionTokens);
            }
            if (o.prefillGpu == "H100-SXM-80GB" && o.gpu == "H200-SXM-141GB" && !h100h200)
                h100h200 = &o;
        }
        QVERIFY(mixed > 0);
        QVERIFY(h100h200);
        // Its plan: prefill_gpu, the pools and the open loop at the rate; evaluate gives its
        // GPUs, cash, energy, latency and price per token.
        Plan p;
        ResolvedPlan resolved;
        const Evaluation e = evaluated(servingExample(), *h100h200, p, resolved);
        QCOMPARE(p.workload.inference.prefillGpu, std::string("H100-SXM-80GB"));
        QCOMPARE(p.hardware.gpu, std::string("H200-SXM-141GB"));
        QCOMPARE(p.workload.inference.servingMode, ServingMode::Disaggregated);
        QCOMPARE(p.workload.inference.prefill.workers, h100h200->prefillWorkers);
        QCOMPARE(p.workload.inference.decode.workers, h100h200->decodeWorkers);
        QVERIFY(e.validity.valid() && e.inference.valid);
        QVERIFY(e.inference.disaggregated.prefill.gpu && e.inference.disaggregated.prefill.gpu->id == "H100-SXM-80GB");
        QVERIFY(near(e.cost.onpremCashUsd, h100h200->cashUsd));
        QVERIFY(near(e.cost.onpremCapexUsd, h100h200->capexUsd));
        QVERIFY(near(e.power.energyMwh, h100h200->energyMwh));
        QVERIFY(near(e.power.peakItKw * p.facility.pue, h100h200->facilityKw));
        QVERIFY(near(e.inference.ttftMs, h100h200->ttftMs));
        QVERIFY(near(e.inference.decodeMsPerToken, h100h200->tpotMs));
        TokenPrice price;
        priceTokens(*resolved.plan, e, e.cost.onpremCashUsd, price);
        QVERIFY(near(price.usdPerMillionOutputAllIn, h100h200->usdPerMillionTokens));
        QVERIFY(near(price.usdPerMillionInput, h100h200->usdPerMillionInputTokens));
        // One fewer prefill worker no longer carries the peak rate with the headroom (an open loop
        // at rate / (1 - headroom)) within the targets.
        if (h100h200->prefillWorkers > 1) {
            Plan fewer = p;
            fewer.workload.inference.prefill.workers -= 1;
            fewer.hardware.numGpus = disaggregatedGpus(fewer.workload.inference);
            ResolvedPlan rf;
            std::vector<ResolveError> errors;
            QVERIFY(resolvePlan(fewer, bundledCatalog(), rf, errors));
            fewer.workload.inference.requestRate /= 1.0 - fewer.workload.inference.headroom;
            const InferenceResult &f = evaluate(rf).inference;
            QVERIFY(!f.valid || f.overloaded || !f.meetsTtft || !f.meetsTpot);
        }
        // The JSON names both GPU types; the single-type options keep their prefill_gpu blank or their own.
        const nlohmann::ordered_json j = procureToJson(r);
        bool seen = false;
        for (const auto &o : j["options"]) {
            QVERIFY(o.contains("prefill_gpu"));
            if (o["serving_mode"] == "aggregated")
                QCOMPARE(o["prefill_gpu"].get<std::string>(), std::string());
            else if (o["prefill_gpu"] == "H100-SXM-80GB" && o["gpu"] == "H200-SXM-141GB")
                seen = true;
        }
        QVERIFY(seen);
        // The single-type options are those of a search of one GPU each (no mixed fleet among them).
        ProcureRequest one;
        one.gpus = {"H200-SXM-141GB"};
        ProcureResult alone;
        QVERIFY(procure(servingExample(), bundledCatalog(), one, alone, error));
        std::vector<const ProcureOption *> h200;
        for (const ProcureOption &o : r.options)
            if (o.gpu == "H200-SXM-141GB" && o.prefillGpu.empty())
                h200.push_back(&o);
        QCOMPARE(h200.size(), alone.options.size());
        for (std::size_t i = 0; i < h200.size(); ++i) {
            QCOMPARE(h200[i]->numGpus, alone.options[i].numGpus);
            QCOMPARE(h200[i]->usdPerMillionTokens, alone.options[i].usdPerMillionTokens);
            QVERIFY(alone.options[i].prefillGpu.empty());
        }
    }
};

QTEST_MAIN(TestProcureServing)
#include "tst_procureserving.moc"
