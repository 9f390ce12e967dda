#include "session/bundle_check.h"

#include <set>

#include "bundle/bundle_paths.h"
#include "bundle/file_write_options.h"
#include "bundle/native_code.h"
#include "onnx_wire/graph_inputs.h"
#include "winml/errors.h"

namespace winml::session {

BundleFacts check_bundle(const std::filesystem::path& bundle_dir, bool allow_custom_ops) {
  BundleFacts facts{bundle::load_genai_config(bundle_dir), {}, {}, {}, {}, {}};
  bundle::require_no_native_code(facts.config, allow_custom_ops);
  bundle::require_no_file_writes(facts.config);
  bundle::require_stage_files(facts.config);
  std::string tokenizer_dir = facts.config.json["model"].value("tokenizer_dir", std::string());
  facts.tokenizer_dir = tokenizer_dir.empty()
                            ? bundle_dir
                            : bundle::resolve_bundle_path(bundle_dir, tokenizer_dir, "model.tokenizer_dir");
  // Containment first: tokenizer.json is read below only once it is known to lie in the bundle.
  bundle::require_contained_files(facts.config, facts.tokenizer_dir);
  const auto tokenizer = facts.tokenizer_dir / "tokenizer.json";
  facts.tokenizer = read_tokenizer_ids(facts.tokenizer_dir);
  if (!facts.tokenizer.present) {
    facts.tokenizer_problem = "the bundle's tokenizer " + tokenizer.string() +
                              " is missing, and a text prompt needs it. Copy the model's tokenizer.json into the "
                              "bundle; --prompt-tokens runs need no tokenizer";
  } else {
    facts.tokenizer_misfit =
        tokenizer_misfit(facts.tokenizer, tokenizer, facts.config.vocab_size, facts.config.config_path);
    if (!facts.tokenizer_misfit.empty()) {
      facts.tokenizer_problem = facts.tokenizer_misfit +
                                ". Put the tokenizer the model was exported with into the bundle; --prompt-tokens "
                                "runs need no tokenizer";
    }
  }
  facts.generator_problem = paged_kv_refusal(facts.config);
  return facts;
}

std::string paged_kv_refusal(const bundle::GenaiConfig& config) {
  // GenAI's Engine takes decoder-only models, so only a plain decoder can be a paged one.
  if (config.is_pipeline || config.stages.size() != 1) return "";
  const auto& json = config.json;
  // GenAI's paged-attention inputs, under their default names or the ones model.decoder.inputs gives.
  std::set<std::string> paged = {"block_table", "cumulative_sequence_lengths", "past_sequence_lengths"};
  const auto model = json.find("model");
  if (model != json.end() && model->is_object()) {
    const auto decoder = model->find("decoder");
    if (decoder != model->end() && decoder->is_object()) {
      const auto inputs = decoder->find("inputs");
      if (inputs != decoder->end() && inputs->is_object()) {
        for (const auto* key : {"block_table", "cumulative_sequence_lengths", "past_sequence_lengths"}) {
          const auto name = inputs->find(key);
          if (name != inputs->end() && name->is_string()) paged.insert(name->get<std::string>());
        }
      }
    }
  }
  const auto file = config.stage_path(config.stages.front());
  std::string found;
  for (const auto& name : onnx_wire::graph_input_names(file)) {
    if (paged.count(name) != 0) {
      found = name;
      break;
    }
  }
  if (found.empty()) return "";
  const auto engine = json.find("engine");
  const bool dynamic = engine != json.end() && engine->is_object() && engine->contains("dynamic_batching");
  return file.string() + " takes a paged KV cache (its input " + found +
         "), which only GenAI's dynamic engine feeds: GenAI's generator, which winml generate and winml perf "
         "without --concurrency use, cannot run it. Measure it through serving: winml perf -m " +
         config.bundle_dir.string() + " --concurrency 1 (or more, e.g. --concurrency 1,4)" +
         (dynamic ? "" : "; the dynamic engine also needs engine.dynamic_batching in " + config.config_path.string());
}

}  // namespace winml::session
