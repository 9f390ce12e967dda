#include "bundle/native_code.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

using ::testing::HasSubstr;
using testing::TempDir;
using testing::write_text;

TEST(NativeCodeTest, OptionKindsByName) {
  struct Case {
    const char* key;
    LibraryOptionKind kind;
  };
  const std::vector<Case> cases = {
      {"custom_ops_library", LibraryOptionKind::always},
      {"backend_path", LibraryOptionKind::system_name},
      {"Backend_Path", LibraryOptionKind::system_name},
      {"qnn_ir_backend_path", LibraryOptionKind::system_name},
      {"qnn_saver_path", LibraryOptionKind::system_name},
      {"op_packages", LibraryOptionKind::always},
      {"trt_extra_plugin_lib_paths", LibraryOptionKind::always},
      {"trt_engine_decryption_lib_path", LibraryOptionKind::always},
      {"some_future_plugin_dir", LibraryOptionKind::always},
      {"my_library", LibraryOptionKind::always},
      {"htp_performance_mode", LibraryOptionKind::none},
      {"device_type", LibraryOptionKind::none},
      {"ep.context_file_path", LibraryOptionKind::none},
      {"intra_op_num_threads", LibraryOptionKind::none},
      {"backend_type", LibraryOptionKind::none},
  };
  for (const auto& c : cases) EXPECT_EQ(library_option_kind(c.key), c.kind) << c.key;
}

// A plain decoder config with `session_options` at the decoder and one pipeline stage.
ConfigJson config_with(const std::string& decoder_options, const std::string& stage_options) {
  return ConfigJson::parse(R"({"model": {"type": "decoder-pipeline", "context_length": 64, "decoder": {
      "session_options": )" +
                           decoder_options +
                           R"(, "pipeline": [{"a": {"filename": "a.onnx"}}, {"ctx": {"filename": "ctx.onnx",
      "session_options": )" +
                           stage_options + R"(}}]}}})");
}

TEST(NativeCodeTest, FindsEveryLibraryOptionWithItsJsonPath) {
  TempDir bundle;
  TempDir cwd;
  write_text(bundle.path() / "libQnnHtp.so", "shipped");  // a bare name the bundle ships: its own code
  write_text(cwd.path() / "libcwd.so", "in the working directory");
  struct Case {
    const char* what;
    std::string decoder;
    std::string stage;
    std::vector<std::string> locations;  // expected findings
  };
  const std::string empty = R"({"provider_options": []})";
  const std::vector<Case> cases = {
      {"nothing", empty, empty, {}},
      {"custom ops at the decoder",
       R"({"custom_ops_library": "libcustom.so"})",
       empty,
       {"model.decoder.session_options.custom_ops_library"}},
      {"custom ops in a stage",
       empty,
       R"({"custom_ops_library": "./libx.so"})",
       {"model.decoder.pipeline[1].ctx.session_options.custom_ops_library"}},
      // GenAI hands the bundle folder itself to the loader for an empty name.
      {"empty custom ops",
       R"({"custom_ops_library": ""})",
       empty,
       {"model.decoder.session_options.custom_ops_library"}},
      {"empty backend path is the provider's default",
       empty,
       R"({"provider_options": [{"qnn": {"backend_path": ""}}]})",
       {}},
      {"system backend by bare name",
       empty,
       R"({"provider_options": [{"qnn": {"backend_path": "libQnnCpu.so"}}]})",
       {}},
      {"backend with a folder",
       empty,
       R"({"provider_options": [{"qnn": {"backend_path": "./libQnnCpu.so"}}]})",
       {"model.decoder.pipeline[1].ctx.session_options.provider_options[0].qnn.backend_path"}},
      {"absolute backend",
       empty,
       R"({"provider_options": [{"qnn": {"backend_path": "/opt/qnn/lib/libQnnHtp.so"}}]})",
       {"model.decoder.pipeline[1].ctx.session_options.provider_options[0].qnn.backend_path"}},
      {"bare backend the bundle ships",
       empty,
       R"({"provider_options": [{"qnn": {"backend_path": "libQnnHtp.so"}}]})",
       {"model.decoder.pipeline[1].ctx.session_options.provider_options[0].qnn.backend_path"}},
      {"bare backend in the working dir",
       R"({"provider_options": [{"QNN": {"qnn_saver_path": "libcwd.so"}}]})",
       empty,
       {"model.decoder.session_options.provider_options[0].QNN.qnn_saver_path"}},
      {"dot dot backend",
       empty,
       R"({"provider_options": [{"qnn": {"backend_path": ".."}}]})",
       {"model.decoder.pipeline[1].ctx.session_options.provider_options[0].qnn.backend_path"}},
      {"op packages",
       empty,
       R"({"provider_options": [{"qnn": {"op_packages": "Op:libop.so:reg"}}]})",
       {"model.decoder.pipeline[1].ctx.session_options.provider_options[0].qnn.op_packages"}},
      {"tensorrt plugins in second entry",
       R"({"provider_options": [{"cuda": {}}, {"tensorrt": {"trt_extra_plugin_lib_paths": "a.so;b.so"}}]})",
       empty,
       {"model.decoder.session_options.provider_options[1].tensorrt.trt_extra_plugin_lib_paths"}},
      {"both levels",
       R"({"custom_ops_library": "a.so"})",
       R"({"provider_options": [{"qnn": {"backend_path": "x/y.so"}}]})",
       {"model.decoder.session_options.custom_ops_library",
        "model.decoder.pipeline[1].ctx.session_options.provider_options[0].qnn.backend_path"}},
  };
  for (const auto& c : cases) {
    auto found = find_native_code_options(config_with(c.decoder, c.stage), bundle.path(), cwd.path());
    std::vector<std::string> locations;
    locations.reserve(found.size());
    for (const auto& option : found) locations.push_back(option.location);
    EXPECT_EQ(locations, c.locations) << c.what;
  }
}

TEST(NativeCodeTest, FindsSessionOptionsOutsideTheDecoder) {
  auto json = ConfigJson::parse(
      R"({"model": {"vision": {"session_options": {"custom_ops_library": "libv.so"}}, "decoder": {}}})");
  auto found = find_native_code_options(json, {}, {});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].location, "model.vision.session_options.custom_ops_library");
  EXPECT_EQ(found[0].value, "libv.so");
}

TEST(NativeCodeTest, RefusalNamesTheKeyAndTheFlag) {
  TempDir bundle;
  GenaiConfig config;
  config.bundle_dir = bundle.path();
  config.config_path = bundle.path() / "genai_config.json";
  config.json = config_with(R"({"provider_options": []})", R"({"custom_ops_library": "libevil.so"})");
  try {
    require_no_native_code(config, false);
    ADD_FAILURE() << "custom_ops_library accepted";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr("model.decoder.pipeline[1].ctx.session_options.custom_ops_library"));
    EXPECT_THAT(e.what(), HasSubstr("libevil.so"));
    EXPECT_THAT(e.what(), HasSubstr("--allow-custom-ops"));
  }
  EXPECT_NO_THROW(require_no_native_code(config, true));
}

}  // namespace
}  // namespace winml::bundle
