#!/usr/bin/env bash
# The Windows build, tested on Linux: cross-compiles winml and its portable tests for Windows x64
# with mingw-w64 (the mingw preset, in build-mingw/) and runs them under wine64, against the
# official win-x64 ONNX Runtime and GenAI DLLs. The Windows build has no ONNX protobuf library,
# so the models the end-to-end tests run are written by the Linux build (built here if missing).
# Extra arguments go to ctest (e.g. -R platform).
set -euo pipefail
cd "$(dirname "$0")/.."
# The Linux ci build (its tests included) writes the fixtures, so it needs the tests group too.
scripts/setup.sh build tests windows

# The Linux winml writes the fixtures; the NuGet packages it restored serve this build too.
if [[ ! -x build-ci/bin/winml ]]; then
  cmake --preset ci >/dev/null
  cmake --build --preset ci -j"$(nproc)" --target winml
fi
cmake --preset mingw -DWINML_NUGET_PACKAGES_DIR="$PWD/build-ci/_nuget" >/dev/null
cmake --build --preset mingw -j"$(nproc)"

fixtures=build-mingw/test-fixtures
rm -rf "$fixtures"
build-ci/bin/winml bundle synth -q -o "$fixtures/plain"
build-ci/bin/winml bundle synth -q --pipeline -o "$fixtures/pipe"

# A wine prefix of its own (created on first use, about 20 s), so nothing of the user's wine setup
# or earlier runs leaks in; wine's own diagnostics are off (the tests' output is what counts).
export WINEPREFIX="$PWD/build-mingw/wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
if [[ ! -f $WINEPREFIX/system.reg ]]; then
  wineboot --init >/dev/null 2>&1
  wine winecfg /v win10 >/dev/null 2>&1  # the oldest Windows winml supports (wine 8 defaults to 7)
fi
wineserver --persistent=60 || true  # one wine server for all test processes (fails harmlessly if one runs)
WINML_TEST_FIXTURES_DIR="$(winepath -w "$fixtures")"
export WINML_TEST_FIXTURES_DIR
status=0
ctest --preset mingw -j"$(nproc)" "$@" || status=$?
wineserver --kill || true
exit "$status"
