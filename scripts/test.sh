#!/usr/bin/env bash
# Builds winml (warnings as errors) and runs the whole test suite: unit tests and end-to-end tests
# on synthetic bundles with the real ONNX Runtime and GenAI.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset ci >/dev/null
cmake --build --preset ci -j"$(nproc)"
ctest --preset ci -j"$(nproc)" "$@"
