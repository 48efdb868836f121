#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (docs/robustness.md).
#   .ci/sanitize.sh            configure, build and run everything in build-asan
#   .ci/sanitize.sh -R planio  only the tests matching a ctest pattern
# Any sanitizer report aborts the test that caused it, so a clean run is one with no failed test.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${GPUPLAN_ASAN_DIR:-build-asan}
jobs=${GPUPLAN_JOBS:-$(nproc)}
# -O1 -g1: quicker to compile than -O2 -g, line numbers in reports, and no
# -DNDEBUG, so assertions stay on.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGPUPLAN_SANITIZE=ON \
      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1"
cmake --build "$build" -j"$jobs"

export QT_QPA_PLATFORM=offscreen
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
chmod 700 "$XDG_RUNTIME_DIR"
# abort_on_error: a report fails the test; detect_leaks: leaks count too, except those in the
# system libraries listed in .ci/lsan.supp (fontconfig and friends keep caches until exit).
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:check_initialization_order=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/.ci/lsan.supp:print_suppressions=0
ctest --test-dir "$build" --output-on-failure -j"$jobs" "$@"
