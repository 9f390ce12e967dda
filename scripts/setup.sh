#!/usr/bin/env bash
# Installs the Debian packages winml builds and tests with. ONNX Runtime and GenAI are not
# installed here: the CMake configure step restores their official NuGet packages with
# `dotnet restore`.
set -euo pipefail

packages=(
  build-essential cmake ninja-build git
  # The tests check reports against docs/report.schema.json with it (tests/report/validate_report.py).
  python3-jsonschema
  nlohmann-json3-dev libcli11-dev libfmt-dev
  # Boost.Math (header-only): Student t and binomial quantiles for confidence intervals and tests.
  libboost-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libonnx-dev libprotobuf-dev protobuf-compiler
  # The HTML report (`winml perf report`, `perf --html`) inlines Chart.js from libjs-chart.js; the
  # tests load the page in headless Chromium.
  libjs-chart.js chromium
  # The asan preset and the fuzz targets: clang, its sanitizer/libFuzzer runtimes, llvm-symbolizer.
  clang libclang-rt-dev llvm
  # The Windows build, cross-compiled and tested here (scripts/test-windows.sh): mingw-w64 with
  # the posix thread model (std::thread, std::mutex), GoogleTest's sources to build for it, and
  # wine to run it (wine64 runs the programs; wine has winepath and wineboot).
  g++-mingw-w64-x86-64-posix googletest wine64 wine
)

missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  sudo_cmd=()
  [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
fi
if ! command -v dotnet >/dev/null; then
  echo "error: the .NET SDK (dotnet) is needed to restore the ONNX Runtime NuGet packages." >&2
  echo "Install it, or configure with -DWINML_ORT_ROOT=... -DWINML_GENAI_ROOT=... for an existing install." >&2
  exit 1
fi
echo "setup: all build dependencies are present"
