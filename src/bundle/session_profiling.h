#pragma once
/// \file
/// A config whose every session profiles itself (ONNX Runtime's session-level `enable_profiling`),
/// for `winml perf --profile`. GenAI 0.18 forwards the generator's run-level `enable_profiling`
/// only to the run options of the outer state: a decoder-pipeline stage runs through its own
/// state with its own run options, so run-level profiling never reaches it. Session-level
/// profiling does, one file per session, written when the session is destroyed. The config goes
/// into a derived bundle used for the profiling runs only. Pure: no file access.

#include <filesystem>
#include <string>

#include "bundle/genai_config.h"

namespace winml::bundle {

/// The profile file prefix of a stage: `dir`/<stage>; ORT appends "_<timestamp>.json".
std::filesystem::path stage_profile_prefix(const std::filesystem::path& dir, const std::string& stage);

/// `config` with `enable_profiling: stage_profile_prefix(dir, stage)` in the session options of
/// each stage (the plain decoder: model.decoder.session_options). A pipeline stage without its own
/// session_options shares the decoder-level ones, and so would share one prefix with the other
/// such stages (ORT names the files by the second, so they would overwrite each other): it gets a
/// copy of the decoder-level session_options, which gives its session the same providers and
/// options. Throws UsageError for a malformed config.
ConfigJson with_session_profiling(ConfigJson config, const std::filesystem::path& dir);

}  // namespace winml::bundle
