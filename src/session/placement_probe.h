#pragma once
/// \file
/// The placement of every stage of a GenAI bundle. GenAI does not expose the ONNX Runtime sessions
/// it creates, so each stage gets a probe session of its own, opened from the stage file the loaded
/// config names (the compiled EPContext model when one is used, so nothing is compiled twice) with
/// the stage's own providers, device filter, config entries and optimisation level, one stage at a
/// time, each closed before the next (docs/metrics.md, "Placement").

#include <filesystem>
#include <vector>

#include "bundle/genai_config.h"
#include "engine/engine.h"
#include "winml/genai_session.h"
#include "winml/placement.h"

namespace winml::session {

/// The session a probe of `stage` opens, from the config in `load_dir` (the folder GenAI loads).
/// Neither EPContext generation (ep.context_enable, which would write files) nor the CPU-fallback
/// refusal (the probe is there to see what falls back) nor profiling is passed on. Throws
/// GenaiLoadError for a stage routed to an EP the catalog does not know.
engine::SessionSpec probe_session_spec(const bundle::GenaiConfig& config, const bundle::StageInfo& stage);

/// One StagePlacement per stage, in execution order, each from a probe session (source "probe",
/// probe_s its creation time by `clock`). A stage whose probe fails has its error set instead.
std::vector<StagePlacement> probe_bundle_placement(engine::Engine& engine, const std::filesystem::path& load_dir,
                                                   const Clock& clock);

}  // namespace winml::session
