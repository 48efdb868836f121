// SPDX-License-Identifier: GPL-3.0-or-later
// The price per token of a serving plan (facility/TokenPrice.h) and the api_prices catalog it is
// compared with, pinned to the published prices the catalog entries cite.
#include "ExampleFixture.h"

#include "facility/CostVerdict.h"
#include "facility/FacilityText.h"
#include "facility/TokenPrice.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

bool near(double a, double b, double rel = 1e-9)
{
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

} // namespace

class TestTokenPrice final : public QObject
{
    Q_OBJECT

private slots:
    void apiPricesAreTheCsvRows()
    {
        const Catalog &c = bundledCatalog();
        // The 32 open-weight prices of the reference price table, each with its source and date.
        QCOMPARE(c.apiPrices.size(), std::size_t(32));
        for (const ApiPrice &a : c.apiPrices) {
            QVERIFY2(!a.sources.at("output_usd_per_mtok").source.empty(), a.id.c_str());
            QVERIFY2(!a.sources.at("output_usd_per_mtok").date.empty(), a.id.c_str());
            QVERIFY(a.outputUsdPerMtok > 0 && a.inputUsdPerMtok > 0);
            QVERIFY2(a.model.empty() || c.findModel(a.model), a.id.c_str());
        }
        // Groq,llama-3.3-70b-versatile,...,0.59,,0.79 (genai-prices, 2026-07-30): a third party's list.
        const ApiPrice *groq = c.findApiPrice("groq-llama-3-3-70b-versatile");
        QVERIFY(groq);
        QCOMPARE(groq->inputUsdPerMtok, 0.59);
        QCOMPARE(groq->outputUsdPerMtok, 0.79);
        QCOMPARE(groq->cachedInputUsdPerMtok, -1.0);
        QCOMPARE(groq->model, std::string("llama-3.3-70b"));
        QVERIFY(groq->sources.at("output_usd_per_mtok").secondary);
        // DeepSeek,deepseek-v4-pro: "0.66 (off-peak) / 1.32 (peak)", "1.98 / 3.96": the peak prices.
        const ApiPrice *v4 = c.findApiPrice("deepseek-deepseek-v4-pro");
        QVERIFY(v4);
        QCOMPARE(v4->inputUsdPerMtok, 1.32);
        QCOMPARE(v4->outputUsdPerMtok, 3.96);
        QVERIFY(v4->model.empty());
        // DeepSeek's own page (official) for deepseek-chat: 0.27 / 0.07 cached / 1.1.
        const ApiPrice *chat = c.findApiPrice("deepseek-deepseek-chat");
        QVERIFY(chat);
        QCOMPARE(chat->cachedInputUsdPerMtok, 0.07);
        QVERIFY(!chat->sources.at("output_usd_per_mtok").secondary);
    }

    void servingExampleSplitsTheVerdictsCash()
    {
        const auto f = loadExample("llama3-8b-inference.gpuplan");
        QVERIFY(f);
        const CostVerdict v = costVerdict(f->resolved, f->evaluation);
        const TokenPrice t = tokenPrice(f->resolved, f->evaluation, v);
        QVERIFY(v.decided && t.known);
        // The input and output shares add up to the verdict's cash over the horizon.
        QVERIFY(near(t.usdPerMillionOutput * t.outputTokens / 1e6 + t.usdPerMillionInput * t.inputTokens / 1e6, v.cashUsd));
        QVERIFY(near(t.usdPerMillionOutputAllIn, v.cashUsd / (t.outputTokens / 1e6)));
        // 1,024-token prompts and 256-token answers: four input tokens per output token.
        QVERIFY(near(t.inputTokens, 4.0 * t.outputTokens));
        const InferenceResult &r = f->evaluation.inference;
        QVERIFY(near(t.inputShare, r.ttftMs / r.e2eLatencyMs));
        QVERIFY(t.inputShare > 0 && t.inputShare < 1);
        QVERIFY(near(t.tokensPerJoule, 1e6 / (f->evaluation.power.energyPerMillionTokensKwh * 3.6e6)));
        QVERIFY(!tokenPriceText(f->plan, t).empty());
        QVERIFY(QString::fromStdString(tokenPriceHeadline(f->plan, t)).contains("per million output tokens"));
    }

    void seventyBillionModelsAreItsClass()
    {
        // Llama 3 70B: the Llama 3.3 70B API prices are of its class (70 B active within 2x), cheapest output first.
        const auto f = loadExample("llama3-8b-inference.gpuplan",
                                   {"model.preset=llama-3.3-70b", "parallelism.tp=4", "hardware.num_gpus=8"});
        QVERIFY(f);
        const TokenPrice t = tokenPrice(f->resolved, f->evaluation, costVerdict(f->resolved, f->evaluation));
        QCOMPARE(t.apiClass, ApiClass::SameClass);
        QVERIFY(!t.api.empty());
        bool groq = false;
        for (std::size_t i = 0; i < t.api.size(); ++i) {
            const ApiComparison &c = t.api[i];
            QVERIFY(c.activeParams >= t.activeParams / kApiClassFactor && c.activeParams <= t.activeParams * kApiClassFactor);
            QVERIFY(c.totalParams >= t.totalParams / kApiClassFactor && c.totalParams <= t.totalParams * kApiClassFactor);
            if (i > 0)
                QVERIFY(t.api[i - 1].price->outputUsdPerMtok <= c.price->outputUsdPerMtok);
            if (c.price->id == "groq-llama-3-3-70b-versatile") {
                groq = true;
                QVERIFY(c.sameModel);
            }
        }
        QVERIFY(groq);
        QVERIFY(QString::fromStdString(apiPricesText(t)).contains("models of its class"));
    }

    void eightBillionGetsTheNearestSize()
    {
        // No open-weight API model of 4-16 B parameters in the reference set: the nearest by the larger of the
        // active and total log ratios is gpt-oss-20b (21 B, 4 B active in catalogs/models.json).
        const auto f = loadExample("llama3-8b-inference.gpuplan");
        QVERIFY(f);
        const TokenPrice t = tokenPrice(f->resolved, f->evaluation, costVerdict(f->resolved, f->evaluation));
        QCOMPARE(t.apiClass, ApiClass::Nearest);
        QVERIFY(!t.api.empty());
        for (const ApiComparison &c : t.api)
            QCOMPARE(c.price->model, std::string("gpt-oss-20b"));
    }

    void trainingHasNoTokenPrice()
    {
        const auto f = loadExample("llama3-70b-training.gpuplan");
        QVERIFY(f);
        const TokenPrice t = tokenPrice(f->resolved, f->evaluation, costVerdict(f->resolved, f->evaluation));
        QVERIFY(!t.known);
        QVERIFY(t.api.empty());
    }
};

QTEST_APPLESS_MAIN(TestTokenPrice)
#include "tst_tokenprice.moc"
