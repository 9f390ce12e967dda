#include "report/routing_table.h"

#include <fmt/format.h>

#include "report/text_table.h"

namespace winml::report {
namespace {

std::string routing_phases(const bundle::StageInfo& stage) {
  if (stage.run_on_prompt && stage.run_on_token_gen) return "prompt+token";
  if (stage.run_on_prompt) return "prompt";
  return stage.run_on_token_gen ? "token" : "never";
}

// The provider list as GenAI will read it, compact: [{"openvino":{"device_type":"NPU"}}].
std::string routing_provider_json(const bundle::StageInfo& stage) {
  bundle::ConfigJson list = bundle::ConfigJson::array();
  for (const auto& entry : stage.providers) list.push_back(bundle::ConfigJson::object({{entry.name, entry.options}}));
  return list.dump();
}

}  // namespace

std::string routing_table(const std::vector<bundle::StageInfo>& before, const std::vector<bundle::StageInfo>& after,
                          bool color) {
  text::Table table({"STAGE", "FILE", "RUNS ON", "OPTIONS FROM", "BEFORE", "AFTER"}, false);
  std::string changes;
  for (std::size_t i = 0; i < before.size(); ++i) {
    const auto& was = before[i];
    const auto& now = after[i];
    table.add_row(
        {was.name, was.filename, routing_phases(was), was.own_session_options ? "stage" : "decoder", was.ep, now.ep});
    std::string old_list = routing_provider_json(was);
    std::string new_list = routing_provider_json(now);
    if (old_list != new_list) changes += fmt::format("  {}: {} -> {}\n", was.name, old_list, new_list);
  }
  std::string out = table.render(text::Style::make(color));
  return out + (changes.empty() ? "provider options unchanged\n" : "provider options:\n" + changes);
}

}  // namespace winml::report
