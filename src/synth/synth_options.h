#pragma once
/// \file
/// Shape, seed and format of a synthetic Llama-style bundle, its presets and validation.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace winml::synth {

/// How the projection weights are stored.
enum class Precision {
  fp32,  ///< plain MatMul with float weights
  int4,  ///< com.microsoft MatMulNBits, 4-bit blocks of 32 with one float scale each
};

/// Everything that decides the bytes of a synthetic bundle. Two equal SynthOptions give identical files.
struct SynthOptions {
  std::int64_t layers = 2;                ///< transformer blocks
  std::int64_t hidden_size = 64;          ///< model width; must equal num_heads * head_size
  std::int64_t num_heads = 4;             ///< query heads
  std::int64_t num_kv_heads = 2;          ///< key/value heads (grouped-query attention); divides num_heads
  std::int64_t head_size = 16;            ///< per-head width; a multiple of kHeadSizeMultiple
  std::int64_t intermediate_size = 192;   ///< SwiGLU MLP width
  std::int64_t vocab_size = 512;          ///< logits width and tokenizer size (256 bytes + merges + 6 special tokens)
  std::int64_t context_length = 2048;     ///< longest sequence; sizes the rotary tables and search.max_length
  std::uint64_t seed = 0;                 ///< weight seed: same seed, same bytes
  Precision precision = Precision::fp32;  ///< projection weight format
  bool pipeline = false;                  ///< write a decoder-pipeline bundle (embeddings, ctx, iter, lm_head)
  bool chat_template = true;              ///< put a chat_template into tokenizer_config.json
};

/// Bounds validate() enforces (docs/limits.md), public so that --help can show them. They keep a
/// typo from asking for terabytes; real models sit far inside them.
inline constexpr std::int64_t kMaxLayers = 512;
inline constexpr std::int64_t kMaxWidth = 1 << 17;  ///< hidden size, heads, head size, MLP width
inline constexpr std::int64_t kMinHiddenSize = 2;
inline constexpr std::int64_t kMaxVocab = 1 << 21;
inline constexpr std::int64_t kMinContext = 16;
inline constexpr std::int64_t kMaxContext = 1 << 21;

/// GroupQueryAttention (CPU) requires head_size to be a multiple of this.
inline constexpr std::int64_t kHeadSizeMultiple = 16;

/// Block size of the int4 MatMulNBits weights (the GenAI model builder's default).
inline constexpr std::int64_t kInt4BlockSize = 32;

/// The default test model: about 0.2 M parameters, loads in milliseconds.
SynthOptions tiny_preset();

/// Benchmark scale: TinyLlama-1.1B dimensions with 8 of its 22 layers, about 483 M parameters
/// (1.9 GB of fp32 weights), far larger than any CPU cache, so each decode step streams the weights.
SynthOptions bench_preset();

/// Names accepted by preset_named(), in the order --help lists them.
std::vector<std::string> preset_names();

/// The preset called `name`. Throws UsageError naming the valid presets otherwise.
SynthOptions preset_named(std::string_view name);

/// "fp32" or "int4".
std::string_view to_string(Precision precision);

/// Parses "fp32" or "int4". Throws UsageError otherwise.
Precision parse_precision(std::string_view text);

/// Throws UsageError for an impossible or unsupported combination, naming the flag to change.
void validate(const SynthOptions& options);

/// Number of model weights (embedding, norms, projections, lm_head), counted as logical values
/// whatever the precision. Does not count the rotary cos/sin tables, which are derived, not learned.
std::uint64_t parameter_count(const SynthOptions& options);

/// Bytes those weights take in ONNX initializers (int4: packed nibbles plus float scales).
std::uint64_t weight_bytes(const SynthOptions& options);

}  // namespace winml::synth
