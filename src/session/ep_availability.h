#pragma once
/// \file
/// A session refuses an EP this machine does not have, as `winml perf` and `winml generate` do:
/// GenAI itself would load the bundle on the CPU without a word, and a library caller asking for
/// CUDA would measure or ship the CPU by mistake.

#include "ep/discovery.h"
#include "winml/ep_choice.h"

namespace winml::session {

/// Returns when `choice` respects the bundle (without asking `discovery`) or names an EP this
/// machine has for its device; throws ep::EpUnavailableError listing what the machine has, or
/// UsageError for a device the EP does not target here.
void require_ep_available(const EpChoice& choice, ep::EpDiscovery& discovery);

}  // namespace winml::session
