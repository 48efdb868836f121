// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace gpuplan {
struct FieldSpec;
}

// Slider positions for fields whose range spans orders of magnitude (GPUs, tokens, batch,
// widths). A slider moves along a ladder of round values, evenly spaced on a log scale:
//  - integers: every integer up to 16, then 4 steps per doubling (16, 20, 24, 28, 32, 40, ...),
//    which hits the counts people use (GPUs: 256, 384, 512, 1024; widths: 5120, 8192, 28672);
//  - reals: 1, 1.5, 2, 3, 5, 7 per decade (15 T tokens, 300 B, 2 T).
// The spin box next to the slider still takes any allowed value.
namespace gpuplan::ui {

bool wantsLadder(const FieldSpec &field);
std::vector<double> valueLadder(double min, double max, bool integer);
int nearestLadderIndex(const std::vector<double> &ladder, double value);   // log distance

} // namespace gpuplan::ui
