#!/usr/bin/env bash
# Runs each libFuzzer target of the asan build (fuzz/) for a bounded time from its committed seed
# corpus, and prints executions per target. New inputs go to a scratch corpus in build-asan/, so
# the committed corpus only changes by hand (reproducers of fixed bugs are added there).
#   fuzz.sh [SECONDS_PER_TARGET (default 60)]
# A crash, sanitizer report or failed property stops the run; the input is saved under
# build-asan/fuzz-artifacts/ and replayed with: build-asan/bin/TARGET FILE
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh sanitizers  # llvm-symbolizer, for the stack of a finding
seconds=${1:-60}
targets=(genai_config_fuzzer tensor_proto_fuzzer cli_args_fuzzer perf_report_fuzzer prompt_fuzzer)
# shellcheck source=scripts/sanitizer-env.sh
source scripts/sanitizer-env.sh
artifacts=build-asan/fuzz-artifacts
mkdir -p "$artifacts"
summary=()
for target in "${targets[@]}"; do
  binary=build-asan/bin/$target
  [[ -x $binary ]] || { echo "error: $binary is missing; build the asan preset first (scripts/test-sanitizers.sh)" >&2; exit 1; }
  scratch=build-asan/fuzz-corpus/$target
  mkdir -p "$scratch"
  log=build-asan/fuzz-$target.log
  echo "fuzz: $target for ${seconds}s"
  status=0
  # A fixed seed makes CI's run the same mutation sequence each time (a slower machine just stops
  # earlier in it), so a submission cannot fail on a finding that an earlier run could not see.
  # Explore further by hand with another -seed or a longer time.
  "$binary" -seed=1 -max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$target-" "$scratch" "fuzz/corpus/$target" >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if ((status != 0)); then
    tail -n 60 "$log" >&2
    echo "error: $target failed (exit $status) after ${runs:-?} executions; reproducer in $artifacts/" >&2
    exit 1
  fi
  summary+=("$target: ${runs} executions in ${seconds}s, corpus $(find "$scratch" "fuzz/corpus/$target" -type f | wc -l) inputs")
done
printf 'fuzz: %s\n' "${summary[@]}"
