#pragma once
/// \file
/// The stages of a GenAI config in execution order: the pipeline stages, or one "decoder" entry for
/// a plain decoder, each with the providers its session gets (stage_list.cpp).

#include <vector>

#include "bundle/genai_config.h"

namespace winml::bundle {

/// The stages of a config (see StageInfo); throws UsageError for a malformed config.
std::vector<StageInfo> list_stages(const ConfigJson& config);

/// True when model.type is "decoder-pipeline".
bool is_pipeline(const ConfigJson& config);

}  // namespace winml::bundle
