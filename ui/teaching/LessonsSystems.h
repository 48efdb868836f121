// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "teaching/Lessons.h"

// The lessons on the system around a run (LessonsSystems.cpp): checkpoints and the Daly
// interval, power and cooling, choosing TP/PP/CP, FP8, and mixture-of-experts with expert
// parallelism. lessons() lists them after the serving lessons.
namespace gpuplan::ui {

extern const Lesson kCheckpointLesson;
extern const Lesson kPowerLesson;
extern const Lesson kLayoutLesson;
extern const Lesson kFp8Lesson;
extern const Lesson kMoeLesson;

} // namespace gpuplan::ui
