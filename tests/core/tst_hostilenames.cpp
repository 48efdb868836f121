// SPDX-License-Identifier: GPL-3.0-or-later
// Text from a plan cannot change the structure of a generated file (core/export/TextEscape.h):
// the escaping function of each format on its own, then 1,000 generated hostile names (line and
// paragraph separators, NEL, bidirectional controls, quotes, command substitutions, YAML
// document markers, formula prefixes after white space, bytes that are not UTF-8) as the plan
// name, the model name and the portfolio's plan file names, through every launch format, every
// cluster configuration file and the results CSV. Each file must keep the lines and the
// documents it has for a plain name and hold no hidden code point. With GPUPLAN_HOSTILE_DIR set
// the files are also written there, for the format's own parsers (tests/e2e/hostile_names.cmake:
// PyYAML, bash -n).
#include "ExampleFixture.h"

#include "common/Utf8.h"
#include "export/ClusterConfig.h"
#include "export/LaunchFiles.h"
#include "export/ResultsExport.h"
#include "export/TextEscape.h"
#include "portfolio/PortfolioJobs.h"
#include "validate/CsvTable.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

using namespace gpuplan;

namespace {

constexpr int kNames = 1000;

// Fragments a name is built from: every way known here to end a line, a comment, a quoted
// word or a YAML document, plus ordinary text around them.
const std::vector<std::string> &fragments()
{
    static const std::vector<std::string> f = {
        "\n", "\r", "\r\n", "\t", "\v", "\f", "\x1b[31m", "\x7f",
        "\u2028", "\u2029", "\u0085", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
        "\u2066", "\u2067", "\u2068", "\u2069", "\u061c", "\ufeff",
        "---", "...", "apiVersion: v1", "kind: ConfigMap", "metadata:", "- ", ": ", "#", "&a", "*a", "!!str", "%YAML",
        "{", "}", "[", "]", "'", "\"", "\\", "`id`", "$(reboot)", "${HOME}", ";", "|", "&&", ">", "<",
        "=", "+", "-", "@", ",", "=HYPERLINK(\"x\")", " ", "  ", "x", "llama", "70B", "é", "中文", "🚀",
        "\xff", "\xc3", "\xe2\x80", "\xed\xa0\x80", "%0", "\u00a0",
        // Whole names YAML 1.1 reads as something other than text once they are object names.
        "yes", "no", "null", "on", "~", "2026-12-01", "0x1f", "1e3", "0o17", "true"};
    return f;
}

std::string hostileName(std::mt19937 &rng)
{
    std::uniform_int_distribution<std::size_t> pick(0, fragments().size() - 1);
    std::uniform_int_distribution<int> count(1, 12);
    if (std::uniform_int_distribution<int>(0, 9)(rng) == 0)   // a name that is one fragment alone
        return fragments()[pick(rng)];
    std::string out;
    for (int n = count(rng); n > 0; --n)
        out += fragments()[pick(rng)];
    return out;
}

// No code point in text that ends a line (other than '\n'; in a CSV file also CR, and tab and LF
// inside quoted fields) or hides itself; valid UTF-8.
bool plainText(const std::string &text, std::string &why, bool csv = false)
{
    if (!isValidUtf8(text)) {
        why = "not UTF-8";
        return false;
    }
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        std::uint32_t cp = len == 1 ? c : c & (0x7F >> len);
        for (std::size_t k = 1; k < len; ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        const bool allowed = cp == '\n' || (csv && (cp == '\r' || cp == '\t'));
        if (!allowed && isHiddenCodePoint(cp)) {
            why = "hidden code point U+" + QString::number(cp, 16).toStdString() + " at byte " + std::to_string(i);
            return false;
        }
        i += len;
    }
    return true;
}

std::size_t lineCount(const std::string &text)
{
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// The lines that are not comments: for the JSON manifests, the JSON document (also YAML).
std::string withoutComments(const std::string &text)
{
    std::string body;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("#", 0) != 0)
            body += line + "\n";
    }
    return body;
}

struct GeneratedFile
{
    std::string name;
    std::string text;
};

PortfolioJob job(const std::string &plan, int gpus, bool serving)
{
    PortfolioJob j;
    j.plan = plan;
    j.gpu = "H100-SXM-80GB";
    j.node = "dgx-h100";
    j.gpus = gpus;
    j.serving = serving;
    j.durationS = serving ? 0 : 3 * 86400.0;
    j.gpuHours = gpus * 72.0;
    if (serving) {
        j.migProfile = "3g.40gb";
        j.migInstances = 6;
        j.migInstancesPerGpu = 2;
        j.gpus = 3;
    }
    return j;
}

