#include "bundle/file_write_options.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

using testing::fixture;
using ::testing::HasSubstr;

TEST(FileWriteOptionsTest, OptionKindsByName) {
  struct Case {
    const char* key;
    WriteOptionKind kind;
  };
  const std::vector<Case> cases = {
      {"enable_profiling", WriteOptionKind::switch_},
      {"profiling_level", WriteOptionKind::switch_},
      {"profiling_file_path", WriteOptionKind::switch_},
      {"dump_json_qnn_graph", WriteOptionKind::switch_},
      {"trt_dump_ep_context_model", WriteOptionKind::switch_},
      {"ep.context_enable", WriteOptionKind::switch_},
      {"trt_engine_cache_enable", WriteOptionKind::switch_},
      {"cache_dir", WriteOptionKind::location},
      {"trt_engine_cache_path", WriteOptionKind::location},
      {"json_qnn_graph_dir", WriteOptionKind::location},
      {"ep.context_file_path", WriteOptionKind::location},
      {"backend_path", WriteOptionKind::none},
      {"htp_performance_mode", WriteOptionKind::none},
      {"session.model_external_initializers_file_folder_path", WriteOptionKind::none},
      {"log_id", WriteOptionKind::none},
  };
  for (const auto& c : cases) EXPECT_EQ(write_option_kind(c.key), c.kind) << c.key;
}

TEST(FileWriteOptionsTest, RefusesWritesTheBundleDirects) {
  struct Case {
    const char* what;
    std::string options;  // the decoder-level session_options
    std::vector<std::string> locations;
  };
  const std::vector<Case> cases = {
      {"nothing", R"({"log_id": "x"})", {}},
      {"profiling prefix",
       R"({"enable_profiling": "/home/u/.bashrc"})",
       {"model.decoder.session_options.enable_profiling"}},
      {"profiling off", R"({"provider_options": [{"qnn": {"profiling_level": "off"}}]})", {}},
      {"profiling basic",
       R"({"provider_options": [{"qnn": {"profiling_level": "basic"}}]})",
       {"model.decoder.session_options.provider_options[0].qnn.profiling_level"}},
      {"context dump on", R"({"ep.context_enable": "1"})", {"model.decoder.session_options.ep.context_enable"}},
      {"context dump off", R"({"ep.context_enable": "0"})", {}},
      {"boolean switch off", R"({"provider_options": [{"tensorrt": {"trt_engine_cache_enable": false}}]})", {}},
      {"relative cache", R"({"provider_options": [{"openvino": {"cache_dir": "ov_cache"}}]})", {}},
      {"absolute cache",
       R"({"provider_options": [{"openvino": {"cache_dir": "/home/u/.ssh"}}]})",
       {"model.decoder.session_options.provider_options[0].openvino.cache_dir"}},
      {"escaping cache",
       R"({"provider_options": [{"tensorrt": {"trt_engine_cache_path": "a/../../x"}}]})",
       {"model.decoder.session_options.provider_options[0].tensorrt.trt_engine_cache_path"}},
  };
  for (const auto& c : cases) {
    auto json = ConfigJson::parse(R"({"model": {"decoder": {"session_options": )" + c.options + "}}}");
    std::vector<std::string> locations;
    for (const auto& option : find_file_write_options(json)) locations.push_back(option.location);
    EXPECT_EQ(locations, c.locations) << c.what;
  }
}

TEST(FileWriteOptionsTest, RealConfigsPassAndRefusalNamesTheKey) {
  for (const char* name : {"qnn_pipeline.json", "openvino_pipeline.json"}) {
    EXPECT_TRUE(find_file_write_options(fixture(name)).empty()) << name;
  }
  GenaiConfig config;
  config.config_path = "b/genai_config.json";
  config.json = ConfigJson::parse(R"({"model": {"decoder": {"session_options": {"enable_profiling": "p"}}}})");
  try {
    require_no_file_writes(config);
    ADD_FAILURE() << "enable_profiling accepted";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr("model.decoder.session_options.enable_profiling = \"p\""));
    EXPECT_THAT(e.what(), HasSubstr("Remove the option"));
  }
}

}  // namespace
}  // namespace winml::bundle
