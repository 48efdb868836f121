// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/ValueLadder.h"

#include "plan/PlanFields.h"

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

constexpr double kLadderSpan = 64.0;      // ranges wider than this many times get a log slider
constexpr double kSmallestReal = 0.1;     // first positive rung of a real ladder that starts at 0

} // namespace

bool wantsLadder(const FieldSpec &field)
{
    if (field.type != FieldType::Int && field.type != FieldType::Real)
        return false;
    const double low = std::max(field.min, field.type == FieldType::Int ? 1.0 : kSmallestReal);
    return field.max / low > kLadderSpan;
}

std::vector<double> valueLadder(double min, double max, bool integer)
{
    std::vector<double> out;
    if (max < min)
        return out;
    if (min <= 0)
        out.push_back(min < 0 ? min : 0.0);
    auto push = [&](double v) {
        if (v >= min && v <= max && (out.empty() || v > out.back()))
            out.push_back(v);
    };
    if (integer) {
        for (double v = std::max(1.0, std::ceil(min)); v <= std::min(16.0, max); v += 1)
            push(v);
        for (double octave = 16; octave <= max; octave *= 2) {
            for (double m : {1.0, 1.25, 1.5, 1.75})
                push(octave * m);
        }
    } else {
        const double start = std::pow(10.0, std::floor(std::log10(std::max(min, kSmallestReal))));
        for (double decade = start; decade <= max; decade *= 10) {
            for (double m : {1.0, 1.5, 2.0, 3.0, 5.0, 7.0})
                push(decade * m);
        }
    }
    push(max);
    return out;
}

int nearestLadderIndex(const std::vector<double> &ladder, double value)
{
    if (ladder.empty())
        return 0;
    int best = 0;
    double bestDistance = INFINITY;
    for (std::size_t i = 0; i < ladder.size(); ++i) {
        const double a = ladder[i];
        // Log distance for positive values so 1,000 sits between 768 and 1,280 fairly; exact
        // distance around zero.
        const double d = (a > 0 && value > 0) ? std::fabs(std::log(a / value)) : std::fabs(a - value) + 1e6;
        if (d < bestDistance) {
            bestDistance = d;
            best = static_cast<int>(i);
        }
    }
    return best;
}

} // namespace gpuplan::ui
