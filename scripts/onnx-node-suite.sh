#!/usr/bin/env bash
# Runs every model of the ONNX backend node test suite (Debian's libonnx-testdata) through
# `winml perf --input-data <test folder> --validate` and sorts the outcomes:
#   validated  - ran, and every output of every data set matched (exit 0)
#   mismatch   - ran, but an output did not match (exit 3)
#   ort-load   - ONNX Runtime itself refused the model (exit 1, "ONNX Runtime could not load" in the message)
#   failed     - anything else (a bug of ours or an ONNX Runtime run failure): listed with its message
# Usage: scripts/onnx-node-suite.sh [WINML] [OUT_DIR]   (JOBS=2 by default; SUITE to override the data)
set -euo pipefail

winml=$(realpath "${1:-build-ci/bin/winml}")
out=$(realpath -m "${2:-onnx-node-suite}")
suite=${SUITE:-/usr/share/libonnx-testdata/data/node}
jobs=${JOBS:-2}
if [[ ! -d $suite ]]; then
  echo "error: $suite not found. Install the ONNX test data: apt-get install libonnx-testdata" >&2
  exit 2
fi
mkdir -p "$out/logs" "$out/reports"

run_one() {
  local winml=$1 out=$2 dir=$3 name
  name=$(basename "$dir")
  local code=0
  "$winml" perf -m "$dir/model.onnx" --input-data "$dir" --validate --iterations 3 --warmup 1 -q \
    -o "$out/reports/$name.json" --overwrite >"$out/logs/$name.out" 2>"$out/logs/$name.err" || code=$?
  local outcome=failed
  if [[ $code == 0 ]]; then
    outcome=validated
  elif [[ $code == 3 ]]; then
    outcome=mismatch
  elif [[ $code == 1 ]] && grep -q "ONNX Runtime could not load" "$out/logs/$name.err"; then
    outcome=ort-load
  fi
  local why
  why=$(grep -m1 '^error:' "$out/logs/$name.err" | cut -c1-300 || true)
  printf '%s\t%s\t%s\t%s\n' "$name" "$outcome" "$code" "$why"
}
export -f run_one

find "$suite" -mindepth 1 -maxdepth 1 -type d | sort |
  xargs -P "$jobs" -I{} bash -c 'run_one "$@"' _ "$winml" "$out" {} | sort >"$out/results.tsv"

total=$(wc -l <"$out/results.tsv")
echo "models: $total"
cut -f2 "$out/results.tsv" | sort | uniq -c | sort -rn
echo
echo "not validated, not refused by ONNX Runtime:"
awk -F'\t' '$2 == "mismatch" || $2 == "failed" {print "  " $1 " (" $2 "): " $4}' "$out/results.tsv"
