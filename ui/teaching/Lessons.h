// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "explain/Explanation.h"
#include "plan/Plan.h"

#include <span>
#include <string>
#include <vector>

namespace gpuplan::ui {

// A number a lesson shows next to its text, computed from the reader's plan as it is now (the
// lesson panel recomputes it after every edit): a label, the value, and where the figure comes
// from (a catalog source, a formula of docs/formulas.md, or "mechanism" for a consequence of how
// the software works rather than a measured figure).
struct LiveValue
{
    std::string label;
    std::string value;
    std::string source;
};

// What a step's live values are computed from; every pointer is valid while the plan resolves.
struct LessonContext
{
    const Catalog &catalog;
    const ResolvedPlan &plan;
    const Evaluation &evaluation;
};

// One step of a lesson: what to change, what to watch, where to look, and the change itself
// (applied to the plan when the step is reached; none for a step that only points at something).
// Plain data: the lesson panel turns it into text, the teaching docks into the explanation and
// the result tab shown.
struct LessonStep
{
    const char *text;               // what happens and why
    const char *move;               // the input that changes (shown as "Move")
    const char *watch;              // the result to look at (shown as "Watch")
    ExplainTopic explain;           // the explanation opened next to the step
    // The result tab shown when the step starts, by its command-line name (resultTabName():
    // "memory", "scaling", "step-time", "cost", "power-and-cooling"); the chart that draws what
    // the step explains. nullptr: no chart shows it (the key results do), the reader's tab stays.
    const char *resultTab;
    void (*edit)(Plan &plan);       // nullptr: nothing changes at this step
    // The numbers shown live under the step (nullptr: none; the key results carry the numbers).
    std::vector<LiveValue> (*live)(const LessonContext &context) = nullptr;
};

// A guided lesson on one of the questions the field keeps asking. It starts from a plan of its
// own (the model preset plus setup()), applied as one undoable change, and walks through steps.
// The text is compiled in: lessons work without a network or installed files (docs/teaching.md).
struct Lesson
{
    const char *id;
    const char *title;
    const char *question;
    const char *modelPreset;        // catalog model preset the plan starts from
    void (*setup)(Plan &plan);
    std::span<const LessonStep> steps;
};

std::span<const Lesson> lessons();

} // namespace gpuplan::ui
