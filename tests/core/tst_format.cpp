// SPDX-License-Identifier: GPL-3.0-or-later
// The one way gpuplan writes numbers for people (core/common/Format.h, docs/conventions.md): every
// quantity pinned to its exact string, so a change of rule shows here before it shows in a view.
#include "common/Format.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <string>

using namespace gpuplan;

class TestFormat : public QObject
{
    Q_OBJECT
private slots:
    void durationsOneRuleFromKernelsToRuns()
    {
        // The example: a 60-hour run reads the same in every table and chart.
        QCOMPARE(formatDuration(60.0 * 3600.0), std::string("60.0 h"));
        QCOMPARE(formatDuration(3.0 * 86400.0), std::string("3.0 days"));
        QCOMPARE(formatDuration(38.4 * 86400.0), std::string("38.4 days"));
        QCOMPARE(formatDuration(750.0), std::string("12.5 min"));
        QCOMPARE(formatDuration(1.234), std::string("1.23 s"));
        QCOMPARE(formatDuration(45.6), std::string("45.6 s"));
        QCOMPARE(formatDuration(0.35), std::string("350 ms"));
        QCOMPARE(formatDuration(5e-3), std::string("5.00 ms"));
        QCOMPARE(formatDuration(350e-6), std::string("350 µs"));
        // A step share of a fast network: nanoseconds, so that it does not read as zero.
        QCOMPARE(formatDuration(6.6e-9), std::string("6.60 ns"));
        QCOMPARE(formatDuration(0.9996e-6), std::string("1.00 µs"));
        // Rounding that reaches the next unit moves to it: 0.9996 s is "1.00 s", not "1000 ms".
        QCOMPARE(formatDuration(0.9996), std::string("1.00 s"));
        QCOMPARE(formatDuration(0.0), std::string("0 s"));
        QCOMPARE(formatDuration(2.0 * 365.0 * 86400.0), std::string("2.0 years"));
        QCOMPARE(formatDuration(std::numeric_limits<double>::quiet_NaN()), std::string("-"));
    }

    void money()
    {
        QCOMPARE(formatUsd(950), std::string("$950"));
        QCOMPARE(formatUsd(8520), std::string("$8.52 k"));
        QCOMPARE(formatUsd(25.9e6), std::string("$25.9 M"));
        QCOMPARE(formatUsd(7.72e9), std::string("$7.72 B"));
        QCOMPARE(formatUsd(-2.5e6), std::string("-$2.5 M"));
        QCOMPARE(formatUsd(std::numeric_limits<double>::infinity()), std::string("-"));
    }

    void moneyTypesetAndSigned()
    {
        // The desktop's and the PDF's money: the typographic minus, a plus on a gain when signed.
        QCOMPARE(formatUsdTypeset(-2.5e6), std::string("−$2.5 M"));
        QCOMPARE(formatUsdTypeset(1.2e6), std::string("$1.2 M"));
        QCOMPARE(formatUsdTypeset(1.2e6, true), std::string("+$1.2 M"));
        QCOMPARE(formatUsdTypeset(-950, true), std::string("−$950"));
        QCOMPARE(formatUsdTypeset(std::numeric_limits<double>::quiet_NaN()), std::string("—"));
    }

    void moneyInTheDisplayCurrency()
    {
        QCOMPARE(formatCurrency(18.7e6, "USD"), std::string("$18.7 M"));
        QCOMPARE(formatCurrency(17.2e6, "EUR"), std::string("17.2 M EUR"));
        QCOMPARE(formatCurrency(2.69, ""), std::string("$2.69"));
        // A loss keeps its sign when the dollar sign goes.
        QCOMPARE(formatCurrency(-2.5e6, "EUR"), std::string("-2.5 M EUR"));
        // To the unit as a bill writes it; cents below 100, so a price per GPU-hour keeps them.
        QCOMPARE(formatCurrencyExact(31000, "USD"), std::string("$31,000"));
        QCOMPARE(formatCurrencyExact(28520.4, "EUR"), std::string("28,520 EUR"));
        QCOMPARE(formatCurrencyExact(2.49, ""), std::string("$2.49"));
        QCOMPARE(formatCurrencyExact(0.35, "EUR"), std::string("0.35 EUR"));
        QCOMPARE(formatCurrencyExact(0, "USD"), std::string("$0"));
    }

