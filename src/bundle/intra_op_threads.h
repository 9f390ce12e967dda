#pragma once
/// \file
/// The intra-op thread count of each session GenAI creates for a bundle: read as the config sets it,
/// and written for `--threads`. GenAI 0.18 has no API for per-stage session options, so a written
/// config goes into a derived bundle (derived_bundle.h). Pure: no file access, no engine.

#include <vector>

#include "bundle/genai_config.h"
#include "winml/stage_threads.h"

namespace winml::bundle {

/// Per stage in execution order (named as list_stages names them), the `intra_op_num_threads`
/// GenAI 0.18 gives the stage's session
/// (Model::CreateSessionOptions): a stage without its own session_options, and the plain decoder,
/// use the decoder-level value; a stage with its own uses its own value, falling back to the
/// decoder-level one only under `inherit_session_options` (GenAI otherwise starts it from fresh
/// options, with its default). A value that is not a number counts as none (GenAI refuses it at
/// load). Throws UsageError for a malformed config.
std::vector<StageThreads> stage_thread_settings(const ConfigJson& config);

/// `config` with `intra_op_num_threads: threads` in model.decoder.session_options (created when
/// absent) and in the session_options of every pipeline stage that has its own, so every stage's
/// session gets it whichever way it takes its options. Everything else, key order included, is
/// kept. Throws UsageError for a malformed config.
ConfigJson with_intra_op_threads(ConfigJson config, int threads);

}  // namespace winml::bundle
