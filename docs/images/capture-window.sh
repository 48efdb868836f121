#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerates docs/images/main-window.png as a desktop shows the window: with the window manager's
# title bar, the application icon and the window title. `gpuplan --screenshot` renders the window's
# contents only (no frame); the other README images come from it.
#
# Needs: xvfb, openbox, x11-apps (xwd), x11-utils (xwininfo), imagemagick.
# Usage: docs/images/capture-window.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
app="$build/app/gpuplan/gpuplan"
[ -x "$app" ] || { echo "capture-window: $app not built" >&2; exit 1; }
for tool in Xvfb openbox xwd xwininfo convert; do
    command -v "$tool" >/dev/null || { echo "capture-window: $tool missing (see the header)" >&2; exit 1; }
done

work=$(mktemp -d)
display=:$((90 + RANDOM % 100))
cleanup() { kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"; }
pids=()
trap cleanup EXIT

Xvfb "$display" -screen 0 1700x1100x24 >/dev/null 2>&1 & pids+=($!)
sleep 1
DISPLAY=$display openbox >/dev/null 2>&1 & pids+=($!)
sleep 1
# Fresh settings: the default 1600x1000 window, light theme.
DISPLAY=$display XDG_CONFIG_HOME="$work" HOME="$work" "$app" examples/llama3-70b-training.gpuplan >/dev/null 2>&1 & pids+=($!)
for _ in $(seq 1 60); do
    DISPLAY=$display xwininfo -root -tree 2>/dev/null | grep -q '"llama3-70b-training — gpuplan"' && break
    sleep 0.5
done
sleep 3   # first evaluation and paint
DISPLAY=$display xwd -root -silent > "$work/root.xwd"
# The root window is black around the framed window: trim it away.
convert "xwd:$work/root.xwd" -trim +repage docs/images/main-window.png
echo "wrote docs/images/main-window.png"
