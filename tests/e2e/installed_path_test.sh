#!/usr/bin/env bash
# An installed winml run the way a user runs it: found on PATH, from a folder unrelated to the
# install, and through a symlink to the program in yet another folder. Each must find its plugins
# (libwinml_onnx_io.so for `bundle synth`, libwinml_engine.so for `generate` and `perf`) from the
# real location of its own code, not from the current folder.
#   installed_path_test.sh BUILD_DIR
set -euo pipefail
build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Only the install's own files: no override variables, reports and derived bundles in the scratch folder.
unset WINML_ENGINE_PATH WINML_ONNX_IO_PATH
export WINML_CACHE_DIR="$work/cache"

cmake --install "$build" --prefix "$work/prefix" >/dev/null
mkdir "$work/elsewhere" "$work/links"
ln -s "$work/prefix/bin/winml" "$work/links/winml"

# run_as LABEL BIN_DIR: synth, generate and perf with BIN_DIR first on PATH, from $work/elsewhere.
run_as() {
  local label=$1 bin=$2
  local found
  found=$(cd "$work/elsewhere" && PATH="$bin:$PATH" command -v winml)
  [[ $found == "$bin/winml" ]] || { echo "$label: PATH finds $found, not $bin/winml"; exit 1; }
  run() {  # run WHAT ARGS...: one winml command, its output shown when it fails
    local what=$1
    shift
    if ! (cd "$work/elsewhere" && PATH="$bin:$PATH" winml "$@") >"$work/out.txt" 2>&1; then
      cat "$work/out.txt"
      echo "$label: winml $what failed (above)"
      exit 1
    fi
  }
  run "bundle synth" bundle synth -o b --overwrite
  run generate generate -m b --prompt Hi -n 4
  [[ -s $work/out.txt ]] || { echo "$label: winml generate printed nothing"; exit 1; }
  run perf perf -m b --iterations 1 --warmup 0 -n 4 -q -f json -o "$work/report.json"
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["results"], "no results"' "$work/report.json" ||
    { echo "$label: winml perf wrote no result"; exit 1; }
  rm -rf "$work/elsewhere/b" "$work/report.json"
}
run_as "installed winml on PATH" "$work/prefix/bin"
run_as "a symlink to the installed winml" "$work/links"
# Nothing left in the folder winml ran from but what the commands were asked to write.
leftover=$(ls -A "$work/elsewhere")
[[ -z $leftover ]] || { echo "winml left files in the current folder: $leftover"; exit 1; }
echo "installed winml ok: bundle synth, generate and perf from PATH and through a symlink, in an unrelated folder"