class HostileNames
{
public:
    HostileNames()
        : m_training(test::loadExample("llama3-70b-training.gpuplan")),
          m_serving(test::loadExample("llama3-8b-inference.gpuplan"))
    {
        if (m_training)
            m_results = resultsJson(m_training->resolved, evaluateForExport(m_training->resolved));
    }

    bool ready() const { return m_training && m_serving; }

    // Every generated file for a plan (and model, and plan file) named name.
    std::vector<GeneratedFile> files(const std::string &name)
    {
        std::vector<GeneratedFile> out;
        for (test::ExampleFixture *f : {m_training.get(), m_serving.get()}) {
            f->plan.name = name;
            f->plan.model.name = name;
            for (const LaunchFormatInfo &info : launchFormats()) {
                const bool fits = f == m_training.get() ? info.training : info.inference;
                LaunchFile file;
                std::string error;
                if (fits && makeLaunchFile(f->resolved, f->evaluation, info.format, LaunchOptions{}, file, error))
                    out.push_back({std::string(f == m_training.get() ? "train." : "serve.") + info.name + info.suffix,
                                   file.text});
            }
        }
        const PortfolioResult portfolio = planPortfolio({job(name + ".gpuplan", 8, false), job("x/" + name, 3, true)});
        for (ClusterConfigFormat format : {ClusterConfigFormat::Slurm, ClusterConfigFormat::Kubernetes}) {
            const auto files = clusterConfigFiles(portfolio, bundledCatalog(), format, name);
            for (std::size_t i = 0; i < files.size(); ++i)
                out.push_back({std::string(format == ClusterConfigFormat::Slurm ? "slurm" : "k8s") + std::to_string(i) +
                                   files[i].fileName.substr(files[i].fileName.rfind('.')),
                               files[i].text});
        }
        nlohmann::ordered_json results = m_results;
        results["name"] = name;
        out.push_back({"results.csv", resultsCsv(results)});
        return out;
    }

private:
    std::unique_ptr<test::ExampleFixture> m_training, m_serving;
    nlohmann::ordered_json m_results;
};

} // namespace

class TestHostileNames : public QObject
{
    Q_OBJECT

private slots:
    void shellWords() const
    {
        QCOMPARE(shellQuote("it's"), std::string("'it'\\''s'"));
        QCOMPARE(shellQuote(""), std::string("''"));
        // Hidden code points leave the quotes as $'\xNN' runs: the same bytes, nothing invisible.
        QCOMPARE(shellQuote("a\u2028b"), std::string("'a'$'\\xe2\\x80\\xa8''b'"));
        QCOMPARE(shellQuote("\n\r"), std::string("$'\\x0a\\x0d'"));
        QCOMPARE(shellQuote("x\xffy"), std::string("'x'$'\\xff''y'"));
        QCOMPARE(shellQuote(std::string("a\0b", 3)), std::string("'ab'"));
    }

    void commentLines() const
    {
        QCOMPARE(commentText("a\nb\rc\td"), std::string("a b c d"));
        QCOMPARE(commentText("x\u2028---\u2029y\u0085z"), std::string("x --- y z"));
        QCOMPARE(commentText("\u202eevil\u2066\u200f"), std::string(" evil  "));
        QCOMPARE(commentText("a\xff"), std::string("a "));
        QCOMPARE(commentText("aé", 2), std::string("a"));
        QCOMPARE(commentText("中文"), std::string("中文"));
    }

    void terminalLines() const
    {
        // Line feeds and tabs of the report stay; an ESC sequence or a bidi control in a name shows as U+FFFD.
        QCOMPARE(terminalText("a\tb\nc"), std::string("a\tb\nc"));
        QCOMPARE(terminalText("x\x1b]0;owned\x07y"), std::string("x\uFFFD]0;owned\uFFFDy"));
        QCOMPARE(terminalText("\u202eabc\r"), std::string("\uFFFDabc\uFFFD"));
        QCOMPARE(terminalText("é\xff"), std::string("é\uFFFD"));
    }

    void jsonInYaml() const
    {
        QCOMPARE(jsonForYaml("{\"a\": \"x\u2028y\u0085\u202e\"}"), std::string("{\"a\": \"x\\u2028y\\u0085\\u202e\"}"));
        QCOMPARE(jsonForYaml("\"é中\""), std::string("\"é中\""));
        const auto back = nlohmann::json::parse(jsonForYaml(nlohmann::json("p\u2029q").dump()));
        QCOMPARE(back.get<std::string>(), std::string("p\u2029q"));
    }

