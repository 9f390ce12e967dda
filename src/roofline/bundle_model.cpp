#include "roofline/bundle_model.h"

#include <fmt/format.h>

#include <optional>

#include "bundle/genai_config.h"
#include "winml/errors.h"

namespace winml::roofline {
namespace {

using bundle::ConfigJson;

std::optional<std::int64_t> decoder_int(const ConfigJson& decoder, const char* key) {
  auto it = decoder.find(key);
  if (it == decoder.end() || !it->is_number_integer() || it->get<std::int64_t>() <= 0) return std::nullopt;
  return it->get<std::int64_t>();
}

std::int64_t required_int(const ConfigJson& decoder, const char* key, const std::filesystem::path& config) {
  if (auto value = decoder_int(decoder, key)) return *value;
  throw Error(ErrorCategory::runtime, fmt::format("{} has no positive model.decoder.{}, so the bytes a decode step "
                                                  "reads cannot be computed",
                                                  config.string(), key));
}

// The past-key input name of layer 0: the config's template (GenAI's default when absent) with
// its %d replaced.
std::string layer0_past_key(const ConfigJson& decoder) {
  std::string name = "past_key_values.%d.key";
  if (auto inputs = decoder.find("inputs"); inputs != decoder.end() && inputs->is_object()) {
    if (auto it = inputs->find("past_key_names"); it != inputs->end() && it->is_string()) name = it->get<std::string>();
  }
  if (auto at = name.find("%d"); at != std::string::npos) name.replace(at, 2, "0");
  return name;
}

}  // namespace

BundleModel read_bundle_model(const std::filesystem::path& bundle_dir) {
  const bundle::GenaiConfig config = bundle::load_genai_config(bundle_dir);
  bundle::require_stage_files(config);
  static const ConfigJson kEmpty = ConfigJson::object();
  const ConfigJson* decoder = &kEmpty;
  if (auto model = config.json.find("model"); model != config.json.end() && model->is_object()) {
    if (auto it = model->find("decoder"); it != model->end() && it->is_object()) decoder = &*it;
  }
  BundleModel out;
  AttentionShape& a = out.attention;
  a.layers = required_int(*decoder, "num_hidden_layers", config.config_path);
  a.attention_heads = required_int(*decoder, "num_attention_heads", config.config_path);
  a.kv_heads = decoder_int(*decoder, "num_key_value_heads").value_or(a.attention_heads);
  if (auto head_size = decoder_int(*decoder, "head_size")) {
    a.head_size = *head_size;
  } else {  // GenAI's own rule when head_size is absent
    a.head_size = required_int(*decoder, "hidden_size", config.config_path) / a.attention_heads;
  }

  const std::string past_key = layer0_past_key(*decoder);
  for (const bundle::StageInfo& stage : config.stages) {
    StageGraph graph{stage.name, config.stage_path(stage), stage.run_on_prompt, stage.run_on_token_gen, {}};
    graph.facts = read_onnx_graph_facts(graph.file);
    for (const GraphInputFact& input : graph.facts.inputs) {
      if (input.name == past_key && a.kv_data_type == 0) a.kv_data_type = input.elem_type;
    }
    out.stages.push_back(std::move(graph));
  }
  if (a.kv_data_type == 0) {
    throw Error(ErrorCategory::runtime,
                fmt::format("no model of {} has a tensor input named '{}' (model.decoder.inputs.past_key_names), so "
                            "the key/value cache's element size is unknown",
                            bundle_dir.string(), past_key));
  }
  return out;
}

}  // namespace winml::roofline
