#include "session/bundle_preparation.h"

namespace winml::session {

PreparedBundle prepare_bundle(const std::filesystem::path& bundle_dir, const nlohmann::json& /*config*/,
                              const GenaiSessionOptions& /*options*/) {
  PreparedBundle prepared;
  prepared.load_dir = bundle_dir;
  return prepared;
}

}  // namespace winml::session
