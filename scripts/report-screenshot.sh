#!/usr/bin/env bash
# Makes docs/perf-report.png, the README's picture of the HTML report: a short real sweep of three
# prompt lengths on the bench preset of `winml bundle synth` (about 483 M parameters, fp32), its
# page written by `winml perf --html`, captured by headless Chromium.
# Usage: scripts/report-screenshot.sh [BUILD_DIR] (default build-ci). Needs about 2 GB of disk.
set -euo pipefail
cd "$(dirname "$0")/.."
winml="${1:-build-ci}/bin/winml"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export WINML_CACHE_DIR="$work/cache"
"$winml" bundle synth -q --preset bench -o "$work/bench"
"$winml" perf -q -m "$work/bench" --iterations 5 --warmup 1 -n 24 --prompt-tokens 32,64,128 \
  -o "$work/sweep.json" --html "$work/report.html" >/dev/null
sandbox=()
[[ $(id -u) -eq 0 ]] && sandbox=(--no-sandbox)
timeout --kill-after=5 120 chromium --headless --disable-gpu --disable-dev-shm-usage --no-first-run \
  --hide-scrollbars "${sandbox[@]}" --user-data-dir="$work/profile" --window-size=1200,3020 \
  --screenshot="$PWD/docs/perf-report.png" "file://$work/report.html" 2>/dev/null
ls -l docs/perf-report.png
