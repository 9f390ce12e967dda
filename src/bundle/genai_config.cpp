#include "bundle/genai_config.h"

#include <utility>

#include "bundle/config_limits.h"
#include "bundle/stage_list.h"
#include "platform/read_file.h"
#include "util/file_limits.h"
#include "util/json_read.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

namespace fs = std::filesystem;

// Real configs nest about six levels. Deeper JSON is refused while reading (the reader itself does
// not recurse): copying or comparing it later, as the EP override does, recurses once per level
// and a hostile config of a few hundred thousand brackets would overflow the stack.
constexpr int kMaxConfigDepth = json_read::kDefaultMaxDepth;

const ConfigJson& model_section(const ConfigJson& json) {
  auto it = json.find("model");
  if (!json.is_object() || it == json.end() || !it->is_object()) {
    throw UsageError(
        "the \"model\" section is missing; a GenAI config needs model.type, model.context_length and model.decoder.");
  }
  return *it;
}

std::int64_t integer(const ConfigJson& value, const std::string& where) {
  if (!value.is_number_integer()) throw UsageError(where + " must be an integer.");
  return value.get<std::int64_t>();
}

std::vector<std::int64_t> eos_ids(const ConfigJson& model) {
  auto eos = model.find("eos_token_id");
  if (eos == model.end()) eos = model.find("pad_token_id");  // GenAI's default for eos_token_id
  if (eos == model.end()) return {};
  if (eos->is_array()) {
    std::vector<std::int64_t> ids;
    for (const auto& id : *eos) ids.push_back(integer(id, "model.eos_token_id[]"));
    return ids;
  }
  return {integer(*eos, "model.eos_token_id")};
}

}  // namespace

GenaiConfig parse_genai_config(ConfigJson json, const fs::path& bundle_dir) {
  GenaiConfig config;
  config.bundle_dir = bundle_dir;
  config.config_path = bundle_dir / "genai_config.json";
  const ConfigJson& model = model_section(json);

  auto type = model.find("type");
  if (type == model.end() || !type->is_string() || type->get<std::string>().empty()) {
    throw UsageError(
        "model.type is missing; set it to the model family (e.g. \"llama\", \"qwen2\") or \"decoder-pipeline\".");
  }
  config.model_type = type->get<std::string>();

  auto context = model.find("context_length");
  if (context == model.end()) {
    throw UsageError("model.context_length is missing; set it to the longest sequence the model supports.");
  }
  config.context_length = integer(*context, "model.context_length");
  if (config.context_length <= 0) throw UsageError("model.context_length must be a positive integer.");
  check_config_limits(json);

  if (auto vocab = model.find("vocab_size"); vocab != model.end())
    config.vocab_size = integer(*vocab, "model.vocab_size");
  config.eos_token_ids = eos_ids(model);
  config.is_pipeline = is_pipeline(json);
  config.stages = list_stages(json);
  config.json = std::move(json);
  return config;
}

GenaiConfig load_genai_config(const fs::path& bundle_dir) {
  if (!fs::is_directory(bundle_dir)) {
    throw UsageError(bundle_dir.string() +
                     " is not a folder. Pass a GenAI bundle folder (one holding genai_config.json).");
  }
  fs::path path = bundle_dir / "genai_config.json";
  const auto text = platform::read_regular_file_if_present(path, kMaxConfigFileBytes, "genai_config.json",
                                                           ErrorCategory::usage, "Fix the file or rebuild the bundle.");
  if (!text) {
    throw UsageError(path.string() + " does not exist: " + bundle_dir.string() +
                     " is not a GenAI bundle. Pass a folder made by a GenAI model builder or `winml bundle synth`.");
  }
  ConfigJson json;
  try {
    json = json_read::parse_ordered(*text, kMaxConfigDepth);
  } catch (const json_read::JsonReadError& e) {
    switch (e.kind()) {
      case json_read::JsonReadError::Kind::not_json:
        throw UsageError(path.string() + " is not valid JSON (" + e.what() + "). Fix the file or rebuild the bundle.");
      case json_read::JsonReadError::Kind::too_deep:
        throw UsageError(path.string() + " nests JSON more than " + std::to_string(kMaxConfigDepth) +
                         " levels deep, which no GenAI config does. Fix the file or rebuild the bundle.");
      case json_read::JsonReadError::Kind::duplicate_key:
        // GenAI applies every occurrence of a key (two objects merge), so no check made on one
        // occurrence could be trusted: docs/security.md, "Keys given twice".
        throw UsageError(path.string() + ": " + e.what() +
                         "; GenAI would apply both, so winml refuses the file. Keep one " + e.path() +
                         " and merge what the two held.");
    }
    throw;
  }
  try {
    return parse_genai_config(std::move(json), bundle_dir);
  } catch (const UsageError& e) {
    throw UsageError(path.string() + ": " + e.what());
  }
}

}  // namespace winml::bundle