    void bytesAsMemoryAndAsStorage()
    {
        QCOMPARE(formatBytes(61.2 * 1073741824.0), std::string("61.2 GiB"));
        QCOMPARE(formatStorage(850e9), std::string("850 GB"));
        QCOMPARE(formatStorage(63e12), std::string("63.0 TB"));
        QCOMPARE(formatStorage(1.2e15), std::string("1.20 PB"));
    }

    void gpuMemoryInGibAndAsSold()
    {
        // One unit for both sides of a use, whatever the size: 1,536 GiB stays in GiB.
        QCOMPARE(formatGib(61.25 * 1073741824.0), std::string("61.2 GiB"));
        QCOMPARE(formatGib(1536.0 * 1073741824.0, 0), std::string("1,536 GiB"));
        QCOMPARE(formatGibPair(61.25 * 1073741824.0, 80.0 * 1073741824.0), std::string("61.2 / 80.0 GiB"));
        QCOMPARE(formatGibPair(56.0 * 1073741824.0, 141.0 * 1073741824.0, 2), std::string("56.00 / 141.00 GiB"));
        QCOMPARE(formatSoldGb(80e9), std::string("80 GB"));
        QCOMPARE(formatSoldGb(141.02e9), std::string("141 GB"));
        QCOMPARE(formatSoldGb(95.6e9), std::string("95.6 GB"));
    }

    void power()
    {
        QCOMPARE(formatPower(850), std::string("850 W"));
        QCOMPARE(formatPower(999.6), std::string("1.00 kW"));
        QCOMPARE(formatPower(10.2e3), std::string("10.2 kW"));
        QCOMPARE(formatPower(350e3), std::string("350 kW"));
        QCOMPARE(formatPower(1.234e6), std::string("1.23 MW"));
        QCOMPARE(formatPower(1234e6), std::string("1,234 MW"));
        QCOMPARE(formatPower(std::numeric_limits<double>::quiet_NaN()), std::string("-"));
    }

    void energyAndCo2()
    {
        QCOMPARE(formatEnergyMwh(0.35), std::string("350 kWh"));
        QCOMPARE(formatEnergyMwh(12.4), std::string("12.4 MWh"));
        QCOMPARE(formatEnergyMwh(1234), std::string("1,234 MWh"));
        QCOMPARE(formatCo2Tonnes(0.12), std::string("120 kg"));
        QCOMPARE(formatCo2Tonnes(3.44), std::string("3.44 t"));
    }

    void pueTwoDecimals()
    {
        QCOMPARE(formatPue(1.25), std::string("1.25"));
        QCOMPARE(formatPue(1.1), std::string("1.10"));
        QCOMPARE(formatPue(1.0), std::string("1.00"));
        QCOMPARE(formatPue(std::numeric_limits<double>::quiet_NaN()), std::string("-"));
    }

    void percentages()
    {
        QCOMPARE(formatPercent(0.4567), std::string("45.7%"));
        QCOMPARE(formatPercent(0.25), std::string("25.0%"));
        QCOMPARE(formatPercent(0.5, 0), std::string("50%"));
        QCOMPARE(formatPercent(15.0, 0), std::string("1,500%"));
    }

    void percentChangesSigned()
    {
        QCOMPARE(formatPercentChange(0.123), std::string("+12.3%"));
        QCOMPARE(formatPercentChange(-0.04), std::string("-4.0%"));
        // No sign on what rounds to nothing.
        QCOMPARE(formatPercentChange(0.0), std::string("0.0%"));
        QCOMPARE(formatPercentChange(-0.00001), std::string("0.0%"));
        QCOMPARE(formatPercentChange(0.5, 0), std::string("+50%"));
    }

    void countsWithSeparators()
    {
        QCOMPARE(grouped(1000000), std::string("1,000,000"));
        QCOMPARE(grouped(-1234), std::string("-1,234"));
        QCOMPARE(counted(1, "GPU", "GPUs"), std::string("1 GPU"));
        QCOMPARE(counted(1024, "GPU", "GPUs"), std::string("1,024 GPUs"));
        QCOMPARE(formatCount(70.6e9), std::string("70.6 B"));
        QCOMPARE(formatCount(15e12), std::string("15 T"));
        QCOMPARE(formatSignificant(17.1), std::string("17.1"));
        QCOMPARE(formatSignificant(1250), std::string("1,250"));
        // Below one, still three significant digits.
        QCOMPARE(formatSignificant(0.0412), std::string("0.0412"));
        QCOMPARE(formatSignificant(0.5), std::string("0.500"));
        QCOMPARE(formatSignificant(2.2), std::string("2.20"));
        QCOMPARE(formatSignificant(0.0), std::string("0.00"));
    }