    void csvFields() const
    {
        QCOMPARE(csvField("=1+1", true), std::string("'=1+1"));
        // Spreadsheets skip leading white space before a formula.
        QCOMPARE(csvField("\t=cmd", true), std::string("\"'\t=cmd\""));
        QCOMPARE(csvField("\r@SUM(A1)", true), std::string("\"'\r@SUM(A1)\""));
        QCOMPARE(csvField("  -2+3", true), std::string("'  -2+3"));
        QCOMPARE(csvField("-2", false), std::string("-2"));
        QCOMPARE(csvField("a,\"b\"", true), std::string("\"a,\"\"b\"\"\""));
        QCOMPARE(csvField("a\u2028b", true), std::string("a b"));
    }

    // The example of the report: a plan name that ended the YAML comment and added a ConfigMap.
    void yamlDocumentInjection() const
    {
        HostileNames h;
        QVERIFY(h.ready());
        const std::string name = "x\u2028---\u2028apiVersion: v1\u2028kind: ConfigMap\u2028metadata:\u2028  name: evil";
        for (const GeneratedFile &f : h.files(name)) {
            std::string why;
            QVERIFY2(plainText(f.text, why, f.name == "results.csv"), (f.name + ": " + why).c_str());
            if (f.name.find(".k8s.") != std::string::npos) {
                const auto doc = nlohmann::json::parse(withoutComments(f.text));
                const auto &meta = doc.contains("items") ? doc["items"][0]["metadata"] : doc["metadata"];
                QCOMPARE(meta["annotations"]["gpuplan.org/plan-name"].get<std::string>(), name);
            }
        }
    }

    void thousandHostileNames() const
    {
        HostileNames h;
        QVERIFY(h.ready());
        const std::vector<GeneratedFile> plain = h.files("plain");
        const char *dirEnv = std::getenv("GPUPLAN_HOSTILE_DIR");
        const std::filesystem::path dir = dirEnv ? dirEnv : "";
        auto write = [&](const std::string &sub, const GeneratedFile &f) {
            if (dir.empty())
                return;
            std::filesystem::create_directories(dir / sub);
            std::ofstream(dir / sub / f.name, std::ios::binary) << f.text;
        };
        for (const GeneratedFile &f : plain)
            write("plain", f);
        std::size_t plainRows = 0;
        for (const GeneratedFile &f : plain) {
            CsvTable table;
            std::string error;
            if (f.name == "results.csv" && table.parse(f.text, error))
                plainRows = table.rowCount();
        }
        QVERIFY(plainRows > 100);
        std::mt19937 rng(20261201);
        for (int n = 0; n < kNames; ++n) {
            const std::string name = hostileName(rng);
            const std::vector<GeneratedFile> files = h.files(name);
            QCOMPARE(files.size(), plain.size());
            for (std::size_t i = 0; i < files.size(); ++i) {
                const GeneratedFile &f = files[i];
                const std::string where = "name #" + std::to_string(n) + ", " + f.name;
                std::string why;
                QVERIFY2(plainText(f.text, why, f.name == "results.csv"), (where + ": " + why).c_str());
                // A CSV field may hold a line break inside its quotes: its rows are counted below.
                QVERIFY2(f.name == "results.csv" || lineCount(f.text) == lineCount(plain[i].text), where.c_str());
                if (f.name.find(".k8s.") != std::string::npos || f.name.find("deepspeed") != std::string::npos) {
                    const auto doc = nlohmann::json::parse(withoutComments(f.text), nullptr, false);
                    QVERIFY2(!doc.is_discarded(), where.c_str());
                    if (f.name.find(".k8s.") != std::string::npos && isValidUtf8(name)) {
                        const auto &meta = doc.contains("items") ? doc["items"][0]["metadata"] : doc["metadata"];
                        QVERIFY2(meta["annotations"]["gpuplan.org/plan-name"].get<std::string>() == name, where.c_str());
                    }
                }
                if (f.name == "results.csv") {
                    CsvTable table;
                    std::string error;
                    QVERIFY2(table.parse(f.text, error), (where + ": " + error).c_str());
                    QCOMPARE(table.header().size(), std::size_t(4));
                    QCOMPARE(table.rowCount(), plainRows);
                    for (std::size_t row = 0; row < table.rowCount(); ++row) {
                        if (table.cell(row, "section") == "plan" && table.cell(row, "name") == "name")
                            QVERIFY2(std::string_view("=+-@").find(table.cell(row, "value").substr(0, 1)) ==
                                             std::string_view::npos || table.cell(row, "value").empty(),
                                     where.c_str());
                    }
                }
                write("n" + std::to_string(n), f);
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestHostileNames)
#include "tst_hostilenames.moc"
