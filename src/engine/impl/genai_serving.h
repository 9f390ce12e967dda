#pragma once
// GenAI implementation of engine::ServingEngine: OgaEngine, its requests and its event buffer.

#include <memory>

#include "engine/engine.h"

struct OgaModel;

namespace winml::engine::impl {

/// GenAI's Engine over `model`, which it retains. Throws UsageError when GenAI cannot serve the
/// model (a decoder pipeline, another model type), SessionError for any other failure.
std::unique_ptr<ServingEngine> create_serving_engine(OgaModel& model);

}  // namespace winml::engine::impl
