#pragma once
// GenAI implementation of engine::GenaiModel, engine::Generator and engine::TokenStream.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/engine.h"

namespace winml::engine::impl {

/// Loads a bundle folder with OgaModel + OgaTokenizer. Throws GenaiLoadError worded by
/// load_errors.h; available_eps lists this machine's execution providers for that message.
std::unique_ptr<GenaiModel> load_genai_model(const std::string& bundle_dir,
                                             const std::function<std::vector<std::string>()>& available_eps);

}  // namespace winml::engine::impl