    void numbersOverManyOrders()
    {
        QCOMPARE(formatScientific(65504), std::string("6.55e4"));
        QCOMPARE(formatScientific(6.1e-5, 2), std::string("6.1e-5"));
        QCOMPARE(formatScientific(0.5), std::string("0.5"));
        QCOMPARE(formatScientific(9.765625e-4, 4), std::string("0.0009766"));
        QCOMPARE(formatScientific(std::numeric_limits<double>::quiet_NaN()), std::string("-"));
    }

    void flopsAndFlopRates()
    {
        QCOMPARE(formatFlop(512), std::string("512 FLOP"));
        QCOMPARE(formatFlop(8.24e15), std::string("8.24 PFLOP"));
        QCOMPARE(formatFlop(1e9), std::string("1.00 GFLOP"));
        // A training budget, beyond exa: with an exponent.
        QCOMPARE(formatFlop(6.3e24), std::string("6.3e24 FLOP"));
        QCOMPARE(formatFlopRate(989e12), std::string("989 TFLOP/s"));
        QCOMPARE(formatFlopRate(1979e12), std::string("1,979 TFLOP/s"));
    }

    void amountsWithTheirNoun()
    {
        QCOMPARE(formatAmount(1, "week", "weeks"), std::string("1 week"));
        QCOMPARE(formatAmount(12, "week", "weeks"), std::string("12 weeks"));
        QCOMPARE(formatAmount(2.5, "day", "days"), std::string("2.5 days"));
        QCOMPARE(formatAmount(1200, "day", "days"), std::string("1,200 days"));
        QCOMPARE(formatAmount(std::numeric_limits<double>::quiet_NaN(), "day", "days"), std::string("- days"));
        // The number alone and the choice of noun, for callers that translate their nouns.
        QCOMPARE(formatAmountNumber(12), std::string("12"));
        QCOMPARE(formatAmountNumber(2.5), std::string("2.5"));
        QCOMPARE(formatAmountNumber(1200), std::string("1,200"));
        QVERIFY(amountIsSingular(1));
        QVERIFY(!amountIsSingular(1.5));
        QVERIFY(!amountIsSingular(0));
        QCOMPARE(formatMonths(14.24), std::string("14.2 months"));
        QCOMPARE(formatMonths(30), std::string("2.5 years"));
        QCOMPARE(formatMonths(36), std::string("3 years"));
        QCOMPARE(formatMonths(18), std::string("18 months"));
        QCOMPARE(formatMonths(1), std::string("1 month"));
    }

    void boundsAsTyped()
    {
        // Years and four-digit bounds without a separator, larger ones with; no trailing zeros.
        QCOMPARE(formatBound(2100), std::string("2100"));
        QCOMPARE(formatBound(100000), std::string("100,000"));
        QCOMPARE(formatBound(0.01), std::string("0.01"));
        QCOMPARE(formatBound(1.5), std::string("1.5"));
        QCOMPARE(formatBound(-12345.25), std::string("-12,345.25"));
        QCOMPARE(formatBound(std::numeric_limits<double>::infinity()), std::string("-"));
    }

    void fixedDecimalsWithSeparators()
    {
        QCOMPARE(formatFixed(1234567.5, 1), std::string("1,234,567.5"));
        QCOMPARE(formatFixed(12, 2), std::string("12.00"));
        // Grouped after rounding, and no "-0.0".
        QCOMPARE(formatFixed(999.96, 1), std::string("1,000.0"));
        QCOMPARE(formatFixed(-0.04, 1), std::string("0.0"));
        QCOMPARE(formatFixed(-1234, 0), std::string("-1,234"));
        QCOMPARE(formatFixed(std::numeric_limits<double>::infinity(), 1), std::string("-"));
    }

    void reportLinesAlignTheirValues()
    {
        QCOMPARE(reportLine("goodput", "98.9%"), std::string("  goodput                     98.9%\n"));
        const std::string longLabel(40, 'x');
        QCOMPARE(reportLine(longLabel, "1"), "  " + longLabel + "1\n");
    }
};

QTEST_APPLESS_MAIN(TestFormat)
#include "tst_format.moc"
