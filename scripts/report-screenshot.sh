#!/usr/bin/env bash
# Makes docs/perf-report.png, the README's picture of the HTML report: short real runs on the
# bench preset of `winml bundle synth` (about 483 M parameters) at three prompt lengths, drawn by
# `winml perf report`, captured by headless Chromium.
# Usage: scripts/report-screenshot.sh [BUILD_DIR] (default build-ci). Needs about 2 GB of disk.
set -euo pipefail
cd "$(dirname "$0")/.."
winml="${1:-build-ci}/bin/winml"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export WINML_CACHE_DIR="$work/cache"
"$winml" bundle synth -q --preset bench -o "$work/bench"
reports=()
for prompt in 32 64 128; do
  "$winml" perf -q -m "$work/bench" --iterations 5 --warmup 1 -n 24 --prompt-tokens "$prompt" \
    -o "$work/prompt-$prompt.json" >/dev/null
  reports+=("$work/prompt-$prompt.json")
done
"$winml" perf report "${reports[@]}" -o "$work/report.html"
sandbox=()
[[ $(id -u) -eq 0 ]] && sandbox=(--no-sandbox)
timeout --kill-after=5 120 chromium --headless --disable-gpu --disable-dev-shm-usage --no-first-run \
  --hide-scrollbars "${sandbox[@]}" --user-data-dir="$work/profile" --window-size=1200,2700 \
  --screenshot="$PWD/docs/perf-report.png" "file://$work/report.html" 2>/dev/null
ls -l docs/perf-report.png
