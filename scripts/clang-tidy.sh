#!/usr/bin/env bash
# Runs clang-tidy, with the repository's .clang-tidy, on changed C++ sources:
#   scripts/clang-tidy.sh [FILE...]
# Without arguments: the .cpp files that differ from the merge base with main (committed or not).
# A build folder's compile database carries gcc's flags (-Wno-restrict, ...), which clang-tidy
# stops on, so this configures one of its own with clang++ in build-tidy/ (non-unity, tests,
# benchmarks and fuzz targets included so that every Linux source has an entry) and builds only
# its generated headers, not the code. Sources with no entry (the Win32 files) are skipped and
# named. Any finding fails the run (exit 1). JOBS sets the parallel runs (default: nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-tidy

if (($#)); then
  files=("$@")
else
  base=$(git merge-base HEAD main)
  mapfile -t files < <(git diff --name-only --diff-filter=d "$base" -- '*.cpp' '*.cc')
fi
if ((${#files[@]} == 0)); then
  echo "clang-tidy: no changed C++ sources"
  exit 0
fi

if [[ ! -f $build/build.ninja ]]; then
  # The ONNX Runtime packages another build folder restored serve this one too (no second restore).
  nuget=()
  for dir in build-ci build-dev build; do
    if [[ -d $dir/_nuget ]]; then
      nuget=(-DWINML_NUGET_PACKAGES_DIR="$PWD/$dir/_nuget")
      break
    fi
  done
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_UNITY_BUILD=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DWINML_CCACHE=OFF \
    -DWINML_BUILD_TESTS=ON -DWINML_BUILD_BENCH=ON -DWINML_FUZZ=ON -DWINML_PYTHON=ON "${nuget[@]}" >/dev/null
fi
# The only generated source the code includes besides configure's: the HTML report page. Building
# it also re-runs configure when a CMakeLists changed, so new files get their entries.
cmake --build "$build" --target winml_report_page >/dev/null

mapfile -t known < <(python3 -c '
import json, os, sys
for entry in json.load(open(sys.argv[1])):
    print(os.path.realpath(os.path.join(entry["directory"], entry["file"])))' "$build/compile_commands.json")
declare -A in_db=()
for path in "${known[@]}"; do in_db[$path]=1; done
checked=()
for file in "${files[@]}"; do
  if [[ -n ${in_db[$(realpath "$file")]:-} ]]; then
    checked+=("$file")
  else
    echo "clang-tidy: skipped $file (no entry in $build/compile_commands.json: not built on Linux)"
  fi
done
((${#checked[@]})) || exit 0

echo "clang-tidy: ${#checked[@]} file(s)"
# Each run counts the warnings it suppressed in system headers ("N warnings generated."): noise.
printf '%s\0' "${checked[@]}" |
  xargs -0 -n 1 -P "${JOBS:-$(nproc)}" clang-tidy -p "$build" --quiet --warnings-as-errors='*' \
    2> >(grep -v -E '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$' >&2)
