#!/usr/bin/env bash
# Makes docs/perf-report.png, the README's picture of the HTML report: two short real runs on a
# synthetic bundle (the second with one thread and a longer prompt), drawn by `winml perf report`,
# captured by headless Chromium. Usage: scripts/report-screenshot.sh [BUILD_DIR] (default build-ci).
set -euo pipefail
cd "$(dirname "$0")/.."
winml="${1:-build-ci}/bin/winml"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export WINML_CACHE_DIR="$work/cache"
"$winml" bundle synth -q -o "$work/bundle"
"$winml" perf -q -m "$work/bundle" --iterations 20 --warmup 2 -n 64 -o "$work/default.json" >/dev/null
"$winml" perf -q -m "$work/bundle" --iterations 20 --warmup 2 -n 64 --threads 1 --prompt-tokens 128 \
  -o "$work/threads1.json" >/dev/null
"$winml" perf report "$work/default.json" "$work/threads1.json" -o "$work/report.html"
sandbox=()
[[ $(id -u) -eq 0 ]] && sandbox=(--no-sandbox)
timeout --kill-after=5 120 chromium --headless --disable-gpu --disable-dev-shm-usage --no-first-run \
  --hide-scrollbars "${sandbox[@]}" --user-data-dir="$work/profile" --window-size=1100,1500 \
  --screenshot="$PWD/docs/perf-report.png" "file://$work/report.html" 2>/dev/null
ls -l docs/perf-report.png
