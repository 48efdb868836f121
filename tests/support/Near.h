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

} // namespace gpuplan::test
