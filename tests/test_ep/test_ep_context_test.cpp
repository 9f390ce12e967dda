// The test EP's EPContext support and its WINML_TEST_EP_COMPILE switch, through ORT's compile API.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <functional>

#include <onnx/onnx_pb.h>

#include "platform/subprocess.h"
#include "test_ep/test_ep_harness.h"
#include "test_ep/test_ep_models.h"
#include "test_support/temp_dir.h"

namespace winml::test_ep {
namespace {

using ::testing::FloatNear;
using ::testing::HasSubstr;
using ::testing::Pointwise;

onnx::ModelProto load(const std::filesystem::path& path) {
  onnx::ModelProto model;
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(model.ParseFromIstream(&in)) << path;
  return model;
}

void save(const onnx::ModelProto& model, const std::filesystem::path& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  ASSERT_TRUE(model.SerializeToOstream(&out));
}

std::vector<onnx::NodeProto*> context_nodes(onnx::ModelProto& model) {
  std::vector<onnx::NodeProto*> nodes;
  for (auto& node : *model.mutable_graph()->mutable_node()) {
    if (node.op_type() == "EPContext") nodes.push_back(&node);
  }
  return nodes;
}

onnx::AttributeProto* attribute(onnx::NodeProto& node, const std::string& name) {
  for (auto& attr : *node.mutable_attribute()) {
    if (attr.name() == name) return &attr;
  }
  return nullptr;
}

class TestEpContext : public ::testing::Test {
 protected:
  void SetUp() override { write_chain_model(source_); }

  // The source model on the CPU EP: what every compiled model must reproduce.
  Tensor expected() { return run_model(source_, std::nullopt, chain_inputs()); }

