#include "synth/synth_options.h"

#include <fmt/format.h>

#include "synth/bpe_vocab.h"
#include "winml/errors.h"

namespace winml::synth {
namespace {

constexpr std::uint64_t kMaxWeightBytes = 64ull << 30;

void require_range(std::int64_t value, std::int64_t low, std::int64_t high, std::string_view flag) {
  if (value < low || value > high) {
    throw UsageError(fmt::format("{} {} is out of range: give a value from {} to {}.", flag, value, low, high));
  }
}

std::uint64_t u(std::int64_t v) { return static_cast<std::uint64_t>(v); }

// Bytes of one K x N projection in the chosen precision.
std::uint64_t projection_bytes(std::int64_t k, std::int64_t n, Precision precision) {
  if (precision == Precision::fp32) return 4 * u(k) * u(n);
  std::uint64_t blocks = (u(k) + kInt4BlockSize - 1) / kInt4BlockSize;
  return u(n) * blocks * (kInt4BlockSize / 2 + 4);
}

}  // namespace

SynthOptions tiny_preset() { return SynthOptions{}; }

SynthOptions bench_preset() {
  SynthOptions options;
  options.layers = 8;
  options.hidden_size = 2048;
  options.num_heads = 32;
  options.num_kv_heads = 4;
  options.head_size = 64;
  options.intermediate_size = 5632;
  options.vocab_size = 32000;
  options.context_length = 2048;
  return options;
}

std::vector<std::string> preset_names() { return {"tiny", "bench"}; }

SynthOptions preset_named(std::string_view name) {
  if (name == "tiny") return tiny_preset();
  if (name == "bench") return bench_preset();
  throw UsageError(fmt::format("unknown preset '{}': use --preset tiny (the default) or --preset bench.", name));
}

std::string_view to_string(Precision precision) { return precision == Precision::int4 ? "int4" : "fp32"; }

Precision parse_precision(std::string_view text) {
  if (text == "fp32") return Precision::fp32;
  if (text == "int4") return Precision::int4;
  throw UsageError(fmt::format("unknown precision '{}': use --precision fp32 or --precision int4.", text));
}

void validate(const SynthOptions& o) {
  require_range(o.layers, 1, kMaxLayers, "--layers");
  require_range(o.hidden_size, kMinHiddenSize, kMaxWidth, "--hidden-size");
  require_range(o.num_heads, 1, kMaxWidth, "--heads");
  require_range(o.num_kv_heads, 1, kMaxWidth, "--kv-heads");
  require_range(o.head_size, 1, kMaxWidth, "--head-size");
  require_range(o.intermediate_size, 1, kMaxWidth, "--intermediate-size");
  require_range(o.vocab_size, kMinVocabSize, kMaxVocab, "--vocab-size");
  require_range(o.context_length, kMinContext, kMaxContext, "--context-length");
  if (o.num_heads * o.head_size != o.hidden_size) {
    throw UsageError(
        fmt::format("--hidden-size {} must equal --heads {} x --head-size {} (= {}): change one of the three.",
                    o.hidden_size, o.num_heads, o.head_size, o.num_heads * o.head_size));
  }
  if (o.num_heads % o.num_kv_heads != 0) {
    throw UsageError(
        fmt::format("--heads {} must be a multiple of --kv-heads {}: each key/value head serves a "
                    "whole group of query heads.",
                    o.num_heads, o.num_kv_heads));
  }
  if (o.head_size % kHeadSizeMultiple != 0) {
    throw UsageError(
        fmt::format("--head-size {} must be a multiple of {}: ONNX Runtime's GroupQueryAttention "
                    "kernel requires it (and rotary embedding rotates pairs of values).",
                    o.head_size, kHeadSizeMultiple));
  }
  if (o.precision == Precision::int4 &&
      (o.hidden_size % kInt4BlockSize != 0 || o.intermediate_size % kInt4BlockSize != 0)) {
    throw UsageError(
        fmt::format("--precision int4 quantizes in blocks of {}: --hidden-size {} and "
                    "--intermediate-size {} must both be multiples of {}.",
                    kInt4BlockSize, o.hidden_size, o.intermediate_size, kInt4BlockSize));
  }
  if (weight_bytes(o) > kMaxWeightBytes) {
    throw UsageError(
        fmt::format("these dimensions need {:.1f} GiB of weights, more than the {} GiB a synthetic "
                    "bundle may have: reduce --layers, --hidden-size, --intermediate-size or --vocab-size.",
                    static_cast<double>(weight_bytes(o)) / (1ull << 30), kMaxWeightBytes >> 30));
  }
}

std::uint64_t parameter_count(const SynthOptions& o) {
  const std::uint64_t h = u(o.hidden_size);
  const std::uint64_t q = u(o.num_heads * o.head_size);
  const std::uint64_t kv = u(o.num_kv_heads * o.head_size);
  const std::uint64_t per_layer = 2 * h + h * q + 2 * h * kv + q * h + 3 * h * u(o.intermediate_size);
  return u(o.vocab_size) * h + u(o.layers) * per_layer + h + h * u(o.vocab_size);
}

std::uint64_t weight_bytes(const SynthOptions& o) {
  const std::int64_t h = o.hidden_size;
  const std::int64_t q = o.num_heads * o.head_size;
  const std::int64_t kv = o.num_kv_heads * o.head_size;
  const Precision p = o.precision;
  const std::uint64_t per_layer = std::uint64_t{8} * u(h) + projection_bytes(h, q, p) + 2 * projection_bytes(h, kv, p) +
                                  projection_bytes(q, h, p) + 2 * projection_bytes(h, o.intermediate_size, p) +
                                  projection_bytes(o.intermediate_size, h, p);
  // The embedding stays fp32 in both precisions: Gather reads single rows, quantizing it saves no time.
  return 4 * u(o.vocab_size) * u(h) + u(o.layers) * per_layer + 4 * u(h) + projection_bytes(h, o.vocab_size, p);
}

}  // namespace winml::synth
