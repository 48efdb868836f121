// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Decode.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Sum of f(k) for k = 1..n (n may be fractional beyond the exact range: the sum is the integral
// of f over [0.5, n + 0.5], which the midpoint rule relates to the sum).
template <typename StepFn>
double sumOverSteps(double n, StepFn f)
{
    if (n <= 0)
        return 0;
    constexpr int kExactSteps = 64;
    if (n <= kExactSteps) {
        const int whole = static_cast<int>(n);
        double sum = 0;
        for (int k = 1; k <= whole; ++k)
            sum += f(static_cast<double>(k));
        if (n > whole)
            sum += (n - whole) * f(whole + 1.0);
        return sum;
    }
    constexpr int kIntervals = 32;   // even: Simpson
    const double a = 0.5;
    const double width = n / kIntervals;
    double sum = f(a) + f(a + n);
    for (int i = 1; i < kIntervals; ++i)
        sum += (i % 2 ? 4.0 : 2.0) * f(a + i * width);
    return sum * width / 3.0;
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
    return sumOverSteps(steps, [&](double k) { return decodeStepTime(m, sequences, startContext + growth * k); });
}

double decodeTotalTimeShrinking(const ForwardCostModel &m, double sequences, double promptLen, double maxLen,
                                double steps)
{
    const double len = std::max(maxLen, 1.0);
    return sumOverSteps(steps, [&](double k) {
        const double active = std::max(sequences * (len - k) / len, 1.0);
        return decodeStepTime(m, active, promptLen + k);
    });
}

} // namespace gpuplan
