#!/usr/bin/env bash
# Ctrl-C on the Windows build, under wine: wine turns SIGINT to a Windows process into
# CTRL_C_EVENT and runs its console handlers, the path a Ctrl-C in a Windows console takes.
# A `perf --duration 60` run interrupted after its model loaded takes the first Ctrl-C as a stop
# request, as on Linux: it stops after the iteration in progress, writes the report of what
# finished (marked "interrupted") and exits 130, leaving no temporary file. (A second Ctrl-C ends
# it with STATUS_CONTROL_C_EXIT; the platform tests check that handler's choice.)
#   ctrl_c_under_wine.sh WINE WINML_EXE BUNDLE_DIR
set -euo pipefail
wine=$1 winml=$2 bundle=$3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$wine" "$winml" perf -q --no-color -m "$(winepath -w "$bundle")" --duration 60 --warmup 0 -n 4 \
  --no-bandwidth-probe -o "$(winepath -w "$scratch")\\report.json" >"$scratch/output.txt" 2>&1 &
pid=$!
sleep 8  # wine's start and the tiny bundle's load take a few seconds on a loaded machine
if ! kill -0 "$pid" 2>/dev/null; then
  echo "FAIL: winml ended before the interrupt:" >&2
  cat "$scratch/output.txt" >&2
  exit 1
fi
start=$SECONDS
kill -INT "$pid"
status=0
wait "$pid" || status=$?
took=$((SECONDS - start))
failed=0
if ((status != 130)); then
  echo "FAIL: exit status $status, expected 130 (an interrupted run's report written)" >&2
  cat "$scratch/output.txt" >&2
  failed=1
fi
if ((took > 10)); then
  echo "FAIL: winml took ${took} s to stop after Ctrl-C" >&2
  failed=1
fi
if ! grep -q '"interrupted"' "$scratch/report.json" 2>/dev/null; then
  echo "FAIL: no report marked \"interrupted\" at $scratch/report.json" >&2
  failed=1
fi
left=$(find "$scratch" -mindepth 1 -name '*.tmp-*')
if [[ -n $left ]]; then
  echo "FAIL: an interrupted run left temporary files behind: $left" >&2
  failed=1
fi
((failed == 0)) && echo "winml stopped ${took} s after Ctrl-C, wrote the report of what finished and exited 130"
exit "$failed"
