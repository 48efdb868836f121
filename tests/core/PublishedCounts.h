// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A model's counted parameters against the figures its preset cites (published_params,
// published_active_params): within 0.5% plus the step the figures are rounded to ("70B": 1e9),
// counted the way the figures count (published_excludes). Used by the catalog data test (every
// preset) and the importer test (every example config against its preset's figures).
#include "catalog/ModelPreset.h"
#include "model/ModelShape.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace gpuplan::test {

struct PublishedCheck
{
    double total = 0;    // counted as the published total counts
    double active = 0;   // counted as the published active count counts (MoE)
    bool totalOk = false;
    bool activeOk = true;
    std::string text;
};

inline bool excludes(const ModelPreset &m, const char *part)
{
    return std::find(m.publishedExcludes.begin(), m.publishedExcludes.end(), part) != m.publishedExcludes.end();
}

inline PublishedCheck checkPublished(const ModelPreset &m, const ModelArch &arch)
{
    PublishedCheck c;
    const ModelShape s = computeModelShape(arch, m.defaultSeqLen > 0 ? m.defaultSeqLen : 4096);
    c.total = s.totalParams - (excludes(m, "mtp") ? s.mtpParams : 0.0);
    const double p = m.publishedParams;
    const double tolerance = 0.005 * p + m.publishedStep;
    // A published total with a vision encoder the preset does not model: the text model is the
    // larger part of it, never more than it.
    c.totalOk = excludes(m, "vision_encoder") ? c.total >= 0.95 * p && c.total <= p + tolerance
                                              : std::fabs(c.total - p) <= tolerance;
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s: counted %.4gB, published %.4gB", m.id.c_str(), c.total / 1e9, p / 1e9);
    c.text = buf;
    if (m.publishedActiveParams > 0) {
        c.active = s.activeParams - (excludes(m, "input_embedding") ? s.embeddingParams : 0.0) -
                   (excludes(m, "output_layer") ? s.outputParams : 0.0);
        const double a = m.publishedActiveParams;
        const double step = m.publishedActiveStep > 0 ? m.publishedActiveStep : m.publishedStep;
        c.activeOk = std::fabs(c.active - a) <= 0.005 * a + step;
        std::snprintf(buf, sizeof buf, "; active counted %.4gB, published %.4gB", c.active / 1e9, a / 1e9);
        c.text += buf;
    }
    return c;
}

} // namespace gpuplan::test