  test::TempDir dir_;
  std::filesystem::path source_ = dir_.path() / "chain.onnx";
  std::filesystem::path counters_file_ = dir_.path() / "counters.jsonl";
  ScopedEnvVar devices_{"WINML_TEST_EP_DEVICES", std::nullopt};
  ScopedEnvVar counters_{"WINML_TEST_EP_COUNTERS", counters_file_.string()};
  ScopedEnvVar compile_{"WINML_TEST_EP_COMPILE", std::nullopt};
  RegisteredTestEp registered_;
};

void expect_loaded_from_context(const std::filesystem::path& counters_file) {
  const auto counters = read_counters(counters_file);
  ASSERT_FALSE(counters.empty());
  EXPECT_EQ(counters.back()["from_context"], true);
  EXPECT_EQ(counters.back()["nodes_claimed"], 3);
  EXPECT_EQ(counters.back()["kernel_runs"], 3);
  EXPECT_EQ(counters.back()["devices"], nlohmann::json::array({"npu"}));
}

TEST_F(TestEpContext, EmbeddedRoundTrip) {
  const auto compiled = dir_.path() / "chain_ctx.onnx";
  compile_model(source_, compiled, /*embed=*/true);

  onnx::ModelProto model = load(compiled);
  const auto nodes = context_nodes(model);
  ASSERT_EQ(nodes.size(), 3U);  // one per claimed node
  for (onnx::NodeProto* node : nodes) {
    EXPECT_EQ(node->domain(), "com.microsoft");
    ASSERT_NE(attribute(*node, "source"), nullptr);
    EXPECT_EQ(attribute(*node, "source")->s(), kTestEpName);
    EXPECT_EQ(attribute(*node, "embed_mode")->i(), 1);
    EXPECT_EQ(attribute(*node, "main_context")->i(), 1);
    EXPECT_THAT(attribute(*node, "ep_cache_context")->s(), HasSubstr("winml-test-ep-context 1"));
  }

  const Tensor actual = run_model(compiled, OrtHardwareDeviceType_NPU, chain_inputs());
  EXPECT_EQ(actual.shape, expected().shape);
  EXPECT_THAT(actual.data, Pointwise(FloatNear(1e-4f), expected().data));
  expect_loaded_from_context(counters_file_);
}

// ORT stores what the EP reports in the compiled model and asks the EP's factory about it later.
TEST_F(TestEpContext, CompiledModelCarriesItsCompatibilityAndTheFactoryJudgesIt) {
  const auto compiled = dir_.path() / "chain_ctx.onnx";
  compile_model(source_, compiled, /*embed=*/true);
  std::string info;
  const onnx::ModelProto model = load(compiled);
  for (const auto& entry : model.metadata_props()) {
    if (entry.key() == std::string("ep_compatibility_info.") + kTestEpName) info = entry.value();
  }
  EXPECT_EQ(info, "WinmlTestEP 0.1.0 devices=npu");

  auto verdict = [&](OrtHardwareDeviceType type) {
    for (const auto& device : test_ep_devices()) {
      if (device.Device().Type() == type) return Ort::GetModelCompatibilityForEpDevices({device}, info.c_str());
    }
    ADD_FAILURE() << "no test EP device of type " << type;
    return OrtCompiledModelCompatibility_EP_NOT_APPLICABLE;
  };
  EXPECT_EQ(verdict(OrtHardwareDeviceType_NPU), OrtCompiledModelCompatibility_EP_SUPPORTED_OPTIMAL);
  EXPECT_EQ(verdict(OrtHardwareDeviceType_GPU), OrtCompiledModelCompatibility_EP_UNSUPPORTED);
  {
    ScopedEnvVar stale("WINML_TEST_EP_COMPATIBILITY", "prefer_recompile");
    EXPECT_EQ(verdict(OrtHardwareDeviceType_NPU), OrtCompiledModelCompatibility_EP_SUPPORTED_PREFER_RECOMPILATION);
    // ORT asks again at session creation, and runs a stale model (it only warns).
    EXPECT_EQ(run_model(compiled, OrtHardwareDeviceType_NPU, chain_inputs()).shape, expected().shape);
  }
  {
    ScopedEnvVar refused("WINML_TEST_EP_COMPATIBILITY", "unsupported");
    EXPECT_EQ(verdict(OrtHardwareDeviceType_NPU), OrtCompiledModelCompatibility_EP_UNSUPPORTED);
    EXPECT_ANY_THROW(run_model(compiled, OrtHardwareDeviceType_NPU, chain_inputs()));
  }
  ScopedEnvVar bad("WINML_TEST_EP_COMPATIBILITY", "maybe");
  try {
    verdict(OrtHardwareDeviceType_NPU);
    ADD_FAILURE() << "a bad switch was accepted";
  } catch (const Ort::Exception& e) {
    EXPECT_THAT(e.what(), HasSubstr("WINML_TEST_EP_COMPATIBILITY"));
  }
}

// What winml sys shows: ORT asks the factory why it lists no EP device on the host CPU.
TEST_F(TestEpContext, FactorySaysWhyItLeavesTheCpuOut) {
  auto details_for_cpu = [] {
    for (Ort::ConstHardwareDevice hardware : ort_env().GetHardwareDevices()) {
      if (hardware.Type() == OrtHardwareDeviceType_CPU)
        return ort_env().GetHardwareDeviceEpIncompatibilityDetails(kTestEpName, hardware);
    }
    throw std::runtime_error("ORT found no CPU");
  };
  EXPECT_EQ(details_for_cpu().GetReasonsBitmask(), 0U);
  ScopedEnvVar no_cpu("WINML_TEST_EP_DEVICES", "npu");
  auto details = details_for_cpu();
  EXPECT_EQ(details.GetReasonsBitmask(), static_cast<uint32_t>(OrtDeviceEpIncompatibility_DEVICE_INCOMPATIBLE));
  EXPECT_EQ(details.GetErrorCode(), 1);
  EXPECT_THAT(details.GetNotes(), HasSubstr("WINML_TEST_EP_DEVICES leaves the cpu out"));
}

TEST_F(TestEpContext, SideFileRoundTripFromAnotherFolder) {
  const auto out_dir = dir_.path() / "out";
  std::filesystem::create_directory(out_dir);
  compile_model(source_, out_dir / "chain_ctx.onnx", /*embed=*/false);

  onnx::ModelProto model = load(out_dir / "chain_ctx.onnx");
  const auto nodes = context_nodes(model);
  ASSERT_EQ(nodes.size(), 3U);
  for (onnx::NodeProto* node : nodes) {
    EXPECT_EQ(attribute(*node, "embed_mode")->i(), 0);
    const std::string file = attribute(*node, "ep_cache_context")->s();
    EXPECT_EQ(std::filesystem::path(file).filename().string(), file) << "not a bare relative name";
    EXPECT_TRUE(std::filesystem::exists(out_dir / file)) << file;
  }

  // The side files are found relative to the model, wherever the folder goes.
  const auto moved = dir_.path() / "moved";
  std::filesystem::rename(out_dir, moved);
  const Tensor actual = run_model(moved / "chain_ctx.onnx", OrtHardwareDeviceType_NPU, chain_inputs());
  EXPECT_THAT(actual.data, Pointwise(FloatNear(1e-4f), expected().data));
  expect_loaded_from_context(counters_file_);
}

// Loading a compiled model whose context is damaged fails with the EP's message; no crash.
TEST_F(TestEpContext, DamagedContextIsAnError) {
  const auto embedded = dir_.path() / "embedded.onnx";
  compile_model(source_, embedded, /*embed=*/true);
  const auto side = dir_.path() / "side.onnx";
  compile_model(source_, side, /*embed=*/false);

  struct Case {
    const char* name;
    std::filesystem::path model;
    std::function<void(onnx::NodeProto&)> damage;
    const char* message;
  };
  const std::vector<Case> cases = {
      {"flipped byte", embedded,
       [](onnx::NodeProto& node) { attribute(node, "ep_cache_context")->mutable_s()->at(40) ^= 1; },
       "corrupt EPContext blob: checksum mismatch"},
      {"not a blob", embedded, [](onnx::NodeProto& node) { attribute(node, "ep_cache_context")->set_s("garbage"); },
       "corrupt EPContext blob"},
      {"missing side file", side, [](onnx::NodeProto& node) { attribute(node, "ep_cache_context")->set_s("nope.bin"); },
       "cannot read EPContext side file"},
      {"bad embed mode", embedded, [](onnx::NodeProto& node) { attribute(node, "embed_mode")->set_i(7); },
       "embed_mode 7"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    onnx::ModelProto model = load(c.model);
    c.damage(*context_nodes(model).at(1));
    const auto damaged = c.model.parent_path() / (std::string("damaged_") + c.model.filename().string());
    save(model, damaged);
    try {
      run_model(damaged, OrtHardwareDeviceType_NPU, chain_inputs());
      ADD_FAILURE() << "the damaged model loaded";
    } catch (const Ort::Exception& e) {
      EXPECT_THAT(e.what(), HasSubstr(c.message));
    }
  }
}

TEST_F(TestEpContext, TruncatedSideFileIsAnError) {
  const auto side = dir_.path() / "side.onnx";
  compile_model(source_, side, /*embed=*/false);
  onnx::ModelProto model = load(side);
  const auto file = dir_.path() / attribute(*context_nodes(model).at(0), "ep_cache_context")->s();
  std::filesystem::resize_file(file, std::filesystem::file_size(file) / 2);
  try {
    run_model(side, OrtHardwareDeviceType_NPU, chain_inputs());
    ADD_FAILURE() << "the model loaded";
  } catch (const Ort::Exception& e) {
    EXPECT_THAT(e.what(), HasSubstr("corrupt EPContext blob"));
  }
}

// The session option route (no compile API): ep.context_enable=1 writes the model at session creation.
TEST_F(TestEpContext, SessionOptionsGenerateTheModelToo) {
  const auto compiled = dir_.path() / "by_options_ctx.onnx";
  {
    Ort::SessionOptions options = session_options(OrtHardwareDeviceType_NPU);
    options.AddConfigEntry("ep.context_enable", "1");
    options.AddConfigEntry("ep.context_embed_mode", "0");
    options.AddConfigEntry("ep.context_file_path", compiled.c_str());
    Ort::Session session(ort_env(), source_.c_str(), options);
  }
  ASSERT_TRUE(std::filesystem::exists(compiled));
  const Tensor actual = run_model(compiled, OrtHardwareDeviceType_NPU, chain_inputs());
  EXPECT_THAT(actual.data, Pointwise(FloatNear(1e-4f), expected().data));
  expect_loaded_from_context(counters_file_);
}

TEST_F(TestEpContext, SlowCompileSucceeds) {
  ScopedEnvVar slow("WINML_TEST_EP_COMPILE", "slow:200");
  const auto start = std::chrono::steady_clock::now();
  compile_model(source_, dir_.path() / "slow_ctx.onnx", /*embed=*/true);
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(200));
  EXPECT_TRUE(std::filesystem::exists(dir_.path() / "slow_ctx.onnx"));
}

// The switch applies only while generating EPContext nodes: a JIT session is unaffected.
TEST_F(TestEpContext, CompileSwitchLeavesJitAlone) {
  ScopedEnvVar crash("WINML_TEST_EP_COMPILE", "crash");
  const Tensor actual = run_model(source_, OrtHardwareDeviceType_NPU, chain_inputs());
  EXPECT_THAT(actual.data, Pointwise(FloatNear(1e-4f), expected().data));
}

// Runs test-ep-compile-child (compile_child.cpp) with WINML_TEST_EP_COMPILE set to `behavior`.
platform::ProcessResult compile_in_child(const std::string& behavior, std::chrono::milliseconds timeout,
                                         const std::filesystem::path& dir) {
  platform::ProcessOptions options;
  options.argv = {std::string(WINML_TEST_BIN_DIR) + "/test-ep-compile-child", dir.string()};
  options.timeout = timeout;
  options.env = {{"WINML_TEST_EP_COMPILE", behavior}};
  return platform::run_process(options);
}

TEST_F(TestEpContext, CrashSwitchAborts) {
  const auto result = compile_in_child("crash", std::chrono::seconds(60), dir_.path());
  ASSERT_EQ(result.status, platform::ExitStatus::signaled) << platform::describe(result) << "\n" << result.output;
  EXPECT_EQ(result.signal, SIGABRT);
  EXPECT_THAT(result.output, HasSubstr("child: compiling"));
}

TEST_F(TestEpContext, HangSwitchNeverReturns) {
  // Long enough for the child to reach the compile (it says so), short enough to keep the suite quick.
  const auto result = compile_in_child("hang", std::chrono::seconds(5), dir_.path());
  ASSERT_EQ(result.status, platform::ExitStatus::timed_out) << platform::describe(result) << "\n" << result.output;
  EXPECT_THAT(result.output, HasSubstr("child: compiling"));
  EXPECT_FALSE(std::filesystem::exists(dir_.path() / "child_ctx.onnx"));
}

}  // namespace
}  // namespace winml::test_ep
