// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

// A manual page in section 1, written as roff for man(1). gpuplan and gpuplan-cli build theirs from
// the same option tables their --help prints (`gpuplan --man`, `gpuplan-cli --man`), so the two
// cannot drift; tests/e2e/man_pages.cmake compares them.
namespace gpuplan::manpage {

struct Option
{
    std::string names;       // "-h, --help" or "--json"
    std::string valueName;   // "FILE", empty for a flag
    std::string help;
};

// A titled part of the page: paragraphs (blank-line separated text, '\n' inside a paragraph joins
// lines), then options as a tagged list.
struct Section
{
    std::string title;
    std::string text;
    std::vector<Option> options;
    bool subsection = false;   // .SS under the previous section (a gpuplan-cli command)
    std::string usage;         // shown in bold before the text of a subsection
};

struct Page
{
    std::string name;        // "gpuplan-cli"
    std::string summary;     // for the NAME line
    std::string version;
    std::vector<std::string> synopsis;   // one usage per line, without the program name
    std::vector<Section> sections;       // DESCRIPTION, OPTIONS, ...
};

std::string render(const Page &page);

// Text as roff body text: backslashes, leading dots/quotes and hyphens escaped.
std::string escape(const std::string &text);

} // namespace gpuplan::manpage
