#pragma once
/// \file
/// Checks a bundle folder before GenAI sees it, so a broken bundle gets a message that names the
/// missing or malformed file instead of GenAI's internal error.

#include <filesystem>
#include <string>

#include "bundle/genai_config.h"
#include "session/tokenizer_fit.h"

namespace winml::session {

/// What GenaiSession needs from a bundle.
struct BundleFacts {
  bundle::GenaiConfig config;
  std::filesystem::path tokenizer_dir;
  TokenizerIds tokenizer;  ///< what tokenizer.json says of its ids
  /// Why text cannot be tokenized for this model: tokenizer.json is missing, or its ids exceed
  /// model.vocab_size (tokenizer_fit.h). "" when the tokenizer can be used. Token-id runs
  /// (--prompt-tokens) need no tokenizer and go on without it.
  std::string tokenizer_problem;
  /// tokenizer_misfit()'s description alone when the tokenizer does not fit the model, else "".
  std::string tokenizer_misfit;
  /// Why GenAI's generator (winml generate, perf without --concurrency) cannot run the bundle: its
  /// decoder takes a paged KV cache, which only GenAI's dynamic engine (serving) feeds
  /// (paged_kv_refusal). "" when it can.
  std::string generator_problem;
  /// Whether the tokenizer can be used.
  bool tokenizer_usable() const { return tokenizer_problem.empty(); }
};

/// Reads genai_config.json and checks, before anything is loaded, that every ONNX file it names
/// exists, that every file the bundle uses lies where a bundle may reach (bundle_paths.h), and,
/// unless allow_custom_ops, that no option would load a native library (native_code.h) and no
/// option would make ONNX Runtime write files where the bundle says (file_write_options.h). Throws
/// UsageError naming the file and the fix for every problem it finds: a missing or broken file of
/// the bundle the user named is bad input found before anything loads (exit 2,
/// docs/exit-codes.md); what fails once GenAI loads an accepted bundle is a load error. A missing
/// or misfitting tokenizer is not an error here: it is recorded in tokenizer_problem for the calls
/// that need text, which refuse with it the same way.
BundleFacts check_bundle(const std::filesystem::path& bundle_dir, bool allow_custom_ops = false);

/// Why GenAI's generator cannot run the bundle: its decoder's graph takes a paged KV cache (an
/// input named as GenAI's paged attention names them: block_table, cumulative_sequence_lengths,
/// past_sequence_lengths, or as model.decoder.inputs renames them), which only GenAI's dynamic
/// engine (engine.dynamic_batching) feeds. Names the file, the input and what to run instead; ""
/// when the generator can run it.
std::string paged_kv_refusal(const bundle::GenaiConfig& config);

}  // namespace winml::session
