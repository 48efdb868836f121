// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "teaching/Lessons.h"

// The lessons on running a plan rather than sizing it (LessonsOperations.cpp): node failures,
// hot spares and elastic training, and one shared cluster against one per team; lessons() lists them after the hardware lessons.
namespace gpuplan::ui {

extern const Lesson kFailuresLesson;
extern const Lesson kSharedClusterLesson;

} // namespace gpuplan::ui
