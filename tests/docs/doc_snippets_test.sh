#!/usr/bin/env bash
# Every C++ block of README.md and docs/*.md compiles and links against an installed winml, built
# the way a user builds (find_package(winml), winml::winml), as examples/ is; and a broken block
# fails that build, so the check can fail.
#   doc_snippets_test.sh BUILD_DIR SOURCE_DIR [CXX_COMPILER]
set -euo pipefail
build=$1
source=$2
compiler=()
if [[ -n ${3:-} ]]; then compiler=(-DCMAKE_CXX_COMPILER="$3"); fi
python=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
consumer_build() {  # consumer_build PROJECT_DIR BUILD_DIR: configure and build, messages kept in BUILD_DIR.log
  cmake -S "$1" -B "$2" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" "${compiler[@]}" >"$2.log" 2>&1 &&
    cmake --build "$2" >>"$2.log" 2>&1
}

"$python" "$source/tests/docs/doc_snippets.py" "$source" "$work/snippets"
if ! consumer_build "$work/snippets" "$work/snippets-build"; then
  cat "$work/snippets-build.log"
  echo "a C++ block of the docs does not build against the installed headers (the file:line above is the doc's)"
  exit 1
fi

# The same pipeline on a block that calls a function the API does not have must fail.
printf '%s\n' '# broken' '<!-- doc-snippet: body -->' '```cpp' 'winml::no_such_function();' '```' >"$work/broken.md"
"$python" "$source/tests/docs/doc_snippets.py" --docs "$work/broken.md" "$work/broken" >/dev/null
if consumer_build "$work/broken" "$work/broken-build"; then
  echo "a C++ block calling winml::no_such_function() built: the check cannot fail"
  exit 1
fi
grep -q "broken.md:4" "$work/broken-build.log" || {
  cat "$work/broken-build.log"
  echo "the compiler message does not name the Markdown file and line (broken.md:4)"
  exit 1
}
echo "doc snippets ok: $(ls "$work/snippets"/*.cpp | wc -l) block(s) built; a broken one is caught at its doc line"
