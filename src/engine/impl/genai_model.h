#pragma once
// GenAI implementation of engine::GenaiModel, engine::Generator and engine::TokenStream.

#include <memory>
#include <string>

#include "engine/engine.h"

namespace winml::engine::impl {

/// Loads a bundle folder with OgaModel + OgaTokenizer. Throws GenaiLoadError.
std::unique_ptr<GenaiModel> load_genai_model(const std::string& bundle_dir);

}  // namespace winml::engine::impl
