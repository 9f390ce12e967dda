#pragma once
/// \file
/// Forcing a bundle onto one EP by rewriting its genai_config.json (the rules are below and in
/// docs/execution-providers.md). GenAI cannot change per-stage provider options through its API,
/// so the rewritten config goes into a derived bundle (derived_bundle.h). Pure: no file access,
/// no engine.

#include <string>
#include <string_view>
#include <vector>

#include "bundle/genai_config.h"
#include "winml/ep_choice.h"

namespace winml::bundle {

/// The outcome of an override.
struct OverrideResult {
  ConfigJson config;                    ///< the rewritten config (equal to the input when unchanged)
  std::string effective_ep = "config";  ///< alias the rewritten config runs on, or "config" when unchanged
  std::vector<std::string> warnings;    ///< for the user, one sentence each
  bool changed = false;                 ///< true when config differs from the input
  /// Why an override changed nothing ("the bundle already routes its hardware stages to qnn"), for
  /// messages that give their own fix; empty when it changed the config or respected the bundle.
  std::string unchanged_because;
};

/// Rewrites the provider options of `config` for `choice` (respects_bundle() = no override). The
/// choice's device, when set, picks the EP's device option (catalog column device_option).
///
/// Rules, applied to the decoder-level session_options and to every pipeline stage that has its
/// own session_options (stages without them follow the decoder-level ones):
/// - `cpu`: each list naming a hardware EP becomes `[]`; CPU lists stay byte-for-byte the same.
/// - a hardware EP: only lists already naming a hardware EP are re-routed, to
///   `[{genai_name: options}]`; CPU-intended stages stay on CPU. Options: the list's own
///   entry for that EP; else the first non-empty options any list has for it; else
///   ep::synthesised_options (`{"device_type": DEVICE}` for OpenVINO and VitisAI: the given device,
///   else the EP's primary); else `{}`, with a warning for EPs whose required options cannot be
///   guessed (QNN's backend_path). A given device also sets the device option on reused or
///   borrowed options.
/// - a hardware EP with choice.all_stages() (--ep-all-stages): every list is re-routed the same
///   way, CPU lists included, so embeddings and lm_head run on the EP too; a decoder without
///   session_options gets one, for the stages that follow it. `cpu` is unaffected by all_stages.
/// - nothing changed: effective_ep is "config" and a warning says the override had no effect (and,
///   on an all-CPU bundle, names --ep-all-stages).
///
/// Throws UsageError for a malformed config (names were checked when the choice was made).
OverrideResult override_bundle_ep(const ConfigJson& config, const EpChoice& choice);

/// For a bundle being written (`winml bundle synth --ep`), whose lists are all CPU lists: like
/// override_bundle_ep, but the decoder-level list (the plain decoder; ctx and iter of a pipeline)
/// counts as a hardware list, so the bundle comes out shaped like a hardware bundle (embeddings and
/// lm_head on the CPU). With choice.all_stages() every list is routed.
OverrideResult route_new_bundle(const ConfigJson& config, const EpChoice& choice);

/// The alias a config runs on as written: the first stage routed to a hardware EP, else the
/// decoder-level options' hardware EP, else "cpu".
std::string config_ep(const ConfigJson& config);

}  // namespace winml::bundle
