// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "teaching/Lessons.h"

// The lessons on running a plan rather than sizing it (LessonsOperations.cpp): node failures,
// hot spares and elastic training, one shared cluster against one per team, and spot capacity with elastic training; lessons() lists them after the hardware lessons.
namespace gpuplan::ui {

extern const Lesson kFailuresLesson;
extern const Lesson kSharedClusterLesson;
extern const Lesson kSpotLesson;

} // namespace gpuplan::ui
