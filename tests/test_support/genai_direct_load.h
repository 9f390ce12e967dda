#pragma once
// GenAI's own load of a bundle, calling the pinned library directly (no winml check in between):
// for the contract tests that compare what GenAI does with what winml assumes. Needs the target to
// link winml_ort_genai.

#include <ort_genai_c.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <string>

namespace winml::test {

/// The message of a failed Oga call; releases the result.
inline std::string take_oga_error(OgaResult* result) {
  std::string text = OgaResultGetError(result);
  OgaDestroyResult(result);
  return text;
}

/// "" when GenAI loads `bundle`, else its error ("config: ..." when the config itself is refused).
/// `change`, when given, edits the config between OgaCreateConfig and OgaCreateModelFromConfig and
/// returns "" or its own error, which is returned instead of loading.
inline std::string genai_direct_load_error(const std::filesystem::path& bundle,
                                           const std::function<std::string(OgaConfig*)>& change = {}) {
  OgaConfig* raw = nullptr;
  if (OgaResult* result = OgaCreateConfig(bundle.string().c_str(), &raw)) return "config: " + take_oga_error(result);
  std::unique_ptr<OgaConfig, decltype(&OgaDestroyConfig)> config(raw, &OgaDestroyConfig);
  if (change) {
    if (std::string error = change(config.get()); !error.empty()) return error;
  }
  OgaModel* model = nullptr;
  if (OgaResult* result = OgaCreateModelFromConfig(config.get(), &model)) return take_oga_error(result);
  OgaDestroyModel(model);
  return "";
}

}  // namespace winml::test
