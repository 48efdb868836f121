// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "teaching/Lessons.h"

// The lessons on serving (LessonsServing.cpp): the KV cache, batching, P99 latencies, replicas
// and quantization; and the roofline of decoding. lessons() lists them after the operations lessons.
namespace gpuplan::ui {

extern const Lesson kServingLesson;
extern const Lesson kRooflineLesson;

} // namespace gpuplan::ui
