#pragma once
// Classifies what ONNX Runtime GenAI and ONNX Runtime say when a bundle, a tokenizer or a chat
// template fails, and words it as one message that names the file or key and the fix. Plain
// string functions with no engine headers, so they can be tested without loading the engines.

#include <functional>
#include <string>
#include <vector>

namespace winml::engine::impl {

/// The model types ONNX Runtime GenAI 0.18 accepts in genai_config.json's model.type (each was
/// checked against the library: anything else fails with "Unsupported model_type").
const std::vector<std::string>& known_model_types();

/// The message for a failed OgaModel::Create of `bundle_dir`; `what` is GenAI's text.
/// `available_eps` is asked only when the failure is a missing execution provider.
/// Recognised: unknown model.type (lists the known ones), a model file that is not valid ONNX
/// (names it), an execution provider this machine lacks (names it, lists the available ones and
/// suggests --ep cpu). Anything else keeps GenAI's text after naming the bundle.
std::string explain_model_load_failure(const std::string& bundle_dir, const std::string& what,
                                       const std::function<std::vector<std::string>()>& available_eps);

/// The message for a failed OgaTokenizer::Create. `tokenizer_json_error` is the parse error of
/// the bundle's tokenizer.json ("" when it parses).
std::string explain_tokenizer_load_failure(const std::string& bundle_dir, const std::string& what,
                                           const std::string& tokenizer_json_error);

/// The message for a chat template GenAI cannot render: names where the template comes from and
/// suggests --no-apply-template.
std::string explain_chat_template_failure(const std::string& bundle_dir, const std::string& what);

/// The message for an ONNX file that ONNX Runtime cannot load (a plain session or a compile).
std::string explain_onnx_load_failure(const std::string& model_path, const std::string& what);

}  // namespace winml::engine::impl
