// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/ResolvedPlan.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <string>

// Checks shared by the libFuzzer targets (docs/robustness.md). A failed check prints what broke
// and aborts, which libFuzzer reports as a crash with the input that caused it.
namespace gpuplan::fuzz {

[[noreturn]] void fail(const std::string &what);

// Every number in the document is finite and there is no null except under the keys listed in
// nullable (e.g. a measurement a row does not have): the JSON writers turn a non-finite result
// into null, so any other null is a NaN or infinity that reached an output. The document must
// also dump as UTF-8 (dump() throws on anything else).
void requireFiniteJson(const nlohmann::ordered_json &doc, const std::string &where,
                       std::initializer_list<const char *> nullable = {});
void requireFiniteJson(const nlohmann::json &doc, const std::string &where,
                       std::initializer_list<const char *> nullable = {});

// Evaluates a resolved plan the way the CLI and the GUI do (evaluation, --json output, text
// report), checks the outputs and returns the JSON text.
std::string evaluateAndCheck(const ResolvedPlan &plan, const std::string &where);

} // namespace gpuplan::fuzz
