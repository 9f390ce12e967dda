#!/usr/bin/env bash
# Installs the Debian packages one step of winml's workflow needs, by group, so building the tool
# does not pull in a browser, wine and a second compiler:
#   scripts/setup.sh [build|tests|sanitizers|windows|all]...   (default: build)
#     build       configure + build any preset's tools (the README's first command)
#     tests       what the test suite and the benchmarks add (scripts/test.sh: build tests)
#     sanitizers  clang and its sanitizer/libFuzzer runtimes (scripts/test-sanitizers.sh, fuzz.sh)
#     windows     the mingw-w64 cross build and wine to run it (scripts/test-windows.sh)
#     all         every group (.ci/run)
# Idempotent: installs only what is missing, and prints nothing when all is there. ONNX Runtime
# and GenAI are not installed here: the CMake configure step restores their official NuGet
# packages with `dotnet restore`, so the build group checks that dotnet is there.
set -euo pipefail

build=(
  build-essential cmake ninja-build git
  # The compiler cache every preset uses when it is installed (cmake/WinmlCompilerCache.cmake).
  ccache
  nlohmann-json3-dev libcli11-dev libfmt-dev
  # Boost.Math (header-only): Student t and binomial quantiles for confidence intervals and tests.
  libboost-dev
  # The ONNX file support plugin (bundle synth, .pb inputs) is built by default on Linux, so
  # configure needs these in every Linux preset (WINML_WITH_ONNX_PROTO).
  libonnx-dev libprotobuf-dev protobuf-compiler
  # The HTML report (`winml perf report`, `perf --html`) inlines Chart.js from libjs-chart.js,
  # read at run time from the path configure found.
  libjs-chart.js
)
tests=(
  # Configure of a preset with tests (ci, asan, mingw's host build) finds GoogleTest; the ci
  # preset builds the benchmarks too.
  libgtest-dev libgmock-dev libbenchmark-dev
  # The tests check reports against docs/report.schema.json with it (tests/report/validate_report.py).
  python3-jsonschema
  # The HTML report tests load the page in headless Chromium.
  chromium
  # The ci preset builds the Python package (python/) and tests it with pytest (tests/python).
  pybind11-dev python3-dev python3-pytest
  # scripts/build-wheel.sh builds the package's wheel offline (python3 -m build --no-isolation).
  python3-build python3-setuptools python3-wheel
  # The python_wheel test installs the wheel into fresh venvs (venv with ensurepip, on Debian 12).
  python3-venv
  # pandas, for the Python package tests (tests/python).
  python3-pandas
  # The newcomer test (tests/docs/newcomer.py) writes the single model and test data set that the
  # README's `perf -m model.onnx` lines assume a reader has.
  python3-onnx
)
sanitizers=(
  # The asan preset and the fuzz targets: clang, its sanitizer/libFuzzer runtimes, llvm-symbolizer.
  clang libclang-rt-dev llvm
)
windows=(
  # The Windows build, cross-compiled and tested here (scripts/test-windows.sh): mingw-w64 with
  # the posix thread model (std::thread, std::mutex), GoogleTest's sources to build for it, and
  # wine to run it (wine64 runs the programs; wine has winepath and wineboot).
  g++-mingw-w64-x86-64-posix googletest wine64 wine
)

(($#)) || set -- build
packages=()
need_dotnet=0
for group in "$@"; do
  case $group in
    build) packages+=("${build[@]}") need_dotnet=1 ;;
    tests) packages+=("${tests[@]}") ;;
    sanitizers) packages+=("${sanitizers[@]}") ;;
    windows) packages+=("${windows[@]}") ;;
    all) packages+=("${build[@]}" "${tests[@]}" "${sanitizers[@]}" "${windows[@]}") need_dotnet=1 ;;
    *)
      echo "usage: scripts/setup.sh [build|tests|sanitizers|windows|all]... (unknown group: $group)" >&2
      exit 2
      ;;
  esac
done

declare -A seen=()
missing=()
for pkg in "${packages[@]}"; do
  [[ -n ${seen[$pkg]:-} ]] && continue
  seen[$pkg]=1
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
fi
if ((need_dotnet)) && ! command -v dotnet >/dev/null; then
  echo "error: the .NET SDK (dotnet) is needed to restore the ONNX Runtime NuGet packages." >&2
  echo "Install it, or configure with -DWINML_ORT_ROOT=... -DWINML_GENAI_ROOT=... for an existing install." >&2
  exit 1
fi
