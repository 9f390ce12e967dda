#include "bundle/identical_routings.h"

#include "bundle/ep_override.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

// "openvino on gpu", "cpu", "the bundle's routing".
std::string label(const EpChoice& choice) {
  if (choice.respects_bundle()) return "the bundle's own routing (config)";
  std::string text = choice.ep_label();
  if (!choice.device().empty()) text += " on " + choice.device();
  return text;
}

}  // namespace

void refuse_identical_routings(const ConfigJson& config, const std::vector<EpChoice>& choices) {
  std::vector<OverrideResult> routed;
  routed.reserve(choices.size());
  for (const EpChoice& choice : choices) routed.push_back(override_bundle_ep(config, choice));
  for (std::size_t j = 1; j < choices.size(); ++j) {
    for (std::size_t i = 0; i < j; ++i) {
      if (routed[i].config != routed[j].config) continue;
      // The choice whose override did nothing says why; prefer the later one (the hardware EP of `cpu,X`).
      const std::size_t idle = routed[j].changed ? i : j;
      const std::string why = routed[idle].unchanged_because.empty()
                                  ? "both give the same genai_config.json"
                                  : label(choices[idle]) + " changes nothing: " + routed[idle].unchanged_because;
      std::string fix = "Sweep only one of them.";
      for (std::size_t k : {j, i}) {
        const EpChoice& choice = choices[k];
        if (choice.respects_bundle() || choice.all_stages()) continue;
        if (override_bundle_ep(config, choice.with_all_stages()).config != routed[i].config) {
          fix = "Pass --ep-all-stages to route every stage, CPU stages included, to " + choice.ep_label() +
                ", or sweep only one of them.";
          break;
        }
      }
      throw UsageError("the sweep's " + label(choices[i]) + " and " + label(choices[j]) +
                       " would run this bundle the same way, so their rows would be one measurement under two names (" +
                       why + "). " + fix);
    }
  }
}

}  // namespace winml::bundle
