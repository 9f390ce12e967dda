#!/usr/bin/env bash
# Builds the wheel of `import winml` from a build folder where the Python package is built (the ci
# preset, WINML_PYTHON=ON: targets winml_python, winml_engine, winml_onnx_io), offline:
#   scripts/build-wheel.sh [BUILD_DIR] [OUT_DIR]   (default build-ci and dist/; prints the wheel's path)
# It stages <build>/python/winml with the engine and ONNX file plugins beside the extension, as real
# files in place of the build tree's links to them (where
# the plugin loader looks first, so an installed wheel needs no WINML_ENGINE_PATH), and the
# libraries they need from <build>/lib (ONNX Runtime, GenAI) under the names they are needed by,
# as real files; then runs Debian's `python3 -m build --wheel --no-isolation` (python3-build,
# python3-setuptools, python3-wheel: scripts/setup.sh tests) on python/pyproject.toml with the
# interpreter the extension is built for (the build's WINML_PYTHON_EXECUTABLE). The version is the CMake project's, which is
# winml.__version__. The ONNX file plugin still links the system's libonnx1 and libprotobuf32.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -m -- "${1:-$root/build-ci}")
out=$(realpath -m -- "${2:-$root/dist}")

die() {
  echo "build-wheel: $*" >&2
  exit 1
}

package=$build/python/winml
[[ -f $build/CMakeCache.txt ]] || die "$build is not a configured build folder (cmake --preset ci first)"
compgen -G "$package/_native.*.so" >/dev/null ||
  die "$package has no extension: build it with WINML_PYTHON=ON (cmake --build $build --target winml_python)"
[[ -f $build/lib/libwinml_engine.so ]] || die "$build/lib has no libwinml_engine.so (cmake --build $build --target winml_engine)"
# The interpreter the extension is built for (WINML_PYTHON_EXECUTABLE: Debian's /usr/bin/python3).
python=$(sed -n 's/^WINML_PYTHON_EXECUTABLE:FILEPATH=//p' "$build/CMakeCache.txt")
python=${python:-/usr/bin/python3}
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
[[ -n $version ]] || die "no CMAKE_PROJECT_VERSION in $build/CMakeCache.txt"
"$python" -I -c "import build, setuptools, wheel" 2>/dev/null ||
  die "$python lacks build, setuptools or wheel (scripts/setup.sh tests installs python3-build, python3-setuptools and python3-wheel)"

stage=$(mktemp -d "${TMPDIR:-/tmp}/winml-wheel.XXXXXX")
trap 'rm -rf "$stage"' EXIT
cp "$root/python/pyproject.toml" "$root/python/setup.py" "$stage/"
echo "$version" >"$stage/VERSION"
cp -r "$package" "$stage/winml"
find "$stage/winml" -name __pycache__ -prune -exec rm -rf {} +
# The build tree's links to <build>/lib/libwinml_*.so (python/CMakeLists.txt) go: the loop below
# copies the real files, and a wheel holds no link into a build tree.
find "$stage/winml" -type l -delete

# The plugins (libwinml_onnx_io.so only where the build has it: WINML_WITH_ONNX_PROTO), the
# provider bridge ONNX Runtime loads for a shared-library EP, then whatever a staged library
# names in DT_NEEDED that <build>/lib holds, copied under that name (libonnxruntime.so.1, not
# the libonnxruntime.so link to it). The test-only libraries of <build>/lib stay out.
wanted=(libwinml_engine.so libwinml_onnx_io.so libonnxruntime_providers_shared.so)
[[ -f $build/lib/libwinml_onnx_io.so ]] || echo "build-wheel: no libwinml_onnx_io.so in $build/lib; the wheel cannot synthesise bundles or read .pb inputs" >&2
while ((${#wanted[@]})); do
  lib=${wanted[0]}
  wanted=("${wanted[@]:1}")
  [[ -e $stage/winml/$lib || ! -e $build/lib/$lib ]] && continue
  cp -L "$build/lib/$lib" "$stage/winml/$lib"
  chmod 755 "$stage/winml/$lib"
  mapfile -t needed < <(readelf -d "$stage/winml/$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p')
  wanted+=("${needed[@]}")
done
for lib in "$stage"/winml/*.so*; do
  if missing=$(ldd "$lib" | grep 'not found'); then
    die "$(basename "$lib") needs libraries neither the wheel nor this system has: $missing"
  fi
done

# winml.__version__ (from the extension) must be the version the wheel is named with.
module_version=$("$python" -E -s -c 'import sys; sys.path.insert(0, sys.argv[1]); import winml; print(winml.__version__)' "$stage")
[[ $module_version == "$version" ]] || die "winml.__version__ is $module_version but the CMake project version is $version (rebuild winml_python)"

mkdir -p "$out"
if ! (cd "$stage" && "$python" -m build --wheel --no-isolation --outdir "$stage/dist" .) >"$stage/build.log" 2>&1; then
  cat "$stage/build.log" >&2
  die "python3 -m build failed"
fi
wheels=("$stage"/dist/winml-*.whl)
((${#wheels[@]} == 1)) || die "expected one wheel, found: ${wheels[*]}"
cp "${wheels[0]}" "$out/"
echo "$out/$(basename "${wheels[0]}")"
