// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/ValidationReport.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>

namespace gpuplan {

double absolutePercentError(const ValidationRow &row)
{
    if (!row.hasMeasured || row.measured == 0.0)
        return 0.0;
    return std::fabs(row.predicted - row.measured) / std::fabs(row.measured) * 100.0;
}

ErrorStats computeStats(const std::vector<const ValidationRow *> &rows)
{
    ErrorStats s;
    std::vector<double> apes;
    double signedSum = 0;
    for (const ValidationRow *r : rows) {
        ++s.rows;
        if (!r->skipped.empty()) {
            ++s.skipped;
            continue;
        }
        ++s.predicted;
        if (!r->hasMeasured || r->measured == 0.0)
            continue;
        apes.push_back(absolutePercentError(*r));
        signedSum += (r->predicted - r->measured) / std::fabs(r->measured) * 100.0;
    }
    s.compared = static_cast<int>(apes.size());
    if (!apes.empty()) {
        s.mape = std::accumulate(apes.begin(), apes.end(), 0.0) / apes.size();
        s.maxApe = *std::max_element(apes.begin(), apes.end());
        s.meanSignedPe = signedSum / apes.size();
        std::sort(apes.begin(), apes.end());
        const std::size_t n = apes.size();
        s.medianApe = n % 2 ? apes[n / 2] : 0.5 * (apes[n / 2 - 1] + apes[n / 2]);
    }
    return s;
}

namespace {

std::vector<double> ranks(const std::vector<double> &v)
{
    std::vector<std::size_t> idx(v.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> r(v.size());
    for (std::size_t i = 0; i < idx.size();) {
        std::size_t j = i;
        while (j + 1 < idx.size() && v[idx[j + 1]] == v[idx[i]])
            ++j;
        const double avg = 0.5 * (static_cast<double>(i) + static_cast<double>(j)) + 1.0;
        for (std::size_t k = i; k <= j; ++k)
            r[idx[k]] = avg;
        i = j + 1;
    }
    return r;
}

nlohmann::json statsJson(const ErrorStats &s)
{
    return {{"rows", s.rows},           {"predicted", s.predicted}, {"skipped", s.skipped},
            {"compared", s.compared},   {"mape", s.mape},           {"median_ape", s.medianApe},
            {"max_ape", s.maxApe},      {"mean_signed_pe", s.meanSignedPe}};
}

} // namespace

double spearman(const std::vector<double> &a, const std::vector<double> &b)
{
    if (a.size() != b.size() || a.size() < 3)
        return 0.0;
    const std::vector<double> ra = ranks(a), rb = ranks(b);
    const double n = static_cast<double>(a.size());
    const double ma = std::accumulate(ra.begin(), ra.end(), 0.0) / n;
    const double mb = std::accumulate(rb.begin(), rb.end(), 0.0) / n;
    double num = 0, da = 0, db = 0;
    for (std::size_t i = 0; i < ra.size(); ++i) {
        num += (ra[i] - ma) * (rb[i] - mb);
        da += (ra[i] - ma) * (ra[i] - ma);
        db += (rb[i] - mb) * (rb[i] - mb);
    }
    if (da <= 0 || db <= 0)
        return 0.0;
    return num / std::sqrt(da * db);
}

std::string sourceOfId(const std::string &id)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t dash = id.find('-', start);
        parts.push_back(id.substr(start, dash == std::string::npos ? std::string::npos : dash - start));
        if (dash == std::string::npos)
            break;
        start = dash + 1;
    }
    auto allDigits = [](const std::string &s) {
        return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    while (parts.size() > 1 && allDigits(parts.back()))
        parts.pop_back();
    std::string last = parts.back();
    // Only an id without a dash carries its number glued on ("LF001"); in "MEG24-01" the
    // digits name the source (MEG21, MEG22, MEG24 are different publications).
    if (parts.size() == 1 && id.find('-') == std::string::npos) {
        while (last.size() > 1 && last.back() >= '0' && last.back() <= '9')
            last.pop_back();
        parts.back() = last;
    }
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i)
        out += (i ? "-" : "") + parts[i];
    return out;
}

namespace {

struct Slices
{
    std::map<std::string, std::vector<const ValidationRow *>> byMetric;
    std::map<std::string, std::vector<const ValidationRow *>> bySource;
    std::map<std::string, std::vector<const ValidationRow *>> byGroup;   // key: metric + " | " + group
    std::vector<const ValidationRow *> all;
};

Slices slice(const ValidationReport &report)
{
    Slices s;
    for (const ValidationRow &r : report.rows) {
        s.all.push_back(&r);
        s.byMetric[r.metric.empty() ? "(skipped)" : r.metric].push_back(&r);
        s.bySource[sourceOfId(r.id)].push_back(&r);
        if (!r.group.empty() && r.skipped.empty() && r.hasMeasured)
            s.byGroup[r.metric + " | " + r.group].push_back(&r);
    }
    return s;
}

double groupSpearman(const std::vector<const ValidationRow *> &rows)
{
    std::vector<double> p, m;
    for (const ValidationRow *r : rows) {
        p.push_back(r->predicted);
        m.push_back(r->measured);
    }
    return spearman(p, m);
}

} // namespace

