#include "bundle/intra_op_threads.h"

#include "bundle/pipeline_walk.h"
#include "bundle/stage_list.h"

namespace winml::bundle {
namespace {

constexpr const char* kKey = "intra_op_num_threads";

// The value a session_options object sets, when it is one and sets a number.
std::optional<int> threads_in(const ConfigJson* session_options) {
  if (session_options == nullptr || !session_options->is_object()) return std::nullopt;
  auto it = session_options->find(kKey);
  if (it == session_options->end() || !it->is_number()) return std::nullopt;
  return static_cast<int>(it->get<double>());
}

const ConfigJson* find_member(const ConfigJson& object, const char* key) {
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

}  // namespace

std::vector<StageThreads> stage_thread_settings(const ConfigJson& config) {
  std::vector<StageInfo> stages = list_stages(config);  // validates the shape first
  const ConfigJson& decoder = config.at("model").at("decoder");
  const std::optional<int> decoder_threads = threads_in(find_member(decoder, "session_options"));
  if (!is_pipeline(config)) return {{stages.front().name, decoder_threads}};
  std::vector<StageThreads> settings;
  for_each_pipeline_stage(decoder.at("pipeline"),
                          [&](const std::string& name, const ConfigJson& stage, const std::string&) {
                            const ConfigJson* own = find_member(stage, "session_options");
                            const ConfigJson* inherit = find_member(stage, "inherit_session_options");
                            bool inherits = inherit != nullptr && inherit->is_boolean() && inherit->get<bool>();
                            std::optional<int> threads = own == nullptr ? decoder_threads : threads_in(own);
                            if (own != nullptr && !threads && inherits) threads = decoder_threads;
                            settings.push_back({name, threads});
                          });
  return settings;
}

ConfigJson with_intra_op_threads(ConfigJson config, int threads) {
  list_stages(config);  // validates the shape before anything is written
  ConfigJson& decoder = config["model"]["decoder"];
  decoder["session_options"][kKey] = threads;
  if (!is_pipeline(config)) return config;
  for_each_pipeline_stage(decoder["pipeline"], [&](const std::string&, ConfigJson& stage, const std::string&) {
    if (auto it = stage.find("session_options"); it != stage.end()) (*it)[kKey] = threads;
  });
  return config;
}

}  // namespace winml::bundle
