#pragma once
/// \file
/// A sweep over EPs or devices whose rows would measure the same thing: on a bundle where an EP
/// override changes nothing (a CPU bundle under --ep X without --ep-all-stages, a bundle already
/// routed to X), two choices run the same config, and the report would show one measurement
/// twice under two names. Pure: no file access, no engine.

#include <vector>

#include "bundle/genai_config.h"
#include "winml/ep_choice.h"

namespace winml::bundle {

/// Throws UsageError when two of `choices` (distinct EP/device choices of one sweep) route
/// `config` identically (override_bundle_ep), naming both, why the override had no effect and the
/// fix (--ep-all-stages where that would route the stages, else sweeping only one of them).
void refuse_identical_routings(const ConfigJson& config, const std::vector<EpChoice>& choices);

}  // namespace winml::bundle
