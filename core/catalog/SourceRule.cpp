// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/SourceRule.h"

#include <cctype>
#include <regex>
#include <string>
#include <vector>

namespace gpuplan {

namespace {

constexpr auto kFlags = std::regex::ECMAScript | std::regex::icase | std::regex::optimize;

// Kinds of primary source (docs/catalogs.md lists them with examples).
const std::vector<std::regex> &primaryKinds()
{
    static const std::vector<std::regex> kinds = {
        // the vendor's own site
        std::regex(R"((^|[^\w.-])([\w-]+\.)*(nvidia|amd|intel|dell)\.com\b)", kFlags),
        // the cloud's own pages
        std::regex(R"((^|[^\w.-])([\w-]+\.)*(aws\.amazon|cloud\.google|azure\.microsoft|learn\.microsoft)\.com\b)", kFlags),
        // a vendor's or a cloud's document named by its kind
        std::regex(R"(\b(datasheet|data sheet|user guide|product brief|white ?paper|reference architecture|)"
                   R"(specification sheet|product documentation|instance documentation|server documentation|)"
                   R"(pricing page|performance guidelines|AWS documentation)\b)",
                   kFlags),
        // a paper
        std::regex(R"(\barxiv\b|\bet al\.)", kFlags),
        // a model's own released configuration
        std::regex(R"(huggingface\.co/[\w.-]+/[\w.-]+ config\.json|\bmetaseq\b)", kFlags),
        // a public measurement record of a real device: MLPerf submissions, the vendor's
        // repositories and issue trackers, deviceQuery / nvidia-smi logs
        std::regex(R"(\bMLPerf\b|\bmlcommons/|\bNVIDIA/[\w.-]+|\bdeviceQuery\b|\bnvidia-smi\b|\bcudaGetDeviceProperties\b)",
                   kFlags),
        // a standard, from its own body
        std::regex(R"(\bPCI-SIG\b)", kFlags),
        // gpuplan's own fits on the bundled validation data and its own stated presets
        std::regex(R"(^gpuplan\b|\btests/data/validation/)", kFlags),
    };
    return kinds;
}

// Hosts a citation may name and stay primary; any other host is a third party's. deepseek.com: the
// API provider's own pricing page (catalogs/api_prices.json), the one api_prices cites directly.
constexpr std::string_view kOwnHosts[] = {"nvidia.com", "amd.com",       "intel.com",      "dell.com",
                                          "amazon.com", "google.com",    "microsoft.com",  "arxiv.org",
                                          "huggingface.co", "github.com", "githubusercontent.com", "deepseek.com"};

const std::regex &hostPattern()
{
    static const std::regex host(R"(\b[a-z0-9][\w-]*(\.[\w-]+)*\.(com|org|net|io|ai|app|co|dev|blog|website|fi|se|ae|)"
                                 R"(ru|es|pt|fr|de|uk|us|info|tech|plus)\b)",
                                 kFlags);
    return host;
}

// Words by which a citation says it relays the original rather than being it.
const std::regex &relayPattern()
{
    static const std::regex relay(R"(\b(copy|quoted|citing|cites|reported|reseller|Q&A|third-party|aggregator|blog|substack)\b)",
                                  kFlags);
    return relay;
}

bool isOwnHost(std::string host)
{
    for (char &c : host)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::string_view own : kOwnHosts) {
        if (host == own || (host.size() > own.size() && host.ends_with(own) && host[host.size() - own.size() - 1] == '.'))
            return true;
    }
    return false;
}

// The citations of a source: split at ';' outside parentheses; pointers to gpuplan's own
// docs/ pages are left out (they lead to the original, they are not one).
std::vector<std::string> citations(std::string_view source)
{
    std::vector<std::string> out;
    std::string current;
    int depth = 0;
    const auto flush = [&] {
        const auto first = current.find_first_not_of(' ');
        const auto last = current.find_last_not_of(' ');
        if (first != std::string::npos) {
            std::string c = current.substr(first, last - first + 1);
            if (!c.starts_with("docs/"))
                out.push_back(std::move(c));
        }
        current.clear();
    };
    for (char c : source) {
        depth += c == '(' ? 1 : (c == ')' && depth > 0 ? -1 : 0);
        if (c == ';' && depth == 0)
            flush();
        else
            current += c;
    }
    flush();
    return out;
}

bool relays(const std::string &citation)
{
    if (std::regex_search(citation, relayPattern()))
        return true;
    for (auto it = std::sregex_iterator(citation.begin(), citation.end(), hostPattern()); it != std::sregex_iterator(); ++it) {
        if (!isOwnHost(it->str()))
            return true;
    }
    return false;
}

bool isPrimaryKind(const std::string &citation)
{
    for (const std::regex &kind : primaryKinds()) {
        if (std::regex_search(citation, kind))
            return true;
    }
    return false;
}

} // namespace

bool isPrimarySource(std::string_view source)
{
    const std::vector<std::string> parts = citations(source);
    if (parts.empty())
        return false;
    for (const std::string &c : parts) {
        if (relays(c) || !isPrimaryKind(c))
            return false;
    }
    return true;
}

bool namesThirdParty(std::string_view source)
{
    for (const std::string &c : citations(source)) {
        if (relays(c) || (std::regex_search(c, hostPattern()) && !isPrimaryKind(c)))
            return true;
    }
    return false;
}

SourceKind sourceKindOf(const Provenance &p)
{
    if (p.estimate)
        return SourceKind::Estimate;
    if (p.secondary)
        return SourceKind::Secondary;
    return isPrimarySource(p.source) ? SourceKind::Primary : SourceKind::Unclassified;
}

} // namespace gpuplan