nlohmann::json reportToJson(const ValidationReport &report)
{
    nlohmann::json rows = nlohmann::json::array();
    for (const ValidationRow &r : report.rows) {
        if (!r.skipped.empty()) {
            rows.push_back({{"id", r.id}, {"skipped", r.skipped}});
            continue;
        }
        nlohmann::json o = {{"id", r.id}, {"metric", r.metric}, {"predicted", r.predicted}};
        o["measured"] = r.hasMeasured ? nlohmann::json(r.measured) : nlohmann::json(nullptr);
        if (!r.group.empty())
            o["group"] = r.group;
        if (!r.defaults.empty())
            o["defaults"] = r.defaults;
        if (!r.note.empty())
            o["note"] = r.note;
        rows.push_back(std::move(o));
    }
    const Slices s = slice(report);
    nlohmann::json summary = statsJson(computeStats(s.all));
    nlohmann::json byMetric = nlohmann::json::object();
    for (const auto &[metric, rs] : s.byMetric)
        byMetric[metric] = statsJson(computeStats(rs));
    nlohmann::json bySource = nlohmann::json::object();
    for (const auto &[source, rs] : s.bySource)
        bySource[source] = statsJson(computeStats(rs));
    nlohmann::json byGroup = nlohmann::json::object();
    for (const auto &[group, rs] : s.byGroup) {
        nlohmann::json g = statsJson(computeStats(rs));
        g["spearman"] = groupSpearman(rs);
        byGroup[group] = std::move(g);
    }
    // Worst rows, largest error first.
    std::vector<const ValidationRow *> compared;
    for (const ValidationRow *r : s.all) {
        if (r->skipped.empty() && r->hasMeasured && r->measured != 0.0)
            compared.push_back(r);
    }
    std::sort(compared.begin(), compared.end(), [](const ValidationRow *a, const ValidationRow *b) {
        return absolutePercentError(*a) > absolutePercentError(*b);
    });
    nlohmann::json worst = nlohmann::json::array();
    for (std::size_t i = 0; i < compared.size() && i < 10; ++i)
        worst.push_back({{"id", compared[i]->id}, {"metric", compared[i]->metric}, {"ape", absolutePercentError(*compared[i])}});
    summary["worst"] = std::move(worst);
    summary["by_metric"] = std::move(byMetric);
    summary["by_source"] = std::move(bySource);
    if (!byGroup.empty())
        summary["by_group"] = std::move(byGroup);
    return {{"kind", report.kind}, {"rows", std::move(rows)}, {"summary", std::move(summary)}};
}

std::string reportToText(const ValidationReport &report, int worstRows)
{
    std::string out;
    char buf[256];
    std::snprintf(buf, sizeof buf, "%-22s %-30s %14s %14s %8s\n", "id", "metric", "predicted", "measured", "error");
    out += buf;
    for (const ValidationRow &r : report.rows) {
        if (!r.skipped.empty()) {
            std::snprintf(buf, sizeof buf, "%-22s skipped: %s\n", r.id.c_str(), r.skipped.c_str());
            out += buf;
            continue;
        }
        if (r.hasMeasured)
            std::snprintf(buf, sizeof buf, "%-22s %-30s %14.4g %14.4g %+7.1f%%\n", r.id.c_str(), r.metric.c_str(),
                          r.predicted, r.measured, (r.predicted - r.measured) / std::fabs(r.measured == 0 ? 1 : r.measured) * 100);
        else
            std::snprintf(buf, sizeof buf, "%-22s %-30s %14.4g %14s\n", r.id.c_str(), r.metric.c_str(), r.predicted, "-");
        out += buf;
        if (!r.defaults.empty())
            out += "    defaults: " + r.defaults + "\n";
        if (!r.note.empty())
            out += "    note: " + r.note + "\n";
    }
    const Slices s = slice(report);
    auto line = [&](const std::string &label, const ErrorStats &st) {
        std::snprintf(buf, sizeof buf, "  %-28s n=%-5d skipped=%-4d MAPE %6.2f%%  median %6.2f%%  max %7.2f%%  bias %+6.2f%%\n",
                      label.c_str(), st.compared, st.skipped, st.mape, st.medianApe, st.maxApe, st.meanSignedPe);
        out += buf;
    };
    out += "\nSummary (" + report.kind + ")\n";
    line("all", computeStats(s.all));
    for (const auto &[metric, rs] : s.byMetric)
        line("metric " + metric, computeStats(rs));
    for (const auto &[source, rs] : s.bySource)
        line("source " + source, computeStats(rs));
    for (const auto &[group, rs] : s.byGroup) {
        // A rank correlation of fewer than three rows says nothing; it is not printed as 0.
        if (rs.size() < 3)
            std::snprintf(buf, sizeof buf, "  %-28s n=%-5zu Spearman -  (fewer than 3 rows)\n", ("group " + group).c_str(), rs.size());
        else
            std::snprintf(buf, sizeof buf, "  %-28s n=%-5zu Spearman %.3f\n", ("group " + group).c_str(), rs.size(), groupSpearman(rs));
        out += buf;
    }
    std::vector<const ValidationRow *> compared;
    for (const ValidationRow *r : s.all) {
        if (r->skipped.empty() && r->hasMeasured && r->measured != 0.0)
            compared.push_back(r);
    }
    std::sort(compared.begin(), compared.end(), [](const ValidationRow *a, const ValidationRow *b) {
        return absolutePercentError(*a) > absolutePercentError(*b);
    });
    if (!compared.empty() && worstRows > 0) {
        out += "Worst rows:\n";
        for (std::size_t i = 0; i < compared.size() && static_cast<int>(i) < worstRows; ++i) {
            std::snprintf(buf, sizeof buf, "  %-22s %-30s %+7.1f%%\n", compared[i]->id.c_str(), compared[i]->metric.c_str(),
                          (compared[i]->predicted - compared[i]->measured) / std::fabs(compared[i]->measured) * 100);
            out += buf;
        }
    }
    return out;
}

} // namespace gpuplan
