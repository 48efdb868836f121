// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliArgs.h"

#include <algorithm>

namespace gpuplan::cli {

bool CliArgs::parse(const std::vector<std::string> &args, std::string &error)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
        if (arg == "--") {
            m_positional.insert(m_positional.end(), args.begin() + static_cast<long>(i) + 1, args.end());
            break;
        }
        if (!arg.starts_with("--") || arg.size() == 2) {
            m_positional.push_back(arg);
            continue;
        }
        std::string inlineValue;
        bool hasInline = false;
        if (const auto eq = arg.find('='); eq != std::string::npos) {
            inlineValue = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
            hasInline = true;
        }
        const auto spec = std::find_if(m_specs.begin(), m_specs.end(), [&](const OptionSpec &s) { return arg == s.name; });
        if (spec == m_specs.end()) {
            error = "unknown option " + arg + " (see --help)";
            return false;
        }
        if (!spec->takesValue) {
            if (hasInline) {
                error = "option " + arg + " takes no value";
                return false;
            }
            m_given.emplace_back(arg, "");
            continue;
        }
        if (!hasInline) {
            if (i + 1 >= args.size()) {
                error = "option " + arg + " needs a value";
                return false;
            }
            inlineValue = args[++i];
        }
        if (!spec->repeatable && value(arg)) {
            error = "option " + arg + " given twice";
            return false;
        }
        m_given.emplace_back(arg, inlineValue);
    }
    return true;
}

bool CliArgs::flag(const std::string &name) const
{
    return std::any_of(m_given.begin(), m_given.end(), [&](const auto &g) { return g.first == name; });
}

std::optional<std::string> CliArgs::value(const std::string &name) const
{
    for (const auto &g : m_given) {
        if (g.first == name)
            return g.second;
    }
    return std::nullopt;
}

std::vector<std::string> CliArgs::values(const std::string &name) const
{
    std::vector<std::string> out;
    for (const auto &g : m_given) {
        if (g.first == name)
            out.push_back(g.second);
    }
    return out;
}

std::string CliArgs::optionsHelp() const
{
    std::string out;
    for (const OptionSpec &s : m_specs) {
        std::string left = std::string("  ") + s.name + (s.takesValue ? " VALUE" : "");
        if (left.size() < 30)
            left.resize(30, ' ');
        out += left + " " + s.help + "\n";
    }
    return out;
}

} // namespace gpuplan::cli
