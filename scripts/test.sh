#!/usr/bin/env bash
# The README's test command, self-contained on a fresh machine: installs what the build and the
# tests need (scripts/setup.sh build tests; a no-op when all is there), builds winml with its test suite and
# benchmarks (ci preset, in build-ci/, warnings as errors) and runs the whole suite: unit tests
# and end-to-end tests on synthetic bundles with the real ONNX Runtime and GenAI. Extra arguments
# go to ctest (e.g. -R Pattern).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build tests
cmake --preset ci >/dev/null
cmake --build --preset ci -j"$(nproc)"
ctest --preset ci -j"$(nproc)" "$@"
