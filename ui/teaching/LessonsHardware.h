// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "teaching/Lessons.h"

// The lessons on precision formats, data parallelism, Tensor Cores, GPU value and model accuracy
// (LessonsHardware.cpp); lessons() lists them after the first six.
namespace gpuplan::ui {

// Llama 3 8B trained on one node of 8 H100 with DeepSpeed ZeRO 1, full recompute and BF16 mixed
// precision: the plan the optimizer-state lesson and the lessons here start from.
void llama8bOnOneNode(Plan &plan);

// Llama 3 70B on `gpus` H100 with Megatron-LM's layout (Lessons.cpp): the plan of the scaling
// lessons and of the failures lesson.
void megatron70b(Plan &plan, int gpus);

// The first row of a step whose plan may not fit: memory per GPU against the GPU's, and the
// verdict's reason when it does not fit (a step may lead there on purpose, and says so).
LiveValue fitRow(const LessonContext &context);

extern const Lesson kPrecisionLesson;
extern const Lesson kDataParallelLesson;
extern const Lesson kCoresLesson;
extern const Lesson kValueLesson;
extern const Lesson kAccuracyLesson;

} // namespace gpuplan::ui
