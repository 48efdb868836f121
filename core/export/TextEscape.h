// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

// Putting text from a plan (names, notes: anything a user typed) into generated files without
// letting it change their meaning. Every generated file goes through these; nothing pastes plan
// text into a file unescaped.
namespace gpuplan {

// One shell word in single quotes: 'it'\''s' (POSIX: nothing is special inside single quotes
// except the quote itself, which is closed, escaped and reopened).
std::string shellQuote(std::string_view text);

// Text for one comment line of a shell script or YAML file: control characters (newlines above
// all, which would end the comment and start a command) become spaces; at most maxLength bytes,
// cut at a UTF-8 character boundary.
std::string commentText(std::string_view text, std::size_t maxLength = 200);

// A name built from [A-Za-z0-9._-] only, for a Slurm job name: other characters become '-',
// runs of '-' collapse, empty results become fallback.
std::string safeName(std::string_view text, std::string_view fallback, std::size_t maxLength = 64);

// A Kubernetes object name (RFC 1123 label: lowercase letters, digits and '-', starting and ending
// with a letter or digit, at most 63 characters).
std::string kubernetesName(std::string_view text, std::string_view fallback);

} // namespace gpuplan
