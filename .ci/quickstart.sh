#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Quick start for a fresh Debian 12 machine (run as root):
#   .ci/quickstart.sh app    install what is missing, build, start gpuplan on an example plan
#   .ci/quickstart.sh test   install what is missing, build, run the whole test suite
#   .ci/quickstart.sh deb    install what is missing, build, write the Debian package to build/
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-}
case "$mode" in
  app|test|deb) ;;
  *) echo "usage: $0 app|test|deb" >&2; exit 2 ;;
esac

packages=(g++ cmake ninja-build qt6-base-dev qt6-svg-dev libqcustomplot-dev nlohmann-json3-dev
          xvfb xauth poppler-utils fonts-dejavu-core clang libclang-rt-14-dev
          librsvg2-bin dpkg-dev file man-db desktop-file-utils appstream libxml2-utils shared-mime-info lintian
          python3-yaml)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

build=${GPUPLAN_BUILD_DIR:-build}
jobs=$(nproc)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" -j"$jobs"

if [ "$mode" = app ]; then
  plan=examples/llama3-70b-training.gpuplan
  if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "No display: writing a screenshot of the main window to $build/gpuplan.png instead."
    exec "$build/app/gpuplan/gpuplan" --screenshot "$build/gpuplan.png" "$plan"
  fi
  exec "$build/app/gpuplan/gpuplan" "$plan"
fi

if [ "$mode" = deb ]; then
  (cd "$build" && cpack -G DEB)
  ls "$build"/gpuplan_*.deb
  exit 0
fi

export QT_QPA_PLATFORM=offscreen
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
chmod 700 "$XDG_RUNTIME_DIR"
ctest --test-dir "$build" --output-on-failure -j"$jobs"

# libFuzzer smoke runs (docs/robustness.md): a second, clang-built tree with only the fuzz targets;
# each replays its corpus and fuzzes for GPUPLAN_FUZZ_SMOKE_SECONDS (25 s).
if command -v clang++ >/dev/null 2>&1; then
  fuzz="${build}-libfuzzer"
  cmake -S . -B "$fuzz" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
        -DGPUPLAN_FUZZ=ON -DGPUPLAN_BUILD_GUI=OFF
  cmake --build "$fuzz" -j"$jobs" --target gpuplan_fuzzers
  ctest --test-dir "$fuzz" -L fuzz --output-on-failure
fi

# ThreadSanitizer smoke (docs/robustness.md): a core+CLI tree instrumented for data races, running
# only the tests whose code starts threads of its own (label "tsan").
tsan="${build}-tsan"
cmake -S . -B "$tsan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGPUPLAN_TSAN=ON -DGPUPLAN_BUILD_GUI=OFF
cmake --build "$tsan" -j"$jobs" --target gpuplan_tsan_smoke
ctest --test-dir "$tsan" -L tsan --output-on-failure
