// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

// Putting text from a plan (names, notes: anything a user typed) into generated files without
// letting it change their meaning. One function per output format; every generated file goes
// through these, and nothing pastes plan text into a file unescaped.
//
// "Hidden" code points are the ones that end a line for some reader or change what a reader
// sees without being seen: C0 and C1 controls (U+0085 NEL among them), DEL, U+2028 LINE
// SEPARATOR and U+2029 PARAGRAPH SEPARATOR (YAML 1.1 and JavaScript break lines at both and at
// NEL), the bidirectional controls U+200E, U+200F, U+202A-U+202E, U+2066-U+2069 and U+061C
// (which reorder what an editor shows, "Trojan Source"), and U+FEFF.
namespace gpuplan {

bool isHiddenCodePoint(std::uint32_t cp);

// One shell word in single quotes: 'it'\''s' (POSIX: nothing is special inside single quotes
// except the quote itself, which is closed, escaped and reopened). Hidden code points are
// written outside the quotes in bash's $'\xNN' form, so the word keeps its exact bytes and the
// script shows no invisible character; a NUL byte, which no shell word can hold, is dropped.
std::string shellQuote(std::string_view text);

// Text for one comment line of a shell script, a Slurm file or a YAML file: hidden code points
// and bytes that are not UTF-8 become spaces (a line break of any kind would end the comment and
// start a command or a document); at most maxLength bytes, cut at a UTF-8 character boundary.
std::string commentText(std::string_view text, std::size_t maxLength = 200);

// Text for a terminal (the CLI's text reports and messages): hidden code points other than line
// feed and tab, and bytes that are not UTF-8, become U+FFFD, so a plan name cannot move the
// cursor, retitle the window or reorder what the terminal shows (ESC sequences, bidi controls).
std::string terminalText(std::string_view text);

// A JSON document written as YAML (Kubernetes manifests): the JSON writer escapes C0 controls in
// strings; this writes the other hidden code points as \uXXXX too, so no YAML reader sees a line
// break or an invisible character inside a string. They can only be inside strings in JSON text,
// so the rewrite never changes the structure. Also used for every JSON output.
std::string jsonForYaml(std::string_view json);

// A YAML scalar that reads back as the string text in YAML 1.1 and 1.2 readers: plain when it is
// a word of letters, digits, '.', '_', '/' and '-' starting with a letter and not one of the words
// YAML 1.1 reads as a boolean or null (yes, no, on, off, y, n, true, false, null, any case);
// otherwise a double-quoted JSON string (jsonForYaml), so "null", "2026-12-01", "0x1f" and
// "1e3" stay text (a Kubernetes namespace named "no" would otherwise be the boolean false).
std::string yamlScalar(std::string_view text);

// One RFC 4180 CSV field. Text a spreadsheet would run as a formula (=, +, -, @ first, also after
// leading spaces, tabs, CR or LF, which spreadsheets skip) gets a leading apostrophe, so a plan
// named "=HYPERLINK(...)" stays text; hidden code points other than tab, CR and LF (kept inside
// the quotes) become spaces.
std::string csvField(std::string_view text, bool isText);

// A name built from [A-Za-z0-9._-] only, for a Slurm job name: other characters become '-',
// runs of '-' collapse, empty results become fallback.
std::string safeName(std::string_view text, std::string_view fallback, std::size_t maxLength = 64);

// A Kubernetes object name (RFC 1123 label: lowercase letters, digits and '-', starting and ending
// with a letter or digit, at most 63 characters).
std::string kubernetesName(std::string_view text, std::string_view fallback);

} // namespace gpuplan
