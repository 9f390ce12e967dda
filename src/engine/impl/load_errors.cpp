#include "engine/impl/load_errors.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <utility>

namespace winml::engine::impl {
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// GenAI's and ONNX Runtime's texts end in ". ", ".\n" or nothing: one sentence inside ours.
std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '.' || text.back() == ' ' || text.back() == '\n')) text.pop_back();
  return text;
}

std::string config_path(const std::string& bundle_dir) {
  return (std::filesystem::path(bundle_dir) / "genai_config.json").string();
}

// The text between `before` and the next `after` in `text` ("" when absent).
std::string between(const std::string& text, const std::string& before, const std::string& after) {
  const auto start = text.find(before);
  if (start == std::string::npos) return "";
  const auto from = start + before.size();
  const auto end = after.empty() ? std::string::npos : text.find(after, from);
  return text.substr(from, end == std::string::npos ? std::string::npos : end - from);
}

// The execution provider a "not available" failure is about, in ONNX Runtime's spelling; ""
// when `what` is not such a failure. GenAI 0.18 words these differently per provider.
std::string missing_provider(const std::string& what) {
  static const std::pair<const char*, const char*> kGenaiNames[] = {
      {"Cuda interface not available", "CUDAExecutionProvider"},
      {"DML provider requested", "DmlExecutionProvider"},
      {"QNN execution provider", "QNNExecutionProvider"},
      {"WebGPU execution provider", "WebGpuExecutionProvider"},
      {"OpenVINO execution provider", "OpenVINOExecutionProvider"},
      {"VitisAI execution provider", "VitisAIExecutionProvider"},
      {"RyzenAI execution provider", "RyzenAIExecutionProvider"},
      {"NvTensorRtRtx execution provider", "NvTensorRTRTXExecutionProvider"},
  };
  for (const auto& [marker, name] : kGenaiNames) {
    if (contains(what, marker)) return name;
  }
  if (contains(what, " execution provider is not supported in this build")) {
    return between(what, "", " execution provider is not supported") + "ExecutionProvider";
  }
  return "";
}

}  // namespace

const std::vector<std::string>& known_model_types() {
  static const std::vector<std::string> types = {
      // Decoder-only LLMs (one code path; the name only selects small model-specific fixes).
      "decoder", "chatglm", "ernie4_5", "gemma", "gemma2", "gemma3_text", "gemma3_vl_text", "gemma4_text", "gpt2",
      "gptoss", "granite", "granitemoehybrid", "hunyuandensev1", "internlm2", "lfm2", "lfm2_moe", "lfm2_vl_text",
      "lfm2_audio_text", "llama", "mistral", "mistral3_text", "nemotron", "olmo", "phi", "phimoe", "phi3", "phi3small",
      "qwen2", "qwen2_5_vl_text", "qwen3", "qwen3_vl_text", "qwen3_5_text", "qwen3_5_moe_text", "smollm3",
      // Split decoders (winml's NPU bundles) and multimodal / speech / translation models.
      "decoder-pipeline", "fara", "gemma3", "gemma4", "gemma4_unified", "lfm2_audio", "lfm2_vl", "marian-ssru",
      "mistral3", "nemotron_speech", "parakeet_tdt", "phi3v", "phi4mm", "qwen2_5_vl", "qwen3_5", "qwen3_5_moe",
      "qwen3_vl", "videochat_flash_qwen", "whisper"};
  return types;
}

std::string explain_model_load_failure(const std::string& bundle_dir, const std::string& what,
                                       const std::function<std::vector<std::string>()>& available_eps) {
  if (contains(what, "Unsupported model_type")) {
    const std::string type = trimmed(between(what, "config.json: ", ""));
    return config_path(bundle_dir) + ": model.type '" + type +
           "' is not a model type ONNX Runtime GenAI supports. Set it to one of: " +
           fmt::format("{}", fmt::join(known_model_types(), ", ")) +
           " (for a plain decoder-only LLM, 'decoder' or its family name such as 'llama' or 'qwen2').";
  }
  if (contains(what, "Load model from ") && contains(what, "Protobuf parsing failed")) {
    const std::string file = between(what, "Load model from ", " failed");
    return file + " is not a valid ONNX file (ONNX Runtime could not parse it), so the bundle " + bundle_dir +
           " cannot load. Re-export or re-download that file; " + config_path(bundle_dir) +
           " names it as a stage's filename.";
  }
  if (contains(what, "Load model from ")) {
    const std::string file = between(what, "Load model from ", " failed");
    return "ONNX Runtime could not load " + file + " of the bundle " + bundle_dir + ": " +
           trimmed(between(what, " failed:", "")) +
           ". Check that it is a complete ONNX model with its external data files beside it (re-export or "
           "re-download it).";
  }
  if (const std::string provider = missing_provider(what); !provider.empty()) {
    const std::vector<std::string> available = available_eps ? available_eps() : std::vector<std::string>{};
    return config_path(bundle_dir) + " routes the model to " + provider +
           " (session_options.provider_options), which this machine does not have (" + trimmed(what) +
           "). Available here: " +
           (available.empty() ? "CPUExecutionProvider" : fmt::format("{}", fmt::join(available, ", "))) +
           ". Run with --ep cpu to use the CPU instead, or --ep with one of those.";
  }
  if (contains(what, "Unknown provider name")) {
    return config_path(bundle_dir) + " names an execution provider ONNX Runtime GenAI does not know (" +
           trimmed(between(what, "Unknown provider name ", ". ")) +
           ") in session_options.provider_options. Fix the name there, or run with --ep cpu to use the CPU.";
  }
  return "GenAI could not load the bundle " + bundle_dir + ": " + trimmed(what) + ".";
}

std::string explain_tokenizer_load_failure(const std::string& bundle_dir, const std::string& what,
                                           const std::string& tokenizer_json_error) {
  const std::string tokenizer = (std::filesystem::path(bundle_dir) / "tokenizer.json").string();
  if (!tokenizer_json_error.empty()) {
    return tokenizer + " is not valid JSON (" + trimmed(tokenizer_json_error) +
           "). Restore the model's original tokenizer.json (re-download it) or regenerate the bundle.";
  }
  return "GenAI could not load the tokenizer " + tokenizer + ": " + trimmed(what) +
         ". It must be a Hugging Face tokenizer.json matching tokenizer_config.json; restore the model's original "
         "tokenizer files or regenerate the bundle.";
}

std::string explain_chat_template_failure(const std::string& bundle_dir, const std::string& what) {
  const std::string config = (std::filesystem::path(bundle_dir) / "tokenizer_config.json").string();
  if (contains(what, "Empty chat template")) {
    return "the bundle " + bundle_dir + " has no chat template (no chat_template in " + config +
           "). Pass --no-apply-template to use the prompt as is.";
  }
  return "GenAI cannot render the chat template of " + bundle_dir + " (chat_template in " + config +
         "): " + trimmed(what) + ". Pass --no-apply-template to use the prompt as is, or fix chat_template.";
}

std::string explain_onnx_load_failure(const std::string& model_path, const std::string& what) {
  if (contains(what, "Protobuf parsing failed")) {
    return model_path +
           " is not a valid ONNX file (ONNX Runtime could not parse it). Check the path, or re-export or "
           "re-download the model.";
  }
  return "ONNX Runtime could not load " + model_path + ": " + trimmed(what) +
         ". Check that it is a complete ONNX model (re-export or re-download it) with its external data files "
         "beside it.";
}

}  // namespace winml::engine::impl
