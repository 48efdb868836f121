// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cmath>

// Comparing a computed figure with the one a test pins it to (a source, a hand calculation).
namespace gpuplan::test {

// a equals b within a relative tolerance of b (b = 0 asks for exactly 0).
inline bool near(double a, double b, double rel = 1e-9)
{
    return std::fabs(a - b) <= rel * std::fabs(b);
}

// a equals b within rel of b's size, and within rel outright where b is below one (a chart point at 0).
inline bool nearScaled(double a, double b, double rel = 1e-9)
{
    return std::fabs(a - b) <= rel * (std::fabs(b) > 1.0 ? std::fabs(b) : 1.0);
}

} // namespace gpuplan::test
