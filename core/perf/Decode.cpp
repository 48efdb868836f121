// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Decode.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Sum of f(k) for k = 1..n as the integral of f over [0.5, n + 0.5], by Simpson's rule on the
// pieces either side of `kink`. Between kinks the step time of a fixed batch is linear in the
// context (the KV read grows by one token per step; a sliding window stops it at the window), and
// the sum of a linear function over consecutive integers is the count times its middle value, so
// two intervals per piece are exact there; smooth pieces (a draining batch) take more intervals.
template <typename StepFn>
double sumOverSteps(double n, double kink, int intervals, StepFn f)
{
    if (n <= 0)
        return 0;
    constexpr int kExactSteps = 8;
    if (n <= kExactSteps) {
        const int whole = static_cast<int>(n);
        double sum = 0;
        for (int k = 1; k <= whole; ++k)
            sum += f(static_cast<double>(k));
        if (n > whole)
            sum += (n - whole) * f(whole + 1.0);
        return sum;
    }
    auto simpson = [&](double a, double b) {
        const double width = (b - a) / intervals;
        double sum = f(a) + f(b);
        for (int i = 1; i < intervals; ++i)
            sum += (i % 2 ? 4.0 : 2.0) * f(a + i * width);
        return sum * width / 3.0;
    };
    const double lo = 0.5;
    const double hi = n + 0.5;
    if (kink > lo && kink < hi)
        return simpson(lo, kink) + simpson(kink, hi);
    return simpson(lo, hi);
}

// Step at which the context reaches the sliding window (0 when no layer has one).
double windowStep(const ForwardCostModel &m, double startContext, double growth)
{
    return m.windowLayers > 0 && growth > 0 ? (m.window - startContext) / growth : 0.0;
}

} // namespace

double decodeStepTime(const ForwardCostModel &m, double sequences, double context)
{
    if (!m.valid || sequences <= 0)
        return 0;
    const double microBatches = std::min(static_cast<double>(m.pp), sequences);
    return decodePassTime(m, sequences / microBatches, context);
}

double decodeTotalTime(const ForwardCostModel &m, double sequences, double startContext, double steps, double growth)
{
    return sumOverSteps(steps, windowStep(m, startContext, growth), 2,
                        [&](double k) { return decodeStepTime(m, sequences, startContext + growth * k); });
}

double decodeTotalTimeShrinking(const ForwardCostModel &m, double sequences, double promptLen, double maxLen,
                                double steps)
{
    const double len = std::max(maxLen, 1.0);
    // The batch drains smoothly until one sequence is left (at step len (1 - 1/sequences)).
    const double lastOne = len * (1.0 - 1.0 / std::max(sequences, 1.0));
    return sumOverSteps(steps, lastOne, 4, [&](double k) {
        const double active = std::max(sequences * (len - k) / len, 1.0);
        return decodeStepTime(m, active, promptLen + k);
    });
}

} // namespace gpuplan
