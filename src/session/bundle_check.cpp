#include "session/bundle_check.h"

#include <fstream>

#include "winml/errors.h"

namespace winml::session {
namespace {

namespace fs = std::filesystem;

void require_file(const fs::path& bundle_dir, const std::string& what, const std::string& filename) {
  fs::path path = bundle_dir / filename;
  if (!fs::exists(path)) {
    throw GenaiLoadError("the bundle's " + what + " model " + path.string() +
                         " is missing. Restore it, or fix its filename in " +
                         (bundle_dir / "genai_config.json").string() + ".");
  }
}

}  // namespace

BundleFacts check_bundle(const fs::path& bundle_dir) {
  if (!fs::is_directory(bundle_dir)) {
    throw GenaiLoadError(bundle_dir.string() +
                         " is not a folder. Pass a GenAI bundle folder (one with genai_config.json).");
  }
  fs::path config_path = bundle_dir / "genai_config.json";
  std::ifstream in(config_path);
  if (!in) {
    throw GenaiLoadError(config_path.string() + " is missing: " + bundle_dir.string() +
                         " is not a GenAI bundle. Pass a folder made by a GenAI model builder or `winml bundle synth`.");
  }
  BundleFacts facts;
  try {
    facts.config = nlohmann::json::parse(in);
    const auto& model = facts.config.at("model");
    facts.context_length = model.at("context_length").get<int>();
    facts.vocab_size = model.value("vocab_size", 0);
    const auto& decoder = model.at("decoder");
    if (decoder.contains("pipeline")) {
      const auto& pipeline = decoder.at("pipeline");
      auto check_stages = [&](const nlohmann::json& object) {
        for (const auto& [name, stage] : object.items()) require_file(bundle_dir, name, stage.at("filename"));
      };
      if (pipeline.is_array()) {
        for (const auto& entry : pipeline) check_stages(entry);
      } else {
        check_stages(pipeline);
      }
    } else {
      require_file(bundle_dir, "decoder", decoder.at("filename"));
    }
    facts.tokenizer_dir = bundle_dir / model.value("tokenizer_dir", std::string());
  } catch (const nlohmann::json::exception& e) {
    throw GenaiLoadError(config_path.string() + " is not a valid GenAI config (" + e.what() +
                         "). Fix the file or regenerate the bundle.");
  }
  if (facts.context_length <= 0) {
    throw GenaiLoadError(config_path.string() + ": model.context_length must be a positive number.");
  }
  fs::path tokenizer = facts.tokenizer_dir / "tokenizer.json";
  if (!fs::exists(tokenizer)) {
    throw GenaiLoadError("the bundle's tokenizer " + tokenizer.string() +
                         " is missing. Copy the model's tokenizer.json into the bundle.");
  }
  return facts;
}

}  // namespace winml::session
