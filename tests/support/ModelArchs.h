// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Model architectures built by hand from their published config.json, shared by the core tests
// that pin counts and memory to those sources (no catalog involved, so a catalog edit cannot move
// a pin). A test changes a copy for the variant it checks.
#include "plan/Plan.h"

namespace gpuplan::test {

// A Llama-style dense decoder: SwiGLU MLP, RMSNorm, untied embeddings.
inline ModelArch denseArch(int layers, int hidden, int heads, int kvHeads, int ffn, int vocab)
{
    ModelArch a;
    a.layers = layers;
    a.hidden = hidden;
    a.heads = heads;
    a.kvHeads = kvHeads;
    a.ffnHidden = ffn;
    a.gatedMlp = true;
    a.vocab = vocab;
    a.norm = NormKind::RmsNorm;
    a.tiedEmbeddings = false;
    return a;
}

// Mixtral 8x7B (arXiv 2401.04088, config.json): Mistral-7B's shape with 8 experts, top-2.
inline ModelArch mixtral8x7bArch()
{
    ModelArch a = denseArch(32, 4096, 32, 8, 14336, 32000);
    a.moeExperts = 8;
    a.moeTopK = 2;
    return a;
}

// DeepSeek-V3 (arXiv 2412.19437, config.json) without its MTP module: MLA, 256 routed experts
// top-8 of f_e 2048, one shared expert, the first 3 of 61 layers dense.
inline ModelArch deepSeekV3Arch()
{
    ModelArch a = denseArch(61, 7168, 128, 128, 18432, 129280);
    a.moeExperts = 256;
    a.moeTopK = 8;
    a.moeSharedExperts = 1;
    a.moeFfnHidden = 2048;
    a.moeDenseLayers = 3;
    a.mlaQLoraRank = 1536;
    a.mlaKvLoraRank = 512;
    a.mlaQkNopeDim = 128;
    a.mlaQkRopeDim = 64;
    a.mlaVDim = 128;
    return a;
}

} // namespace gpuplan::test
