#include "session/ep_availability.h"

#include "ep/catalog.h"
#include "ep/resolution.h"

namespace winml::session {

void require_ep_available(const EpChoice& choice, ep::EpDiscovery& discovery) {
  if (choice.respects_bundle()) return;
  // The same resolution the CLI's EpSelector uses, so the refusal reads the same.
  ep::EpResolver(discovery).select_genai_ep(choice.info()->canonical, choice.device());
}

}  // namespace winml::session
