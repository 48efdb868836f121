// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuplan::cli {

// Parsed command line of one subcommand: positional arguments, flags and valued options.
// Options are declared by the subcommand so unknown ones are errors.
class CliArgs
{
public:
    struct OptionSpec
    {
        const char *name;        // "--json"
        bool takesValue;
        bool repeatable;
        const char *help;
    };

    CliArgs(std::vector<OptionSpec> specs) : m_specs(std::move(specs)) {}

    // Returns false with a one-line error for unknown options or missing values.
    bool parse(const std::vector<std::string> &args, std::string &error);

    bool flag(const std::string &name) const;
    std::optional<std::string> value(const std::string &name) const;
    std::vector<std::string> values(const std::string &name) const;
    const std::vector<std::string> &positional() const { return m_positional; }
    std::string optionsHelp() const;

private:
    std::vector<OptionSpec> m_specs;
    std::vector<std::pair<std::string, std::string>> m_given;
    std::vector<std::string> m_positional;
};

} // namespace gpuplan::cli
