// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

#include <string>
#include <vector>

// The numbers the lessons on precision, data parallelism, Tensor Cores, GPU value and model
// accuracy show next to their text (ui/teaching/LessonsHardware.cpp), computed from the catalog,
// the plan and its evaluation so that they follow the reader's edits. Built on demand, outside
// the evaluation path.
namespace gpuplan {

// A binary floating-point format with a sign bit, `exponentBits` (bias 2^(e-1) - 1, the top
// exponent reserved for inf/NaN) and `mantissaBits` stored fraction bits: FP16 is 5 and 10,
// BF16 8 and 7 (FP32's exponent with its fraction cut to 7 bits). The limits follow from the
// bit counts alone.
struct FloatFormatRange
{
    int exponentBits = 0;
    int mantissaBits = 0;
    double maxFinite = 0;      // (2 - 2^-m) · 2^bias
    double minNormal = 0;      // 2^(1 - bias)
    double minSubnormal = 0;   // 2^(1 - bias - m): below it a value rounds to zero
    double epsilon = 0;        // 2^-m: the relative spacing of neighbouring values
};
FloatFormatRange floatFormatRange(int exponentBits, int mantissaBits);
FloatFormatRange fp16Range();
FloatFormatRange bf16Range();

// Bytes one step moves for data parallelism on n GPUs of one node with W bytes of weights and G
// bytes of gradients. torch.nn.DataParallel is one process: every step it copies the weights
// from GPU 0 to the other n - 1 and sums their gradients back on GPU 0, so GPU 0's link carries
// (n - 1)·(W + G). DistributedDataParallel runs one process per GPU and all-reduces the
// gradients in a ring: 2·(n - 1)/n · G per GPU (docs/formulas.md, collectives table), the same
// for every GPU and nearly independent of n.
struct DataParallelTraffic
{
    int gpus = 0;
    double weightBytes = 0;
    double gradientBytes = 0;
    double dataParallelGpu0Bytes = 0;   // through GPU 0 per step
    double ddpPerGpuBytes = 0;          // through each GPU per step
    double ratio() const { return ddpPerGpuBytes > 0 ? dataParallelGpu0Bytes / ddpPerGpuBytes : 0; }
};
DataParallelTraffic dataParallelTraffic(double weightBytes, double gradientBytes, int gpus);

// The two peaks of a GPU the catalog holds: FP32 on the CUDA (vector) cores and the dense
// Tensor Core (matrix) rate of a 16-bit format, with their sources (catalogs/gpus.json).
struct CorePeaks
{
    double fp32Flops = 0;          // tflops.fp32
    double tensor16Flops = 0;      // tflops.bf16, or tflops.fp16 where the GPU has no BF16
    bool tensorIsBf16 = true;
    double tf32Flops = 0;          // tflops.tf32: FP32 inputs on the Tensor Cores (0 = none)
    std::string fp32Source;
    std::string tensorSource;
    double ratio() const { return fp32Flops > 0 ? tensor16Flops / fp32Flops : 0; }
};
CorePeaks corePeaks(const GpuSpec &gpu);

// MFU is measured against the peak of the compute precision, so an FP32 or TF32 step on a GPU whose
// Tensor Cores run 16-bit formats faster shows a higher MFU than BF16 although it is slower. The
// same achieved FLOP/s against the 16-bit Tensor Core peak: 0 when the compute precision's own peak
// is that peak or above (BF16, FP16, FP8), or the GPU has none.
double mfuAgainstTensor16Peak(const GpuSpec &gpu, Dtype compute, double mfu);

// Training compute of the plan, C = 6·N·D (Kaplan et al. 2020; docs/formulas.md): the same on any
// hardware, which changes only how long it takes and what it costs.
double trainingFlops(const ResolvedPlan &plan);

// One GPU of the catalog bought for the plan's training run: the cheapest way to finish it within
// the plan's own time to train with failures, as gpuplan-cli procure finds it (GPU counts × the
// fastest layout at each; cash over the run of buying, capex + operations − resale).
struct GpuValue
{
    std::string gpu;               // catalog id
    std::string name;
    double priceUsd = 0;           // per GPU (catalog)
    int numGpus = 0;
    double cashUsd = 0;            // the run's cash
    double usdPerMillionTokens = 0;
    double timeToTrainDays = 0;
};

// Every priced catalog GPU that can run the plan's workload, cheapest per trained token first.
// Empty when the plan is not a training plan. Runs procure(): a fraction of a second.
std::vector<GpuValue> gpuValueForPlan(const ResolvedPlan &plan, const Evaluation &evaluation,
                                      const Catalog &catalog);

} // namespace gpuplan
