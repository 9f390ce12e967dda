#pragma once
/// \file
/// --no-cpu-fallback for a bundle: ONNX Runtime's `session.disable_cpu_ep_fallback` on the
/// sessions GenAI creates for stages routed to an accelerator, and only those (a stage the bundle
/// routes to the CPU on purpose keeps running there). GenAI passes unknown session_options keys to
/// ONNX Runtime as config entries, so the option travels in a derived genai_config.json. Pure.

#include "bundle/genai_config.h"

namespace winml::bundle {

/// `config` with `"session.disable_cpu_ep_fallback": "1"` in every session_options object whose
/// session runs on a hardware EP: the decoder level when its providers name one, and each pipeline
/// stage with its own options routed to one (under inherit_session_options, with the decoder
/// level's providers merged in). Throws UsageError for a malformed config.
ConfigJson with_cpu_fallback_disabled(ConfigJson config);

}  // namespace winml::bundle
