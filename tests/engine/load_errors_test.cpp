#include "engine/impl/load_errors.h"

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "platform/utf8_path.h"

namespace winml::engine::impl {
namespace {

std::vector<std::string> cpu_only() { return {"CPUExecutionProvider"}; }

// `part` with the bundle files winml names itself (it joins /b and the name with the system's
// separator: "/b\\genai_config.json" on Windows) as this system writes them. Paths quoted from
// GenAI's own text keep GenAI's spelling.
std::string native(std::string part) {
  for (const char* file : {"genai_config.json", "tokenizer_config.json", "tokenizer.json"}) {
    const std::string written = "/b/" + std::string(file);
    const std::size_t at = part.find(written);
    if (at != std::string::npos) {
      part.replace(at, written.size(), platform::utf8_string(std::filesystem::path("/b") / file));
      break;
    }
  }
  return part;
}

struct LoadCase {
  std::string what;                   ///< GenAI 0.18's text, as observed
  std::vector<std::string> expected;  ///< parts of our message
};

class ModelLoadFailure : public ::testing::TestWithParam<LoadCase> {};

TEST_P(ModelLoadFailure, NamesTheFileOrKeyAndTheFix) {
  const std::string message = explain_model_load_failure("/b", GetParam().what, cpu_only);
  for (const auto& part : GetParam().expected) {
    EXPECT_NE(message.find(native(part)), std::string::npos) << "missing '" << native(part) << "' in: " << message;
  }
}

INSTANTIATE_TEST_SUITE_P(
    GenaiTexts, ModelLoadFailure,
    ::testing::Values(
        LoadCase{"Unsupported model_type in config.json: llamaX",
                 {"/b/genai_config.json", "model.type 'llamaX'", "decoder, chatglm", "whisper"}},
        LoadCase{"Load model from /b/model.onnx failed:Protobuf parsing failed.",
                 {"/b/model.onnx is not a valid ONNX file", "/b/genai_config.json", "Re-export"}},
        LoadCase{"Load model from /b/ctx.onnx failed:Deserialize tensor x failed.",
                 {"ONNX Runtime could not load /b/ctx.onnx", "Deserialize tensor x failed", "external data"}},
        LoadCase{"Cuda interface not available: Failed to load library: /x/libonnxruntime-genai-cuda.so: cannot open",
                 {"/b/genai_config.json", "CUDAExecutionProvider", "Available here: CPUExecutionProvider", "--ep cpu"}},
        LoadCase{"QNN execution provider is not supported in this build. ",
                 {"QNNExecutionProvider", "Available here: CPUExecutionProvider", "--ep cpu"}},
        LoadCase{"DML provider requested, but the installed GenAI has not been built with DML support",
                 {"DmlExecutionProvider", "--ep cpu"}},
        LoadCase{"Foo execution provider is not supported in this build.", {"FooExecutionProvider", "--ep cpu"}},
        LoadCase{"Unknown provider name 'FooEP'. Currently supported values are 'DML'/'DmlExecutionProvider'",
                 {"'FooEP'", "/b/genai_config.json", "provider_options", "--ep cpu"}},
        LoadCase{"something new went wrong.\n", {"GenAI could not load the bundle /b: something new went wrong."}}));

TEST(ModelLoadFailure, AsksForTheAvailableProvidersOnlyForAMissingProvider) {
  int asked = 0;
  auto count = [&asked] {
    ++asked;
    return std::vector<std::string>{"CPUExecutionProvider", "XnnpackExecutionProvider"};
  };
  explain_model_load_failure("/b", "Unsupported model_type in config.json: x", count);
  EXPECT_EQ(asked, 0);
  auto message = explain_model_load_failure("/b", "WebGPU execution provider is not supported in this build.", count);
  EXPECT_EQ(asked, 1);
  EXPECT_NE(message.find("CPUExecutionProvider, XnnpackExecutionProvider"), std::string::npos) << message;
}

TEST(KnownModelTypes, IncludeThePlainDecoderAndThePipelineAndHaveNoDuplicates) {
  auto types = known_model_types();
  EXPECT_NE(std::find(types.begin(), types.end(), "decoder"), types.end());
  EXPECT_NE(std::find(types.begin(), types.end(), "decoder-pipeline"), types.end());
  std::sort(types.begin(), types.end());
  EXPECT_EQ(std::adjacent_find(types.begin(), types.end()), types.end());
}

TEST(TokenizerLoadFailure, NamesTokenizerJsonWhenItDoesNotParse) {
  auto message =
      explain_tokenizer_load_failure("/b", "[json.exception.parse_error.101] parse error", "parse error 101");
  EXPECT_NE(message.find(native("/b/tokenizer.json is not valid JSON (parse error 101)")), std::string::npos)
      << message;
  message = explain_tokenizer_load_failure("/b", "Failed to get model node from tokenizer.json", "");
  EXPECT_NE(message.find(native("/b/tokenizer.json")), std::string::npos) << message;
  EXPECT_NE(message.find("Failed to get model node"), std::string::npos) << message;
}

TEST(ChatTemplateFailure, SuggestsNoApplyTemplate) {
  for (const char* what : {"Invalid or unsupported chat template.", "Empty chat template."}) {
    auto message = explain_chat_template_failure("/b", what);
    EXPECT_NE(message.find("--no-apply-template"), std::string::npos) << message;
    EXPECT_NE(message.find(native("/b/tokenizer_config.json")), std::string::npos) << message;
  }
}

TEST(OnnxLoadFailure, SaysWhenTheFileIsNotOnnx) {
  EXPECT_EQ(explain_onnx_load_failure("/m.onnx", "Load model from /m.onnx failed:Protobuf parsing failed.")
                .rfind("/m.onnx is not a valid ONNX file", 0),
            0u);
  auto other = explain_onnx_load_failure("/m.onnx", "Deserialize tensor failed.\n");
  EXPECT_NE(other.find("could not load /m.onnx: Deserialize tensor failed. Check"), std::string::npos) << other;
}

}  // namespace
}  // namespace winml::engine::impl
