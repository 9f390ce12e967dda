#pragma once
/// \file
/// Reading a bundle's genai_config.json: the facts winml needs (model type, context length,
/// vocabulary, EOS ids) and the models the decoder runs (pipeline stages in execution order, or
/// the single plain decoder) with the providers each is routed to.
///
/// The JSON is kept as nlohmann::ordered_json: a pipeline given as one object runs its stages in
/// the order they are written, and a rewritten config must keep untouched parts as they were.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace winml::bundle {

/// genai_config.json content, key order preserved.
using ConfigJson = nlohmann::ordered_json;

/// One entry of a `provider_options` list: `{"qnn": {"backend_path": "..."}}` -> {"qnn", {...}}.
struct ProviderEntry {
  std::string name;    ///< provider key as written ("qnn", "QNN", "OpenVINO", ...)
  ConfigJson options;  ///< its options object (possibly empty)
};

/// A model the GenAI decoder runs: one pipeline stage, or the plain decoder ("decoder").
struct StageInfo {
  std::string name;      ///< pipeline key, or "decoder" for a plain decoder
  std::string filename;  ///< as written in the config; checked not to escape the bundle
  /// Providers the stage's session gets: its own session_options' list, or the decoder-level one
  /// when it has no session_options (or merged with it under inherit_session_options). Empty = CPU.
  std::vector<ProviderEntry> providers;
  std::string ep;  ///< catalog alias of the first non-CPU provider ("cpu" when none; unknown names lower-cased)
  bool own_session_options = true;  ///< false: the stage uses model.decoder.session_options
  bool run_on_prompt = true;        ///< runs during prefill
  bool run_on_token_gen = true;     ///< runs during token generation
};

/// The parsed facts of one bundle's config.
struct GenaiConfig {
  std::filesystem::path bundle_dir;         ///< folder holding the config
  std::filesystem::path config_path;        ///< bundle_dir/genai_config.json
  ConfigJson json;                          ///< the whole file
  std::string model_type;                   ///< model.type, e.g. "llama" or "decoder-pipeline"
  std::int64_t context_length = 0;          ///< model.context_length (> 0)
  std::int64_t vocab_size = 0;              ///< model.vocab_size, 0 when absent
  std::vector<std::int64_t> eos_token_ids;  ///< model.eos_token_id (int or list), else pad_token_id
  bool is_pipeline = false;                 ///< model.type == "decoder-pipeline"
  std::vector<StageInfo> stages;            ///< execution order; one "decoder" entry for a plain decoder

  /// Absolute-or-bundle-relative path of a stage's file (bundle_dir / filename).
  std::filesystem::path stage_path(const StageInfo& stage) const;
};

/// Reads and checks bundle_dir/genai_config.json. Throws UsageError when the folder or the file
/// does not exist (the user pointed at something that is not a bundle), and UsageError naming
/// the file for malformed JSON (a bad bundle is bad input, exit 2: docs/exit-codes.md), missing model.type /
/// model.context_length, a malformed pipeline or provider list, or a stage path that escapes the bundle.
GenaiConfig load_genai_config(const std::filesystem::path& bundle_dir);

/// The same checks on JSON already in memory; errors name the JSON location but no file.
GenaiConfig parse_genai_config(ConfigJson json, const std::filesystem::path& bundle_dir = {});

/// Throws UsageError naming the first stage file that does not exist.
void require_stage_files(const GenaiConfig& config);

/// bundle_dir / relative after checking that `relative` stays inside the bundle: not empty, not
/// absolute, no `..` component. This check reads the name only; where the file leads once links
/// are followed is checked by require_contained_files (bundle_paths.h), under the one rule
/// documented there. Throws UsageError mentioning `what` (e.g.
/// "model.decoder.pipeline[1].ctx.filename").
std::filesystem::path resolve_bundle_path(const std::filesystem::path& bundle_dir, std::string_view relative,
                                          std::string_view what);

}  // namespace winml::bundle
