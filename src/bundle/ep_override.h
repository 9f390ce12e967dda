#pragma once
/// \file
/// Forcing a bundle onto one EP by rewriting its genai_config.json (rules:
/// docs/execution-providers.md, "EP override of a bundle"). GenAI cannot change per-stage provider
/// options through its API, so the rewritten config goes into a derived bundle (derived_bundle.h).
/// Pure: no file access, no engine.

#include <string>
#include <string_view>
#include <vector>

#include "bundle/genai_config.h"

namespace winml::bundle {

/// The outcome of an override.
struct OverrideResult {
  ConfigJson config;                    ///< the rewritten config (equal to the input when unchanged)
  std::string effective_ep = "config";  ///< alias the rewritten config runs on, or "config" when unchanged
  std::vector<std::string> warnings;    ///< for the user, one sentence each
  bool changed = false;                 ///< true when config differs from the input
};

/// Rewrites the provider options of `config` for `ep` (an EP name or alias; empty or "config" =
/// no override). `device` (npu/gpu/cpu or empty) picks `device_type` for OpenVINO and VitisAI.
///
/// Rules, applied to the decoder-level session_options and to every pipeline stage that has its
/// own session_options (stages without them follow the decoder-level ones):
/// - `cpu`: each list naming a hardware EP becomes `[]`; CPU lists stay byte-for-byte the same.
/// - a hardware EP: only lists already naming a hardware EP are re-routed, to
///   `[{genai_provider_name: options}]`; CPU-intended stages stay on CPU. Options: the list's own
///   entry for that EP; else the first non-empty options any list has for it; else
///   `{"device_type": DEVICE}` for device-parameterised EPs (the given device, else the EP's
///   primary); else `{}` (with a warning for QNN, whose backend cannot be guessed). A given device
///   also sets `device_type` on reused or borrowed options of device-parameterised EPs.
/// - nothing changed: effective_ep is "config" and a warning says the override had no effect.
///
/// Throws UsageError for an unknown EP or device, or a device the EP does not target;
/// GenaiLoadError for a malformed config.
OverrideResult override_bundle_ep(const ConfigJson& config, std::string_view ep, std::string_view device = {});

/// The alias a config runs on as written: the first stage routed to a hardware EP, else the
/// decoder-level options' hardware EP, else "cpu".
std::string config_ep(const ConfigJson& config);

}  // namespace winml::bundle
