#!/usr/bin/env bash
# The wheel (scripts/build-wheel.sh), installed with `pip install --no-index` into a fresh venv of
# the interpreter it is built for, works with no PYTHONPATH or WINML_ENGINE_PATH, from a folder
# outside the source and build trees, in an environment holding only HOME and PATH: its `winml`
# console script synthesises a bundle, the original tool's streaming example generates from it,
# `python -m winml --version` and `winml perf` run, and the plugins and ONNX Runtime/GenAI the
# process maps are the wheel's own. A second fresh venv installs the same wheel and runs the
# example again.
#   wheel_test.sh SOURCE_DIR BUILD_DIR PYTHON   (the wheel is built into BUILD_DIR/wheel-test)
set -euo pipefail
source_dir=$(realpath -- "$1")
build=$(realpath -- "$2")
python=$3

rm -rf "$build/wheel-test"
wheel=$("$source_dir/scripts/build-wheel.sh" "$build" "$build/wheel-test")
echo "wheel: $wheel ($(stat -c %s "$wheel") bytes)"

tmp=$(realpath -- "$(mktemp -d "${TMPDIR:-/tmp}/winml-wheel-test.XXXXXX")")
trap 'rm -rf "$tmp"' EXIT
for tree in "$source_dir" "$build"; do
  [[ $tmp/ != "$tree"/* ]] || { echo "the scratch folder $tmp is inside $tree" >&2; exit 1; }
done
mkdir "$tmp/home" "$tmp/work"

# The seed's example, verbatim but for the bundle's path.
cat >"$tmp/example.py" <<'EOF'
import sys

from winml.modelkit.session import GenaiSession, GenerationConfig

with GenaiSession(sys.argv[1], ep="mixed") as sess:
    for tok in sess.generate_streaming("Hello, world!", GenerationConfig(max_new_tokens=64)):
        print(tok, end="", flush=True)
EOF

# Which files the plugins and ONNX Runtime/GenAI are mapped from, once a session has generated
# (engine, ONNX Runtime, GenAI) and `bundle synth` has run in-process (the ONNX file plugin).
cat >"$tmp/mapped.py" <<'EOF'
import os
import sys

import winml
from winml import _native

with winml.GenaiSession(sys.argv[1]) as session:
    session.generate("Hello", winml.GenerationConfig(max_new_tokens=2))
assert _native.main(["winml", "bundle", "synth", "-q", "-o", sys.argv[2]]) == 0
names = ("libwinml_engine.so", "libwinml_onnx_io.so", "libonnxruntime.so.1", "libonnxruntime-genai.so")
paths = set()
with open("/proc/self/maps") as maps:
    for line in maps:
        fields = line.split(maxsplit=5)
        if len(fields) == 6 and os.path.basename(fields[5].strip()) in names:
            paths.add(fields[5].strip())
for path in sorted(paths):
    print(path)
here = os.path.realpath(os.path.dirname(winml.__file__))
assert {os.path.basename(p) for p in paths} == set(names), f"not all of {names} are mapped: {sorted(paths)}"
assert all(os.path.dirname(p) == here for p in paths), f"not all from {here}: {sorted(paths)}"
EOF

# Runs a command in $tmp/work with venv $1's bin first on PATH and nothing else in the environment.
in_venv() {
  local venv=$1
  shift
  (cd "$tmp/work" && env -i HOME="$tmp/home" PATH="$venv/bin:/usr/bin:/bin" "$@")
}

install_wheel() {
  local venv=$1
  env -i HOME="$tmp/home" PATH=/usr/bin:/bin "$python" -m venv "$venv"
  in_venv "$venv" pip install --no-index --no-cache-dir --disable-pip-version-check -q "$wheel"
  local where
  where=$(in_venv "$venv" python -c 'import winml; print(winml.__file__)')
  echo "winml.__file__: $where"
  [[ $where == "$venv"/* ]] || { echo "the venv imports winml from $where, not from the wheel" >&2; exit 1; }
}

run_example() {
  local venv=$1 text
  text=$(in_venv "$venv" python "$tmp/example.py" "$tmp/bundle")
  printf 'example: %s\n' "$text"
  [[ $text =~ [^[:space:]] ]] || { echo "the example printed no text" >&2; exit 1; }
}

install_wheel "$tmp/venv1"
in_venv "$tmp/venv1" winml bundle synth -q -o "$tmp/bundle"
run_example "$tmp/venv1"
version=$(in_venv "$tmp/venv1" python -m winml --version)
echo "python -m winml --version: $version"
[[ $version == winml\ * ]] || { echo "unexpected --version output: $version" >&2; exit 1; }
in_venv "$tmp/venv1" winml perf -m "$tmp/bundle" -n 4 --iterations 2 --warmup 1 -o report.json -q
[[ -s $tmp/work/report.json ]] || { echo "winml perf wrote no report.json" >&2; exit 1; }
in_venv "$tmp/venv1" python "$tmp/mapped.py" "$tmp/bundle" "$tmp/bundle2"

install_wheel "$tmp/venv2"
run_example "$tmp/venv2"
echo "wheel test passed"
