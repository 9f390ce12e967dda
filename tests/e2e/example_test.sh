#!/usr/bin/env bash
# The example programs, built in-tree and against an installed winml with find_package(winml):
# stream_generate streams text from a freshly synthesised bundle, serve_requests serves three
# requests at once through GenAI's Engine (and is refused a decoder pipeline, saying why).
#   example_test.sh BUILD_DIR SOURCE_DIR [CXX_COMPILER]
set -euo pipefail
build=$1
source=$2
compiler=()
if [[ -n ${3:-} ]]; then compiler=(-DCMAKE_CXX_COMPILER="$3"); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$build/bin/winml" bundle synth -o "$work/bundle" 2>/dev/null
out=$("$build/bin/stream_generate" "$work/bundle" "Hello from the example")
[[ -n "$out" ]] || { echo "in-tree example printed nothing"; exit 1; }
# The library refuses an EP this machine lacks, as the CLI does, instead of running on the CPU.
if refusal=$("$build/bin/stream_generate" "$work/bundle" "Hello" cuda 2>&1); then
  echo "the example generated with --ep cuda on a machine without CUDA: $refusal"
  exit 1
fi
[[ $refusal == *"CUDAExecutionProvider is not available on this machine"* ]] ||
  { echo "the cuda refusal does not name the EP: $refusal"; exit 1; }

# Three requests of 8 tokens, batched: fewer steps than one request after another (24).
served=$("$build/bin/serve_requests" "$work/bundle" 8 2>"$work/serve.err")
[[ $(grep -c '^request [123]: ' <<<"$served") == 3 ]] || { echo "serve_requests printed: $served"; exit 1; }
steps=$(sed -n 's/^3 requests in \([0-9]*\) engine steps.*/\1/p' "$work/serve.err")
[[ -n $steps && $steps -lt 24 ]] || { echo "serve_requests: $(cat "$work/serve.err")"; exit 1; }
"$build/bin/winml" bundle synth --pipeline -o "$work/pipe" 2>/dev/null
if refusal=$("$build/bin/serve_requests" "$work/pipe" 8 2>&1); then
  echo "serve_requests served a decoder pipeline: $refusal"
  exit 1
fi
[[ $refusal == *"cannot serve this bundle"*"plain \`winml perf\`"* ]] || { echo "the pipeline refusal: $refusal"; exit 1; }

cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$source/examples" -B "$work/consumer" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" "${compiler[@]}" >/dev/null
cmake --build "$work/consumer" >/dev/null
# An installed winml names the GenAI it loads (not "unknown"), as the build tree does.
built_genai=$("$build/bin/winml" sys -f json | python3 -c 'import json,sys; print(json.load(sys.stdin)["versions"]["genai"])')
installed_genai=$("$work/prefix/bin/winml" sys -f json | python3 -c 'import json,sys; print(json.load(sys.stdin)["versions"]["genai"])')
[[ "$installed_genai" == "$built_genai" && "$installed_genai" != unknown ]] ||
  { echo "installed winml reports GenAI '$installed_genai', the build tree '$built_genai'"; exit 1; }
installed=$("$work/consumer/stream_generate" "$work/bundle" "Hello from the example")
[[ "$installed" == "$out" ]] || { echo "installed example differs: '$installed' vs '$out'"; exit 1; }
installed_served=$("$work/consumer/serve_requests" "$work/bundle" 8 2>/dev/null)
[[ "$installed_served" == "$served" ]] || { echo "installed serve_requests differs: '$installed_served' vs '$served'"; exit 1; }
echo "examples ok: ${#out} characters; 3 requests in $steps engine steps"
