#!/usr/bin/env bash
# Builds the asan preset (clang, AddressSanitizer + UndefinedBehaviorSanitizer on all of winml,
# the engine plugin and the compile worker included; the libFuzzer targets too) in build-asan/
# and runs the whole test suite under it: unit tests, end-to-end tests with the real ONNX Runtime
# and GenAI (prebuilt, so not instrumented themselves), and a replay of each fuzz seed corpus.
# Extra arguments go to ctest (e.g. -R Pattern). Fails when any process wrote a sanitizer report.
set -euo pipefail
cd "$(dirname "$0")/.."
# The asan preset builds the tests too, with clang.
scripts/setup.sh build tests sanitizers
export SANITIZER_LOG_DIR="$PWD/build-asan/sanitizer-reports"
# The ONNX Runtime and GenAI NuGet packages the ci preset already restored serve this build too.
nuget=()
if [[ -d build-ci/_nuget ]]; then nuget=(-DWINML_NUGET_PACKAGES_DIR="$PWD/build-ci/_nuget"); fi
cmake --preset asan "${nuget[@]}" >/dev/null
cmake --build --preset asan -j"$(nproc)"
rm -rf "$SANITIZER_LOG_DIR"
# shellcheck source=scripts/sanitizer-env.sh
source scripts/sanitizer-env.sh
status=0
ctest --preset asan -j"$(nproc)" "$@" || status=$?
shopt -s nullglob
reports=()
for report in "$SANITIZER_LOG_DIR"/*; do
  # LeakSanitizer writes "Unable to get registers from thread N" when a thread exits while it
  # stops the world for the exit-time leak scan; that is a note about its own scan, not a
  # finding, so a file holding nothing else does not fail the run (it is still shown).
  if ! grep -qv 'Unable to get registers from thread' "$report"; then
    echo "note: LeakSanitizer scan note in $report: $(head -1 "$report")" >&2
    continue
  fi
  reports+=("$report")
done
if ((${#reports[@]})); then
  echo "error: ${#reports[@]} sanitizer report(s) from the asan test run:" >&2
  for report in "${reports[@]}"; do
    echo "==== $report" >&2
    cat "$report" >&2
  done
  status=1
fi
exit "$status"
