#include "session/bundle_preparation.h"

#include "bundle/derived_bundle.h"
#include "bundle/ep_override.h"

namespace winml::session {

PreparedBundle prepare_bundle(const bundle::GenaiConfig& config, const GenaiSessionOptions& options) {
  PreparedBundle prepared;
  prepared.load_dir = config.bundle_dir;
  bundle::OverrideResult routed = bundle::override_bundle_ep(config.json, options.ep, options.device);
  prepared.warnings = routed.warnings;
  prepared.effective_ep = routed.effective_ep;
  for (const auto& stage : bundle::list_stages(routed.config)) {
    prepared.stages.push_back({stage.name, stage.ep, "jit", 0, ""});
  }
  if (!routed.changed) return prepared;
  // GenAI cannot change per-stage options through its API: it loads a derived bundle instead.
  prepared.load_dir = bundle::derived_bundle_dir(config.bundle_dir);
  bundle::write_derived_bundle(config.bundle_dir, routed.config, prepared.load_dir);
  return prepared;
}

}  // namespace winml::session
